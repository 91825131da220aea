/**
 * docs/model/ and docs/rating.md stay true where that is cheap to check: every reason code is
 * explained, every cited anchor exists, and the lists the pages spell out (class-independent
 * checks, rating scopes, probe-ID prefixes, the worked revision example, demo request counts,
 * thresholds) agree with what the code does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Check, Reason, Status } from '../../src/checks/define-check.js';
import { defineCheck, SEVERITIES } from '../../src/checks/define-check.js';
import { CHECKS } from '../../src/checks/index.js';
import { NOT_IMPLEMENTED } from '../helpers/not-implemented.js';
import { DEFAULT_THRESHOLDS } from '../../src/config/schema.js';
import { MIN_SESSION_ENTROPY_BITS } from '../../src/checks/trn/session-entropy.js';
import { evaluateCheck } from '../../src/engine/evaluate-check.js';
import { deriveRevision } from '../../src/evidence/derive/revision.js';
import { buildPlan } from '../../src/probe/plan.js';
import { scopeOf } from '../../src/report/rating.js';
import { CATALOGUE } from '../../src/spec/catalogue.js';
import { mcp } from '../../src/spec/citations.js';
import type { Revision } from '../../src/spec/revisions.js';
import { MODERN_REVISION, revisionRange } from '../../src/spec/revisions.js';
import { evidence } from '../helpers/evidence.js';
import { demoEvidence } from '../helpers/pinned-report.js';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/** The page as one line: prose wraps anywhere. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Stable anchors: the pages and headings code comments cite in place of the old catalogue sections
 * (every target of the section map is here), and the ones the docs pages link to. Renaming a heading
 * breaks this list first.
 */
const CITED_ANCHORS = [
  'docs/README.md#examples',
  'docs/model/README.md#check-ids',
  'docs/model/README.md#what-a-scan-cannot-observe',
  'docs/model/outcomes.md#the-five-outcomes',
  'docs/model/outcomes.md#reason-codes',
  'docs/model/outcomes.md#a-tier-that-is-not-enabled',
  'docs/model/outcomes.md#the-order-of-decisions',
  'docs/model/outcomes.md#never-counted-as-a-pass',
  'docs/model/outcomes.md#one-status-per-check',
  'docs/model/outcomes.md#result-fields',
  'docs/model/outcomes.md#location',
  'docs/model/outcomes.md#condition',
  'docs/model/severity.md#confidence-and-heuristics',
  'docs/model/severity.md#policy-thresholds',
  'docs/model/revisions.md#revisions-a-check-applies-to',
  'docs/model/revisions.md#transport-shape-and-protocol-level',
  'docs/model/revisions.md#the-detection-ladder',
  'docs/model/revisions.md#known-candidate-and-unconfirmed-revisions',
  'docs/model/revisions.md#evaluating-a-check-per-revision',
  'docs/model/revisions.md#merging-the-verdicts',
  'docs/model/revisions.md#conditional-fails',
  'docs/model/revisions.md#revision_dependent',
  'docs/model/revisions.md#the-2024-11-05-revision',
  'docs/model/revisions.md#behind-an-authorization-wall',
  'docs/model/modes.md#the-four-tiers',
  'docs/model/modes.md#intrusive',
  'docs/model/modes.md#token',
  'docs/model/modes.md#other-prerequisites',
  'docs/model/modes.md#probe-ids',
  'docs/model/targets.md#target-classes',
  'docs/model/targets.md#checks-that-run-for-every-class',
  'docs/model/authorization.md#signals',
  'docs/model/authorization.md#what-follows',
  'docs/model/authorization.md#optional-authorization',
  'docs/checks/MCPP-AUTHN07.md',
  'docs/rating.md',
  'docs/rating.md#targets-without-a-letter',
  'docs/rating.md#scopes',
  'docs/rating.md#score',
  'docs/rating.md#caps',
  'docs/rating.md#the-a-letter',
  'docs/rating.md#provisional-letters',
  'docs/rating.md#suppressions',
] as const;

/** GitHub's heading anchors: lower-case, punctuation dropped (`_` and `-` kept), spaces to `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (outside code fences), with GitHub's `-1` suffixes. */
function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The text of a page from a heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^#{1,6} /.test(l) && l.replace(/^#+ /, '') === heading);
  expect(start, `heading "${heading}"`).toBeGreaterThan(-1);
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((l, i) => i > start && new RegExp(`^#{1,${level}} `).test(l));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** `path#anchor` (repository-relative) resolves to an existing file and, when given, heading. */
function resolves(target: string): boolean {
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const file = join(ROOT, path);
  if (!existsSync(file) || !statSync(file).isFile()) return false;
  return anchor === undefined || anchorsOf(readFileSync(file, 'utf8')).has(anchor);
}

