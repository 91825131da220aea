import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ALL_CHECKS, findCheck } from '../../src/checks/index.js';
import type { ScanReport } from '../../src/report/model.js';
import { renderSarif } from '../../src/report/sarif.js';
import { pascalCase } from '../../src/report/sarif/rules.js';
import { escapeSarifText } from '../../src/escape/sarif.js';
import type { SarifLog, SarifResult, SarifRun } from '../../src/report/sarif/types.js';
import { hostile, hostileStatusReport } from '../helpers/hostile-report.js';
import {
  demoReport,
  replaceResults,
  rescan,
  retarget,
  withSuppressedLeg07,
} from '../helpers/pinned-report.js';

const ANCHOR = 'config/mcp targets.json';
const render = (reports: readonly ScanReport[], line = 7) =>
  renderSarif(reports, { anchorFile: ANCHOR, anchorLine: () => line });
const parse = (text: string) => JSON.parse(text) as SarifLog;
const fingerprints = (run: SarifRun) =>
  run.results.map((r) => r.partialFingerprints['primaryLocationLineHash']);

/** Controls, bidi and zero-width characters: what must never reach a viewer raw. */
// eslint-disable-next-line no-control-regex -- the point of the assertion
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u;

/** The form SARIF2012 (the multitool's rule-name check) accepts. */
const PASCAL = /^(\p{Lu}[\p{Ll}\p{Nd}]+)+$/u;

const isClientRule = (id: string) => id.startsWith('MCPP-CLI-');

const LEVEL = { critical: 'error', high: 'error', medium: 'warning', low: 'note', info: 'note' } as const;
const SECURITY_SEVERITY = { critical: '9.5', high: '8.0', medium: '5.5', low: '3.0', info: '0.0' } as const;

