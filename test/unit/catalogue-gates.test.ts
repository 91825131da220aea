/** Meta-gates: registry, files, tests, doc pages and the catalogue contract stay in step. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ALL_CHECKS as CHECKS } from '../../src/checks/index.js';
import { renderCheckDoc } from '../../src/report/check-doc.js';
import { CATALOGUE } from '../../src/spec/catalogue.js';
import { REVISIONS } from '../../src/spec/revisions.js';

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
