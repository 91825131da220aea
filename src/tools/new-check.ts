/**
 * `npm run new-check MCPP-XXX00`: scaffolds a check from its catalogue row — the check source
 * with the row's title, revisions, transports and mode filled in, a unit test with one pass and
 * one fail case that fail until the check is written, and the registry lines in the family's
 * index, kept sorted. The doc page is generated (`npm run gen:docs`). CONTRIBUTING.md explains
 * the rest.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { CheckTransport, Family, Tier } from '../checks/define-check.js';
import { FAMILIES } from '../checks/define-check.js';
import { CATALOGUE } from '../spec/catalogue.js';
import type { CatalogueRow } from './catalogue-row.js';
import { readCatalogueRow } from './catalogue-row.js';

export interface Scaffold {
  /** Repository-relative paths written, in order: source, test, family index. */
  readonly written: readonly string[];
}

export class ScaffoldError extends Error {}

/** `MCPP-LEG04` → `LEG`, `04`; null when the ID has no known family. */
function familyOf(id: string): { family: Family; number: string } | null {
  const m = /^MCPP-([A-Z]+)(\d\d)$/.exec(id);
  if (!m) return null;
  const family = FAMILIES.find((f) => f === m[1]);
  return family ? { family, number: m[2]! } : null;
}

const literal = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function revisionsCode(row: CatalogueRow): string {
  const first = row.revisions[0] ?? 'any';
  return first === 'any' ? "'any'" : `[${first.map(literal).join(', ')}]`;
}

function checkSource(id: string, title: string, row: CatalogueRow): string {
  const transports: readonly CheckTransport[] = row.transports ?? ['streamable-http'];
  const mode: Tier = row.modes[0] ?? 'passive';
  return `import { defineCheck } from '../define-check.js';

// Scaffolded from the catalogue row: write the requirement, citations, keys and evaluate.
export default defineCheck({
  meta: {
    id: ${literal(id)},
    title: ${literal(title)},
    requirement: '',
    keyword: 'MUST',
    revisions: ${revisionsCode(row)},
    transports: [${transports.map(literal).join(', ')}],
    mode: ${literal(mode)},
    requires: [],
    rating: { scope: 'protocol' },
    keys: {},
    severity: 'medium',
    citations: [],
    rationale: '',
    remediation: '',
    evidence: '',
  },
  evaluate(_ev, ctx) {
    return ctx.inconclusive('probe_unavailable', 'not written yet');
  },
});
`;
}

function testSource(id: string, family: Family): string {
  return `import check from '../../../src/checks/${family.toLowerCase()}/${id}.js';
import { testCheck } from '../../helpers/check-tester.js';

// Build the evidence each case needs (see the other tests of this family for builders).
testCheck(check, {
  pass: [{ name: 'the requirement holds', evidence: undefined as never }],
  fail: [{ name: 'the requirement is broken', evidence: undefined as never, key: '', severity: 'medium' }],
});
`;
}

/** Adds the import and the array entry for `id` to a family index, keeping both sorted. */
export function registerInIndex(index: string, id: string, family: Family): string {
  const local = id.slice('MCPP-'.length);
  const importLine = `import ${local} from './${id}.js';`;
  if (index.includes(importLine)) throw new ScaffoldError(`${id} is already registered`);
  const lines = index.split('\n');
  const imports = lines.flatMap((l, i) => (/^import [A-Z]+\d\d from /.test(l) ? [i] : []));
  const afterImport = imports.find((i) => lines[i]! > importLine) ?? (imports.at(-1) ?? 0) + 1;
  lines.splice(afterImport, 0, importLine);
  const open = lines.findIndex((l) => l.includes(`${family}_CHECKS`) && l.includes('['));
  if (open < 0) throw new ScaffoldError(`no ${family}_CHECKS array in the family index`);
  const close = lines.findIndex((l, i) => i > open && l.startsWith(']'));
  const entries = lines.slice(open + 1, close).map((l) => l.trim().replace(/,$/, ''));
  const sorted = [...entries, local].sort();
  lines.splice(open + 1, close - open - 1, ...sorted.map((e) => `  ${e},`));
  return lines.join('\n');
}

/** Writes the scaffold under `root` (the repository); refuses to overwrite anything. */
export function scaffoldCheck(root: string, id: string): Scaffold {
  const parts = familyOf(id);
  if (!parts) throw new ScaffoldError(`"${id}" is not a check ID (MCPP-<family><two digits>)`);
  const entry = CATALOGUE[id];
  if (!entry)
    throw new ScaffoldError(`${id} has no catalogue row in src/spec/catalogue.ts; add the row first`);
  const dir = parts.family.toLowerCase();
  const source = join('src', 'checks', dir, `${id}.ts`);
  const test = join('test', 'checks', dir, `${id}.test.ts`);
  const index = join('src', 'checks', dir, 'index.ts');
  for (const p of [source, test])
    if (existsSync(join(root, p))) throw new ScaffoldError(`${p} exists already`);
  if (!existsSync(join(root, index)))
    throw new ScaffoldError(
      `${index} is missing: a new family needs its index and a line in src/checks/index.ts`,
    );
  const updated = registerInIndex(readFileSync(join(root, index), 'utf8'), id, parts.family);
  const row = readCatalogueRow(entry);
  for (const [p, text] of [
    [source, checkSource(id, entry.title, row)],
    [test, testSource(id, parts.family)],
    [index, updated],
  ] as const) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return { written: [source, test, index] };
}

if (process.argv[1] && /new-check\.js$/.test(process.argv[1])) {
  const id = process.argv[2] ?? '';
  try {
    const { written } = scaffoldCheck(process.cwd(), id);
    console.log(`scaffolded ${id}:\n${written.map((p) => `  ${p}`).join('\n')}`);
    console.log('next: write the check and its test, then `npm run gen:docs` for the doc page.');
  } catch (e) {
    if (!(e instanceof ScaffoldError)) throw e;
    console.error(`new-check: ${e.message}`);
    process.exitCode = 2;
  }
}