describe('SARIF structure', () => {
  const demo = demoReport();
  const other = retarget(demo, 'https://mcp.example.com/v1/mcp');
  const log = parse(render([demo, other]));

  it('is SARIF 2.1.0 with one run per report, each its own code scanning category', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/^https:\/\//);
    expect(log.runs).toHaveLength(2);
    const ids = log.runs.map((r) => r.automationDetails.id);
    for (const id of ids) expect(id).toMatch(/^mcp-posture\/[a-z0-9-]+\/$/);
    expect(new Set(ids).size).toBe(2);
    expect(ids[1]).toContain('https-mcp-example-com-v1-mcp');
    expect(log.runs[0]!.properties['target']).toMatchObject({ url: demo.target.url });
    expect(log.runs[0]!.invocations[0]!.executionSuccessful).toBe(true);
  });

  it('declares every check in the report as a rule with the properties GitHub reads', () => {
    const run = log.runs[0]!;
    const { driver } = run.tool;
    expect(driver).toMatchObject({
      name: 'mcp-posture',
      version: demo.tool.version,
      semanticVersion: demo.tool.version,
    });
    expect(driver.informationUri).toMatch(/^https:\/\//);
    const checkRules = driver.rules.filter((r) => !isClientRule(r.id));
    expect(checkRules.map((r) => r.id)).toEqual(demo.checks.map((c) => c.id));
    for (const rule of checkRules) {
      const meta = findCheck(rule.id)!.meta;
      expect(rule.name).toMatch(PASCAL);
      expect(rule.shortDescription.text).toBe(meta.title);
      expect(rule.fullDescription.text).toBe(meta.requirement);
      // No hosted docs by default: the first citation is the rule's documentation.
      expect(rule.helpUri).toBe(meta.citations[0]!.url);
      for (const help of [rule.help.text, rule.help.markdown!]) {
        expect(help).toContain(meta.requirement);
        expect(help).toContain(meta.rationale);
        expect(help).toContain(meta.remediation);
        for (const c of meta.citations) expect(help).toContain(c.url);
      }
      expect(rule.defaultConfiguration.level).toBe(LEVEL[meta.severity]);
      expect(rule.properties['security-severity']).toBe(SECURITY_SEVERITY[meta.severity]);
      const family = rule.id.slice('MCPP-'.length, -2).toLowerCase();
      expect(rule.properties['tags']).toEqual(['security', family, 'mcp']);
      expect(['very-high', 'high', 'medium', 'low']).toContain(rule.properties['precision']);
    }
  });

  it('gives every check in the catalogue a rule name the validator accepts', () => {
    for (const c of ALL_CHECKS) expect(pascalCase(c.meta.title), c.meta.title).toMatch(PASCAL);
  });

  it('emits one result per failing result, anchored to the user-owned file', () => {
    const run = log.runs[0]!;
    const fails = demo.results.filter((r) => r.status === 'fail');
    // The demo bundle predates the tool probes: TOOL18/TOOL19 are inconclusive there (review results).
    const checkResults = run.results.filter((res: SarifResult) => !isClientRule(res.ruleId));
    const failResults = checkResults.filter((res: SarifResult) => res.kind === 'fail');
    expect(failResults).toHaveLength(fails.length);
    expect(checkResults).toHaveLength(
      fails.length + demo.results.filter((r) => r.status === 'inconclusive').length,
    );
    failResults.forEach((res: SarifResult, i) => {
      const r = fails[i]!;
      expect(res.ruleId).toBe(r.checkId);
      expect(run.tool.driver.rules[res.ruleIndex]!.id).toBe(r.checkId);
      expect(res.kind).toBe('fail');
      expect(res.level).toBe(LEVEL[r.severity!]);
      expect(res.locations).toHaveLength(1);
      expect(res.locations[0]!.physicalLocation).toEqual({
        artifactLocation: { uri: 'config/mcp%20targets.json' },
        region: { startLine: 7 },
      });
      expect(res.locations[0]!.logicalLocations).toEqual([
        { fullyQualifiedName: `${demo.target.url} ${r.location}`, kind: 'resource' },
      ]);
      expect(res.properties).toMatchObject({
        status: 'fail',
        confidence: r.confidence,
        key: r.key,
        location: r.location,
        reason: r.reason,
        revisionsFailed: r.revisionsFailed,
        condition: r.condition,
        evidence: r.evidence,
      });
    });
    expect(new Set(fingerprints(run)).size).toBe(run.results.length);
  });

  it('emits one result per blocked client, under its own MCPP-CLI rule with the rule that blocks it', () => {
    const run = log.runs[0]!;
    const blocked = (demo.clients ?? []).filter((c) => c.verdict === 'blocked');
    expect(blocked.map((c) => c.id)).toEqual(['claude', 'chatgpt']);
    const results = run.results.filter((res) => isClientRule(res.ruleId));
    expect(results.map((r) => r.ruleId)).toEqual(['MCPP-CLI-claude', 'MCPP-CLI-chatgpt']);
    results.forEach((res, i) => {
      const c = blocked[i]!;
      const rule = run.tool.driver.rules[res.ruleIndex]!;
      expect(rule.id).toBe(res.ruleId);
      expect(rule.name).toMatch(PASCAL);
      // The rule's metadata is the client's profile: what it does, each with its source and date.
      expect(rule.help.text).toContain(c.rules[0]!.source.url);
      expect(rule.helpUri).toMatch(/^https:\/\//);
      expect(res.kind).toBe('fail');
      expect(res.level).toBe('error');
      expect(res.message.text).toContain(escapeSarifText(c.rules[0]!.detail));
      expect(res.properties).toMatchObject({ client: c.id, rule: c.rules[0]!.id, evidence: c.evidence });
    });
    // Degraded and unknown clients are not results.
    expect(results).toHaveLength(blocked.length);
  });

  it('defaults the anchor line to 1 and refuses a line that is not a positive integer', () => {
    const one = parse(renderSarif([demo], { anchorFile: 'targets.json' }));
    expect(one.runs[0]!.results[0]!.locations[0]!.physicalLocation.region.startLine).toBe(1);
    expect(() => renderSarif([demo], { anchorFile: 'targets.json', anchorLine: () => 0 })).toThrow(
      RangeError,
    );
  });

  it('resolves doc pages against a configurable base', () => {
    const out = parse(
      renderSarif([demo], { anchorFile: 'a.json', docsBaseUrl: 'https://example.org/docs/checks' }),
    );
    expect(out.runs[0]!.tool.driver.rules[0]!.helpUri).toBe('https://example.org/docs/checks/MCPP-TRN01.md');
  });

  it('is byte-identical across renders of the same reports', () => {
    expect(render([demo, other])).toBe(render([demo, other]));
  });
});

describe('SARIF fingerprints', () => {
  it('survive a re-scan that changes only timestamps, exchange IDs and wording', () => {
    const first = demoReport();
    const second = rescan(first);
    const a = parse(render([first, retarget(first, 'https://b.example/mcp')]));
    const b = parse(render([second, retarget(second, 'https://b.example/mcp')]));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
    a.runs.forEach((run, i) => {
      expect(fingerprints(run).length).toBeGreaterThan(0);
      expect(fingerprints(b.runs[i]!)).toEqual(fingerprints(run));
      expect(b.runs[i]!.automationDetails.id).toBe(run.automationDetails.id);
    });
  });

  it('differ between targets, checks and keys', () => {
    const r = demoReport();
    const a = fingerprints(parse(render([r])).runs[0]!);
    const b = fingerprints(parse(render([retarget(r, 'https://b.example/mcp')])).runs[0]!);
    expect(a.filter((f) => b.includes(f))).toEqual([]);
  });
});

describe('SARIF statuses and hostile text', () => {
  const report = hostileStatusReport();
  const run = parse(render([report])).runs[0]!;
  const h = hostile();
  const INCONCLUSIVE = [
    ...new Set(report.results.filter((r) => r.status === 'inconclusive').map((r) => r.checkId)),
  ].sort();

  it('turns inconclusive results into review results with level none', () => {
    const reviews = run.results.filter((r) => r.kind === 'review');
    expect(reviews.map((r) => r.ruleId).sort()).toEqual(INCONCLUSIVE);
    expect(INCONCLUSIVE).toEqual(expect.arrayContaining(['MCPP-TRN06', 'MCPP-TRN12']));
    for (const r of reviews) expect(r.level).toBe('none');
  });

  it('can report inconclusive results as notifications instead, for GitHub', () => {
    const alt = parse(renderSarif([report], { anchorFile: 'a.json', inconclusive: 'notification' })).runs[0]!;
    expect(alt.results.every((r) => r.kind === 'fail')).toBe(true);
    const notes = alt.invocations[0]!.toolExecutionNotifications.filter((n) => n.level === 'note');
    expect(notes.map((n) => n.associatedRule!.id).sort()).toEqual(INCONCLUSIVE);
  });

  it('reports errors as tool execution notifications tied to their rule, not as results', () => {
    const notes = run.invocations[0]!.toolExecutionNotifications;
    expect(notes.map((n) => [n.level, n.associatedRule!.id])).toEqual([
      ['error', 'MCPP-TRN07'],
      ['error', 'MCPP-TRN12'],
    ]);
    for (const n of notes)
      expect(run.tool.driver.rules[n.associatedRule!.index]!.id).toBe(n.associatedRule!.id);
    expect(run.results.some((r) => r.properties['status'] === 'error')).toBe(false);
  });

  it('leaves passing and not-applicable results out', () => {
    const statuses = new Set(run.results.map((r) => r.properties['status']));
    expect([...statuses].sort()).toEqual(['fail', 'inconclusive']);
    expect(run.results.some((r) => r.ruleId === 'MCPP-LEG13')).toBe(false);
  });

  it('marks an ungraded target as an unsuccessful execution', () => {
    const down: ScanReport = { ...report, outcome: 'unreachable' };
    const inv = parse(render([down])).runs[0]!.invocations[0]!;
    expect(inv.executionSuccessful).toBe(false);
    expect(inv.toolExecutionNotifications[0]).toMatchObject({ level: 'error' });
    expect(inv.toolExecutionNotifications[0]!.message.text).toContain('unreachable');
  });

  it('keeps control characters, bidi overrides and embedded links out of message text', () => {
    const texts = [
      ...run.results.map((r) => r.message.text),
      ...run.invocations[0]!.toolExecutionNotifications.map((n) => n.message.text),
    ];
    const act = run.results.find((r) => r.ruleId === 'MCPP-ACT01')!.message.text;
    expect(act).toContain('run_<script>');
    expect(act).toContain('\\u{1b}');
    expect(act).toContain('\\[click\\](javascript:alert(1))');
    for (const t of texts) {
      expect(t).not.toMatch(INVISIBLE);
      expect(t).not.toMatch(/(^|[^\\])\[[^\]]*[^\\]\]\(/);
    }
  });

  it('escapes only the backslashes that would start an escape', () => {
    expect(escapeSarifText('a[b](c) \\[d\\ e\\\\')).toBe('a\\[b\\](c) \\\\\\[d\\ e\\\\\\');
    expect(escapeSarifText('\u001b[1m')).toBe('\\u{1b}\\[1m');
  });

  it('never puts server text into markdown', () => {
    const markdown = run.tool.driver.rules.map((r) => r.help.markdown ?? '').join('\n');
    for (const s of [h.name, h.description, h.instructions, '<script', 'onerror', 'javascript:alert'])
      expect(markdown).not.toContain(s);
    expect(JSON.stringify(run)).not.toContain('"markdown":"' + h.name);
    for (const r of run.results) expect(r.message).not.toHaveProperty('markdown');
  });

  it('builds a rule for a result whose check the report does not declare', () => {
    const base = demoReport();
    const odd = replaceResults(
      { ...base, checks: base.checks.filter((c) => c.id !== 'MCPP-LEG07') },
      'MCPP-LEG07',
      [{ checkId: '', status: 'fail', severity: 'low', message: 'odd' }],
    );
    const r = parse(render([odd])).runs[0]!;
    const res = r.results.find((x) => x.ruleId === 'MCPP-LEG07')!;
    expect(r.tool.driver.rules[res.ruleIndex]!.id).toBe('MCPP-LEG07');
  });
});

/** Rules whose notes are expected, and why they do not apply to a scan of a live server. */
const EXPECTED_NOTES: Readonly<Record<string, string>> = {
  SARIF2002: 'messages are check-authored prose, not templates with arguments',
  SARIF2003:
    'version control provenance is added by the upload step (codeql-action), not known to the scanner',
  SARIF2006: 'URIs are checked over the network; the test environment may be offline',
  SARIF2009: 'MCPP-XXXNN is the public check ID scheme; the validator prefers letters followed by digits',
  SARIF2010: 'the anchor file is the user config; a pure formatter does not read it for a snippet',
  SARIF2011: 'same as SARIF2010: no context region without reading the anchor file',
};

/**
 * Resolves the Sarif.Multitool executable from the test corpus (test/real, installed by the test
 * setup, not by a user's install: it is 100 MB); SARIF_MULTITOOL overrides it.
 */
function multitool(): string {
  const override = process.env['SARIF_MULTITOOL'];
  if (override) {
    if (!existsSync(override)) throw new Error(`SARIF_MULTITOOL=${override} does not exist`);
    return override;
  }
  try {
    const exe: unknown = createRequire(join(import.meta.dirname, '..', 'real', 'package.json'))(
      '@microsoft/sarif-multitool',
    );
    if (typeof exe === 'string' && existsSync(exe)) return exe;
  } catch {
    // fall through to the error below
  }
  throw new Error(
    'The SARIF Multitool is not installed: run `npm ci --prefix test/real --ignore-scripts` ' +
      '(or set SARIF_MULTITOOL to the Sarif.Multitool executable). This test validates the SARIF output and must not be skipped.',
  );
}

interface ValidationLog {
  runs: { results?: { ruleId: string; level?: string; message: { id?: string; arguments?: string[] } }[] }[];
}

describe('SARIF Multitool validation', () => {
  it('finds no errors or warnings in the demo and hostile reports', { timeout: 180_000 }, () => {
    const exe = multitool();
    const dir = mkdtempSync(join(tmpdir(), 'mcp-posture-sarif-'));
    try {
      const input = join(dir, 'demo.sarif');
      const output = join(dir, 'validation.sarif');
      const demo = demoReport();
      writeFileSync(
        input,
        render([
          demo,
          hostileStatusReport(),
          { ...retarget(demo, 'https://x.example/'), outcome: 'not-mcp' },
        ]),
      );
      // Called directly, not through its npm bin shim, which re-parses arguments with a shell (the `;` below).
      execFileSync(
        exe,
        [
          'validate',
          input,
          '--output',
          output,
          '--log',
          'ForceOverwrite',
          '--rule-kind',
          'Sarif;Gh',
          '--level',
          'Error;Warning;Note',
        ],
        { stdio: 'pipe', timeout: 170_000 },
      );
      const results = (JSON.parse(readFileSync(output, 'utf8')) as ValidationLog).runs.flatMap(
        (r) => r.results ?? [],
      );
      const describe = (r: (typeof results)[number]) =>
        `${r.level} ${r.ruleId}: ${r.message.arguments?.join(' | ')}`;
      expect(results.filter((r) => r.level === 'error' || r.level === 'warning').map(describe)).toEqual([]);
      expect(results.filter((r) => !(r.ruleId in EXPECTED_NOTES)).map(describe)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SARIF marks what configuration accepted', () => {
  it('a suppressed fail carries its suppression and reason; with a baseline each fail is new or unchanged', () => {
    const demo = demoReport();
    const leg07 = withSuppressedLeg07(demo);
    const run = parse(render([leg07])).runs[0]!;
    const suppressed = run.results.filter((r) => r.suppressions);
    expect(suppressed.map((r) => r.ruleId)).toEqual(['MCPP-LEG07']);
    expect(suppressed[0]!.suppressions).toEqual([
      {
        kind: 'external',
        status: 'accepted',
        justification: escapeSarifText(
          'accepted <b>risk</b> | see [ticket](https://x.example) (until 2027-01-31)',
        ),
      },
    ]);
    expect(run.results.every((r) => r.baselineState === undefined)).toBe(true);
    const fails = demo.results.filter((r) => r.status === 'fail');
    const expected = fails[0]!.fingerprint;
    const withBaseline: ScanReport = {
      ...demo,
      baseline: {
        file: 'b.json',
        newFailures: fails.slice(1).map((r) => r.fingerprint),
        expectedFailures: [expected],
        stale: [],
        unverifiable: [],
      },
    };
    const states = parse(render([withBaseline]))
      .runs[0]!.results.filter((r) => r.kind === 'fail' && r.ruleId.startsWith('MCPP-'))
      .map((r) => [r.partialFingerprints['primaryLocationLineHash'], r.baselineState]);
    expect(states).toContainEqual([expected, 'unchanged']);
    expect(states.filter(([, s]) => s === 'new')).toHaveLength(fails.length - 1);
  });
});
