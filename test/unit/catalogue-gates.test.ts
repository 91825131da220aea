/** Meta-gates: registry, files, tests, doc pages and the catalogue contract stay in step. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ACT_CHECKS } from '../../src/checks/act/index.js';
import { AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../../src/checks/asm/as-common.js';
import { ASM_CHECKS } from '../../src/checks/asm/index.js';
import { AUTHN_CHECKS } from '../../src/checks/authn/index.js';
import { CIMD_CHECKS } from '../../src/checks/cimd/index.js';
import type { CheckMeta, Family, Severity } from '../../src/checks/define-check.js';
import { FAMILIES, SEVERITIES } from '../../src/checks/define-check.js';
import { ALL_CHECKS as CHECKS, AGGREGATE_CHECKS, CHECKS as CHECKS_ONLY } from '../../src/checks/index.js';
import { CFG_CHECKS } from '../../src/checks/cfg/index.js';
import { LEG_CHECKS } from '../../src/checks/leg/index.js';
import { MOD_CHECKS } from '../../src/checks/mod/index.js';
import { PIN_CHECKS } from '../../src/checks/pin/index.js';
import { PRM_CHECKS } from '../../src/checks/prm/index.js';
import { SCP_CHECKS } from '../../src/checks/scp/index.js';
import { STDIO_CHECKS } from '../../src/checks/stdio/index.js';
import { TOOL_CHECKS } from '../../src/checks/tool/index.js';
import { TRN_CHECKS } from '../../src/checks/trn/index.js';
import { declaresKey } from '../../src/engine/declared-keys.js';
import { evaluateCheck } from '../../src/engine/evaluate-check.js';
import { renderCheckDoc } from '../../src/report/check-doc.js';
import { CATALOGUE } from '../../src/spec/catalogue.js';
import { REVISIONS } from '../../src/spec/revisions.js';
import type { CatalogueRow } from '../helpers/catalogue-row.js';
import { readCatalogueRow, revisionsMatch, transportsMatch } from '../helpers/catalogue-row.js';
import { evidence } from '../helpers/evidence.js';
import { VARIED_EVIDENCE } from '../helpers/varied-evidence.js';

/** Each family's registry list, in the registry's order. */
const FAMILY_LISTS = {
  TRN: TRN_CHECKS,
  LEG: LEG_CHECKS,
  MOD: MOD_CHECKS,
  STDIO: STDIO_CHECKS,
  AUTHN: AUTHN_CHECKS,
  PRM: PRM_CHECKS,
  ASM: ASM_CHECKS,
  SCP: SCP_CHECKS,
  CIMD: CIMD_CHECKS,
  ACT: ACT_CHECKS,
  TOOL: TOOL_CHECKS,
  PIN: PIN_CHECKS,
  CFG: CFG_CHECKS,
  ERR: AGGREGATE_CHECKS,
};

const root = join(import.meta.dirname, '..', '..');
const checkDirs = readdirSync(join(root, 'src', 'checks'), { withFileTypes: true }).filter((d) =>
  d.isDirectory(),
);
const checkFiles = checkDirs.flatMap((d) =>
  readdirSync(join(root, 'src', 'checks', d.name))
    .filter((f) => /^MCPP-[A-Z]+\d\d\.ts$/.test(f))
    .map((f) => ({ family: d.name, id: f.replace(/\.ts$/, '') })),
);

