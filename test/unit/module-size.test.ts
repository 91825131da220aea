/** A gate: modules stay small enough to read in one sitting; data tables are the exception. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const MAX_LINES = 400;
/** Data tables, not logic: one row per check or per known client. */
const DATA_TABLES = new Set(['src/spec/catalogue.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

it(`no module under src/ is over ${MAX_LINES} lines, data tables aside`, () => {
  const root = join(import.meta.dirname, '..', '..');
  const long = sources(join(root, 'src'))
    .map((p) => ({ path: relative(root, p), lines: readFileSync(p, 'utf8').split('\n').length - 1 }))
    .filter((m) => m.lines > MAX_LINES && !DATA_TABLES.has(m.path));
  expect(long).toEqual([]);
});
