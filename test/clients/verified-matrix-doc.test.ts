/**
 * docs/clients.md's matrix on the test servers is generated from src/clients/verified-matrix.ts
 * (`npm run gen:docs`), whose rows the scans of those servers assert (test/clients/matrix.test.ts,
 * test/integration/redirect-shapes.test.ts): the doc and the data must agree cell by cell.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { CLIENT_PROFILES } from '../../src/clients/profiles/index.js';
import { renderVerifiedMatrix, VERIFIED_MATRIX } from '../../src/clients/verified-matrix.js';
import { MATRIX_BEGIN, MATRIX_END, withVerifiedMatrix } from '../../src/tools/verified-matrix-doc.js';

/** A Markdown table's rows as trimmed cells, the separator row left out (alignment does not matter). */
function tableCells(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|[\s|:-]+\|$/.test(l))
    .map((l) =>
      l
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim()),
    );
}

describe('the verified matrix in docs/clients.md', () => {
  const doc = readFileSync('docs/clients.md', 'utf8');

  it('agrees with src/clients/verified-matrix.ts (run npm run gen:docs when it does not)', () => {
    const section = doc.slice(doc.indexOf(MATRIX_BEGIN), doc.indexOf(MATRIX_END));
    expect(section.length).toBeGreaterThan(MATRIX_BEGIN.length);
    expect(tableCells(section)).toEqual(tableCells(renderVerifiedMatrix()));
  });

  it('a changed cell makes the doc disagree', () => {
    const [first, ...rest] = VERIFIED_MATRIX;
    const changed = [{ ...first!, cells: { ...first!.cells, zed: 'blocked' as const } }, ...rest];
    expect(tableCells(renderVerifiedMatrix(changed))).not.toEqual(tableCells(renderVerifiedMatrix()));
    expect(() => withVerifiedMatrix('no markers')).toThrow(/markers are missing/);
  });

  it('every row has a cell for every client, and names only rules the profiles have', () => {
    const rules = new Set(CLIENT_PROFILES.flatMap((p) => p.rules.map((r) => r.id)));
    for (const row of VERIFIED_MATRIX) {
      expect(Object.keys(row.cells).sort(), row.id).toEqual(CLIENT_PROFILES.map((p) => p.id).sort());
      for (const ids of Object.values(row.deciding)) for (const id of ids) expect(rules, id).toContain(id);
    }
  });
});
