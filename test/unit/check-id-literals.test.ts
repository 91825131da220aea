/**
 * A gate: policy about a check lives in its meta, so no code outside the checks names a check by
 * a literal ID (`'MCPP-TRN03'`: a string that is a check ID). The catalogue is the list of IDs; the places below still name
 * checks, each for the reason given. Measured on the string literals of the TypeScript syntax
 * tree, so comments and doc strings that mention an ID do not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
/** A literal that is a check ID, as a key or in a comparison; prose that mentions one (help, messages) is not policy. */
const CHECK_ID = /^MCPP-[A-Z]+\d+$/;

/** Files (or folders, ending in `/`) that may name checks by ID, with the reason. */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/checks/': 'the checks themselves: their meta and the results they cite',
  'src/spec/catalogue.ts': 'the catalogue: one row per check ID',
  'src/report/migration.ts':
    'the migration guide quotes what MOD19 found for a modern-only server: a report section about one check’s result',
  'src/report/migration-items.ts':
    'the migration items cite the checks whose fails are the evidence for a step (LEG12 for batches)',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** `file:line literal` for every string literal in the file that holds a check ID. */
function literalIds(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateLiteralToken(node)) &&
      CHECK_ID.test(node.text)
    ) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      out.push(`${relative(ROOT, file)}:${line} ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const allowed = (path: string): boolean =>
  Object.keys(ALLOWED).some((a) => (a.endsWith('/') ? path.startsWith(a) : path === a));

const found = sources(join(ROOT, 'src')).flatMap(literalIds);

describe('no check ID literal outside the checks and the catalogue', () => {
  it('finds the IDs the checks and the catalogue name (the measure works)', () => {
    expect(found.some((f) => f.startsWith('src/spec/catalogue.ts:'))).toBe(true);
    expect(found.some((f) => f.startsWith('src/checks/trn/MCPP-TRN03.ts:'))).toBe(true);
  });

  it('names no check elsewhere', () => {
    expect(found.filter((f) => !allowed(f.slice(0, f.indexOf(':'))))).toEqual([]);
  });

  it('allows only places that still name a check', () => {
    const stale = Object.keys(ALLOWED).filter(
      (a) => !found.some((f) => (a.endsWith('/') ? f.startsWith(a) : f.startsWith(`${a}:`))),
    );
    expect(stale).toEqual([]);
  });
});