const HAND_WRITTEN_DOCS = [
  'docs/README.md',
  'docs/rating.md',
  ...readdirSync(join(ROOT, 'docs', 'model')).map((f) => `docs/model/${f}`),
];

function filesUnder(dir: string): string[] {
  return (
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .map((f) => join(dir, f))
      // Installed packages (the real-server corpus in test/real) are not this project's text.
      .filter((f) => !f.split(sep).includes('node_modules'))
      .filter((f) => /\.(ts|md)$/.test(f) && statSync(join(ROOT, f)).isFile())
  );
}

describe('reason codes and outcomes', () => {
  // Compile-time exhaustive: adding a reason to define-check.ts without listing it here fails typecheck.
  const REASONS: Record<Reason, 'not_applicable' | 'inconclusive' | 'error'> = {
    revision: 'not_applicable',
    transport: 'not_applicable',
    no_auth: 'not_applicable',
    feature_absent: 'not_applicable',
    target_scope: 'not_applicable',
    target_class: 'not_applicable',
    mode_disabled: 'inconclusive',
    needs_token: 'inconclusive',
    needs_second_token: 'inconclusive',
    needs_narrow_token: 'inconclusive',
    needs_designation: 'inconclusive',
    needs_callback_host: 'inconclusive',
    auth_wall: 'inconclusive',
    revision_dependent: 'inconclusive',
    fetch_failed: 'inconclusive',
    rate_limited: 'inconclusive',
    target_stopped_answering: 'inconclusive',
    tls_unverified: 'inconclusive',
    probe_unavailable: 'inconclusive',
    opaque_token: 'inconclusive',
    ambiguous: 'inconclusive',
    internal: 'error',
  };
  const STATUSES: Record<Status, true> = {
    pass: true,
    fail: true,
    not_applicable: true,
    inconclusive: true,
    error: true,
  };
  const page = read('docs/model/outcomes.md');
  const literalsOf = (typeName: string) => {
    const m = new RegExp(`export type ${typeName} =([^;]*);`).exec(read('src/checks/define-check.ts'));
    expect(m, typeName).not.toBeNull();
    return [...m![1]!.matchAll(/'([a-z_]+)'/g)].map((x) => x[1]!);
  };

  it('the list above is the one in src/checks/define-check.ts', () => {
    const na = literalsOf('NotApplicableReason');
    const inc = literalsOf('InconclusiveReason');
    const reason = literalsOf('Reason');
    expect(new Set([...na, ...inc, ...reason])).toEqual(new Set(Object.keys(REASONS)));
    for (const r of na) expect(REASONS[r as Reason], r).toBe('not_applicable');
    for (const r of inc) expect(REASONS[r as Reason], r).toBe('inconclusive');
    expect(reason).toEqual(['internal']);
  });

  it('every reason code has a row in its outcome table of docs/model/outcomes.md', () => {
    const table = {
      not_applicable: section(page, '`not_applicable` reasons'),
      inconclusive: section(page, '`inconclusive` reasons'),
      error: section(page, '`error` reason'),
    };
    for (const [reason, outcome] of Object.entries(REASONS)) {
      expect(table[outcome], `${reason} in the ${outcome} table`).toMatch(
        new RegExp(`^\\| \`${reason}\` +\\|`, 'm'),
      );
    }
  });

  it('every outcome has a row in "The five outcomes", and the severity scale is in code order', () => {
    const five = section(page, 'The five outcomes');
    for (const s of Object.keys(STATUSES)) expect(five).toMatch(new RegExp(`^\\| \`${s}\` +\\|`, 'm'));
    expect(read('docs/model/severity.md')).toContain(SEVERITIES.map((s) => `\`${s}\``).join(' > '));
  });
});