describe('catalogue gates', () => {
  it('every check file is registered, and every registered check has a file', () => {
    expect(checkFiles.map((f) => f.id).sort()).toEqual(CHECKS.map((c) => c.meta.id).sort());
  });

  it('IDs are unique and exist in the catalogue with the same title', () => {
    const ids = CHECKS.map((c) => c.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CHECKS) {
      expect(CATALOGUE[c.meta.id], `${c.meta.id} in catalogue`).toBeDefined();
      expect(c.meta.title, c.meta.id).toBe(CATALOGUE[c.meta.id]!.title);
    }
  });

  it('files live in the folder of their family', () => {
    for (const f of checkFiles) expect(f.id.startsWith(`MCPP-${f.family.toUpperCase()}`), f.id).toBe(true);
  });

  it('every check has a unit test and an up-to-date doc page', () => {
    for (const f of checkFiles) {
      expect(existsSync(join(root, 'test', 'checks', f.family, `${f.id}.test.ts`)), `${f.id} test`).toBe(
        true,
      );
    }
    for (const c of CHECKS) {
      const page = join(root, 'docs', 'checks', `${c.meta.id}.md`);
      expect(existsSync(page), `${c.meta.id} doc page (run npm run gen:docs)`).toBe(true);
      expect(readFileSync(page, 'utf8'), `${c.meta.id} doc page is stale (run npm run gen:docs)`).toBe(
        renderCheckDoc(c),
      );
    }
  });

  it('meta is complete: citations, known revisions, remediation', () => {
    for (const c of CHECKS) {
      const m = c.meta;
      expect(m.citations.length, m.id).toBeGreaterThan(0);
      if (m.revisions !== 'any') for (const r of m.revisions) expect(REVISIONS).toContain(r);
      expect(m.remediation.length, m.id).toBeGreaterThan(10);
      expect(m.rationale.length, m.id).toBeGreaterThan(10);
    }
  });

  it('check files contain no URL literals (citations come from src/spec/citations.ts)', () => {
    for (const f of checkFiles) {
      const src = readFileSync(join(root, 'src', 'checks', f.family, `${f.id}.ts`), 'utf8');
      // Comment lines may explain a URL; code may not contain one.
      const code = src.split('\n').filter((line) => !/^\s*(\/\/|\/?\*)/.test(line));
      expect(
        code.filter((line) => /https?:\/\/[\w[]/.test(line)),
        f.id,
      ).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------
// The check contract (issue 10): declared keys, sections, registry order, catalogue rows, severity
// ---------------------------------------------------------------------------

/** Every evidence section a check can require: the evidence's own members, less the envelope. */
const SECTION_NAMES = new Set(
  Object.keys(evidence()).filter((k) => !['schemaVersion', 'tool', 'durationMs'].includes(k)),
);

describe('check contract gates', () => {
  it('no check ends in an internal error on varied evidence (undeclared keys, unrequired sections)', () => {
    const problems: string[] = [];
    for (const [what, make] of VARIED_EVIDENCE) {
      const ev = make();
      for (const c of CHECKS_ONLY) {
        for (const r of evaluateCheck(c, ev)) {
          if (r.status === 'error') problems.push(`${c.meta.id} on ${what}: ${r.message}`);
          else if (r.key !== null && !declaresKey(c.meta.keys, r.key))
            problems.push(`${c.meta.id} on ${what}: undeclared key ${r.key}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every declared key has a meaning and appears on the check’s doc page', () => {
    for (const c of CHECKS) {
      const page = renderCheckDoc(c);
      const section = page.slice(page.indexOf('## Result keys'), page.indexOf('## References'));
      for (const [key, meaning] of Object.entries(c.meta.keys)) {
        expect(meaning.trim().length, `${c.meta.id} key ${key} has a meaning`).toBeGreaterThan(10);
        expect(section, `${c.meta.id} key ${key} on its doc page`).toContain(`| \`${key}\` |`);
      }
      if (Object.keys(c.meta.keys).length === 0) expect(section).toContain('None: the results carry no key');
    }
  });

  it('a per-key severity names a declared key and departs from the default', () => {
    for (const c of CHECKS)
      for (const [key, severity] of Object.entries(c.meta.keySeverity ?? {})) {
        expect(Object.hasOwn(c.meta.keys, key), `${c.meta.id} keySeverity ${key} is a declared key`).toBe(
          true,
        );
        expect(severity, `${c.meta.id} keySeverity ${key}`).not.toBe(c.meta.severity);
      }
  });

  it('requires names only evidence sections, at least one, each once (aggregates read results)', () => {
    for (const c of CHECKS_ONLY) {
      const names = c.meta.requires.map((r) => r.replace(/\?$/, ''));
      expect(names.length, c.meta.id).toBeGreaterThan(0);
      for (const n of names) expect(SECTION_NAMES.has(n), `${c.meta.id} requires ${n}`).toBe(true);
      expect(new Set(names).size, `${c.meta.id} requires a section twice`).toBe(names.length);
    }
    for (const a of AGGREGATE_CHECKS) expect(a.meta.requires, a.meta.id).toEqual([]);
  });

  it('rating merges name catalogue checks (the partner may not be implemented yet)', () => {
    for (const c of CHECKS) {
      const other = c.meta.rating.mergesWith;
      if (other) expect(CATALOGUE[other], `${c.meta.id} merges with ${other}`).toBeDefined();
    }
  });

  it('each family list and the registry are in sorted order', () => {
    const number = (id: string) => Number(/\d+$/.exec(id)![0]);
    const family = (id: string) => FAMILIES.indexOf(/^MCPP-([A-Z]+)\d/.exec(id)![1] as Family);
    for (const [name, list] of Object.entries(FAMILY_LISTS)) {
      const ids = list.map((c) => c.meta.id);
      for (const id of ids) expect(id.startsWith(`MCPP-${name}`), `${id} in the ${name} list`).toBe(true);
      expect(ids, `${name} list`).toEqual([...ids].sort((a, b) => number(a) - number(b)));
    }
    const all = CHECKS.map((c) => c.meta.id);
    const order = (a: string, b: string) => family(a) - family(b) || number(a) - number(b);
    expect(all).toEqual([...all].sort(order));
    expect(CHECKS.map((c) => c.meta.id)).toEqual(
      Object.values(FAMILY_LISTS).flatMap((l) => l.map((c) => c.meta.id)),
    );
  });

  it('meta revisions, transports and mode match the catalogue row (deviations listed and justified)', () => {
    const problems: string[] = [];
    for (const c of CHECKS) {
      const m = c.meta;
      const raw = CATALOGUE[m.id]!;
      const row = readCatalogueRow(raw);
      const deviation = CATALOGUE_DEVIATIONS[m.id];
      if (!revisionsMatch(m.revisions, row) && deviation?.field !== 'revisions')
        problems.push(`${m.id}: revisions ${JSON.stringify(m.revisions)} vs "${raw.revisions}"`);
      const asRule = asTransportsRule(m, row);
      const stdioPending = stdioPendingRule(m, row);
      if (
        !transportsMatch(m.transports, row) &&
        !asRule &&
        !stdioPending &&
        deviation?.field !== 'transports'
      )
        problems.push(`${m.id}: transports ${JSON.stringify(m.transports)} vs "${raw.revisions}"`);
      if (!row.modes.includes(m.mode)) problems.push(`${m.id}: mode ${m.mode} vs "${raw.mode}"`);
    }
    expect(problems).toEqual([]);
    // A listed deviation that no longer deviates must go.
    for (const [id, d] of Object.entries(CATALOGUE_DEVIATIONS)) {
      const c = CHECKS.find((x) => x.meta.id === id)!;
      const row = readCatalogueRow(CATALOGUE[id]!);
      const matches =
        d.field === 'revisions'
          ? revisionsMatch(c.meta.revisions, row)
          : transportsMatch(c.meta.transports, row);
      expect(matches, `${id} no longer deviates in ${d.field}`).toBe(false);
    }
  });

  it('a default severity above the keyword’s needs a one-line severityRationale', () => {
    for (const c of CHECKS) {
      const m = c.meta;
      const needs =
        SEVERITY_CEILING[m.keyword] !== undefined && rank(m.severity) < rank(SEVERITY_CEILING[m.keyword]!);
      if (needs) {
        expect(m.severityRationale, `${m.id}: ${m.keyword} at ${m.severity}`).toBeDefined();
        expect(m.severityRationale!.includes('\n'), `${m.id}: one line`).toBe(false);
      } else {
        expect(m.severityRationale, `${m.id}: a rationale without a departure`).toBeUndefined();
      }
    }
  });
});

/** The highest default severity a keyword carries without a justification (docs/model/severity.md#from-keyword-to-severity). */
const SEVERITY_CEILING: Partial<Record<CheckMeta['keyword'], Severity>> = {
  SHOULD: 'medium',
  'SHOULD NOT': 'medium',
  RECOMMENDED: 'medium',
  MAY: 'info',
  policy: 'high',
};
const rank = (s: Severity): number => SEVERITIES.indexOf(s);

/**
 * The authorization-server checks list the MCP endpoint transports next to `as` (AS_TRANSPORT_NOTE
 * explains why: the engine matches the endpoint's transport); the row names `as` alone.
 */
function asTransportsRule(m: CheckMeta, row: CatalogueRow): boolean {
  return (
    row.transports?.length === 1 &&
    row.transports[0] === 'as' &&
    m.transports.length === AS_TRANSPORTS.length &&
    AS_TRANSPORTS.every((t) => m.transports.includes(t)) &&
    (m.notes ?? '').includes(AS_TRANSPORT_NOTE)
  );
}

/**
 * Rows that name stdio for checks of the modern wire: stdio evidence is not collected yet (the
 * stdio issue adds the transport), so these checks list the HTTP transport only until then.
 */
function stdioPendingRule(m: CheckMeta, row: CatalogueRow): boolean {
  if (!row.transports?.includes('stdio') || m.transports.includes('stdio') || !m.id.startsWith('MCPP-MOD'))
    return false;
  const rest = row.transports.filter((t) => t !== 'stdio');
  return rest.length === m.transports.length && rest.every((t) => m.transports.includes(t));
}

/** Checks that deliberately differ from their catalogue row, and why (the notes say so on the doc page). */
const CATALOGUE_DEVIATIONS: Readonly<
  Record<string, { readonly field: 'revisions' | 'transports'; readonly why: string }>
> = {
  'MCPP-LEG20': {
    field: 'revisions',
    why: 'HTTP+SSE is judged at whatever version a server negotiates over it (the row itself says "HTTP+SSE at any negotiated version"): revisions any.',
  },
  'MCPP-LEG21': {
    field: 'revisions',
    why: 'as LEG20: the HTTP+SSE checks run whenever HTTP+SSE is observed.',
  },
  'MCPP-LEG23': {
    field: 'revisions',
    why: 'as LEG20: the HTTP+SSE checks run whenever HTTP+SSE is observed.',
  },
  'MCPP-LEG24': {
    field: 'revisions',
    why: 'as LEG20: the HTTP+SSE checks run whenever HTTP+SSE is observed.',
  },
  'MCPP-ASM04': {
    field: 'revisions',
    why: 'row "any (severity by revision)": evaluated per revision over every revision so the severity can follow the revision (notes).',
  },
  'MCPP-ERR00': {
    field: 'transports',
    why: 'row "any · all": an aggregate over the other results runs for every target transport; `as` names no target transport.',
  },
  'MCPP-ACT11': {
    field: 'revisions',
    why: 'row "2026-07-28 (RFC 9207 any)": the MUST is RFC 9207\u2019s and binds an AS that advertises the flag under any MCP revision (notes).',
  },
};