describe('anchors and links', () => {
  it('every anchor the code comments cite exists', () => {
    for (const a of CITED_ANCHORS) expect(resolves(a), a).toBe(true);
  });

  it('every relative link in the hand-written docs pages resolves, anchor included', () => {
    let links = 0;
    for (const doc of HAND_WRITTEN_DOCS) {
      for (const m of read(doc).matchAll(/\]\(([^)\s]+)\)/g)) {
        const href = m[1]!;
        if (/^[a-z]+:/i.test(href)) continue;
        const [path, anchor] = href.split('#') as [string, string | undefined];
        const target = path === '' ? doc : relative(ROOT, normalize(join(ROOT, dirname(doc), path)));
        expect(resolves(anchor === undefined ? target : `${target}#${anchor}`), `${doc}: ${href}`).toBe(true);
        links++;
      }
    }
    expect(links).toBeGreaterThan(40);
  });

  it('every docs/…md#anchor cited in src/ and test/ exists', () => {
    const cited = new Set<string>();
    for (const f of [...filesUnder('src'), ...filesUnder('test')])
      for (const m of read(f).matchAll(/(?<![\w/.-])docs\/[\w./-]+\.md(?:#[\w-]+)?/g)) cited.add(m[0]);
    // At least this file's own list; every comment that cites a page once the map is applied.
    expect(cited.size).toBeGreaterThanOrEqual(CITED_ANCHORS.length);
    for (const c of cited) expect(resolves(c), c).toBe(true);
  });
});

describe('lists the pages spell out', () => {
  it('targets.md names exactly the checks evaluated for a target that is not reachable', () => {
    const listed = [
      ...section(read('docs/model/targets.md'), 'Checks that run for every class').matchAll(
        /^- ([A-Z]+\d{2}):/gm,
      ),
    ].map((m) => `MCPP-${m[1]!}`);
    const evaluatedOn = (targetClass: 'unreachable' | 'not_mcp' | 'redirected') => {
      const ev = evidence((e) => {
        e.detection.targetClass = targetClass;
      });
      return CHECKS.filter((c) => evaluateCheck(c, ev).some((r) => r.reason !== 'target_class')).map(
        (c) => c.meta.id,
      );
    };
    expect(evaluatedOn('redirected')).toEqual(listed);
    // A target that was not reached is not judged: with no TLS handshake and no client configuration
    // in the evidence, nothing runs (CFG01 keeps its findings there, when it has any).
    expect(evaluatedOn('unreachable')).toEqual([]);
    expect(evaluatedOn('not_mcp')).toEqual([]);
  });

  it('the scope table of docs/rating.md is the one the rating applies, for every catalogue ID', () => {
    const rows = section(read('docs/rating.md'), 'Scopes');
    const cell = (label: string) => {
      const m = new RegExp(`^\\| ${label} +\\| (.+?) +\\|$`, 'm').exec(rows);
      expect(m, label).not.toBeNull();
      return m![1]!.replace(/ \(.*?\)/g, '').split(', ');
    };
    const member = (tokens: readonly string[], id: string) => {
      const [, fam, num] = /^MCPP-([A-Z]+)(\d{2})$/.exec(id)!;
      return tokens.some((t) => {
        const range = /^([A-Z]+)(\d{2})–[A-Z]+(\d{2})$/.exec(t);
        if (range)
          return range[1] === fam && Number(num) >= Number(range[2]) && Number(num) <= Number(range[3]);
        return t === fam || t === `${fam}${num}`;
      });
    };
    const protocol = cell('Protocol & transport');
    const authorization = cell('Authorization');
    const none = cell('Not graded');
    for (const id of Object.keys(CATALOGUE)) {
      const doc = member(protocol, id)
        ? 'protocol'
        : member(authorization, id)
          ? 'authorization'
          : member(none, id)
            ? null
            : 'unlisted';
      // A check not written yet has no meta to compare with; the page must still place it.
      if (NOT_IMPLEMENTED.includes(id)) expect(doc, id).not.toBe('unlisted');
      else expect(doc, id).toBe(scopeOf(id));
    }
  });

  it('the catalogue IDs without a check are exactly the ones test/helpers/not-implemented.ts names', () => {
    expect(
      Object.keys(CATALOGUE).filter((id) => !CHECKS.some((c) => c.meta.id === id) && id !== 'MCPP-ERR00'),
    ).toEqual(NOT_IMPLEMENTED);
  });

  it('probe-ID prefixes name their tier, with exactly the two exceptions modes.md names', () => {
    const text = flat(section(read('docs/model/modes.md'), 'Probe IDs'));
    const prefix: Record<string, string> = { p: 'passive', s: 'safe', i: 'intrusive', t: 'token' };
    const plan = buildPlan('https://mcp.example.com/mcp', 'intrusive');
    const odd = plan.filter((p) => prefix[p.probe.split('.')[0]!] !== p.tier);
    expect(odd.map((p) => [p.probe, p.tier]).sort()).toEqual([
      ['s.token.forged', 'intrusive'],
      ['t.query', 'intrusive'],
    ]);
    for (const p of odd) expect(text).toContain(`\`${p.probe}\``);
  });

  it('modes.md counts the demo scan’s passive and safe requests right', () => {
    const count = (prefix: string) =>
      demoEvidence().exchanges.filter((x) => x.probe.startsWith(prefix)).length;
    expect(flat(read('docs/model/modes.md'))).toContain(
      `The demo scan sends ${count('s.')} safe requests next to ${count('p.')} passive ones.`,
    );
  });

  it('severity.md states the configurable thresholds’ values', () => {
    const text = flat(section(read('docs/model/severity.md'), 'Policy thresholds'));
    expect(DEFAULT_THRESHOLDS.sessionEntropyBits).toBe(MIN_SESSION_ENTROPY_BITS);
    expect(text).toContain(`within ${DEFAULT_THRESHOLDS.certExpiryDays} days`);
    expect(text).toContain(
      `below ${DEFAULT_THRESHOLDS.hstsMaxAge.toLocaleString('en').replace(/,/g, ' ')} seconds`,
    );
    expect(text).toContain(`below ${MIN_SESSION_ENTROPY_BITS} bits`);
  });
});

describe('the worked example of revisions.md', () => {
  const page = flat(read('docs/model/revisions.md'));

  // A server that answers every ladder request 401 with a Bearer challenge.
  const revision = deriveRevision({
    pinned: null,
    modern: { modern: false, listed: [], how: null },
    inits: [],
    sseOnly: false,
    sseVersions: [],
    oauthSeen: true,
    modernOnlyInit: false,
  });
  const walled = evidence((e) => {
    Object.assign(e.detection, { revision, transport: null, authWall: true });
  });
  const check = (revisions: Revision[], fails: readonly Revision[]): Check =>
    defineCheck({
      meta: {
        id: 'MCPP-TRN98',
        title: 'example',
        requirement: 'example',
        keyword: 'MUST',
        revisions,
        transports: ['streamable-http'],
        mode: 'passive',
        requires: ['detection'],
        rating: { scope: 'protocol' },
        keys: {},
        severity: 'high',
        citations: [mcp('2025-11-25', 'basic/transports')],
        rationale: 'example',
        remediation: 'example',
        evidence: 'none',
      },
      evaluate: (_ev, ctx) =>
        fails.includes(ctx.revision!)
          ? ctx.fail(`fails ${ctx.revision}`)
          : ctx.pass(`passes ${ctx.revision}`),
    });

  it('the challenge leaves four unconfirmed revisions, source bounded', () => {
    expect(revision.unconfirmed).toEqual(['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
    expect(revision.known).toEqual([]);
    expect(revision.source).toBe('bounded');
    expect(page).toContain('U is 2025-03-26, 2025-06-18, 2025-11-25 and 2026-07-28 (`source: bounded`)');
  });

  it('a fail for 2025-06-18 only is revision_dependent, with the message the page quotes', () => {
    const [r, ...rest] = evaluateCheck(check(revisionRange('2025-06-18'), ['2025-06-18']), walled);
    expect(rest).toEqual([]);
    expect([r!.status, r!.reason, r!.severity]).toEqual(['inconclusive', 'revision_dependent', null]);
    const quoted =
      'Verdict depends on the revision (2025-06-18: fail; 2025-11-25: pass; 2026-07-28: pass); pin it with --spec.';
    expect(r!.message).toContain(quoted);
    expect(page).toContain(quoted);
  });

  it('a fail for 2026-07-28 only is a conditional fail, with the condition the page quotes', () => {
    const [r] = evaluateCheck(check([MODERN_REVISION], [MODERN_REVISION]), walled);
    expect([r!.status, r!.severity, r!.revisionsFailed]).toEqual(['fail', 'high', ['2026-07-28']]);
    expect(r!.condition).toBe('applies if the server speaks 2026-07-28');
    expect(page).toContain(`condition "${r!.condition}"`);
  });

  it('a fail under every candidate is unconditional', () => {
    const [r] = evaluateCheck(check(revisionRange('2025-03-26'), revisionRange('2025-03-26')), walled);
    expect([r!.status, r!.condition]).toEqual(['fail', null]);
  });
});
