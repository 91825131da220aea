/** The new-check scaffold: files from the catalogue row, registry kept sorted, nothing overwritten. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { registerInIndex, scaffoldCheck, ScaffoldError } from '../../src/tools/new-check.js';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

const PIN_INDEX = `import type { Check } from '../define-check.js';
import PIN02 from './MCPP-PIN02.js';
import PIN05 from './MCPP-PIN05.js';

/** PIN family, sorted by ID. */
export const PIN_CHECKS: readonly Check[] = [
  PIN02,
  PIN05,
];
`;

function repoWithPinIndex(): string {
  const root = mkdtempSync(join(tmpdir(), 'new-check-'));
  roots.push(root);
  mkdirSync(join(root, 'src', 'checks', 'pin'), { recursive: true });
  writeFileSync(join(root, 'src', 'checks', 'pin', 'index.ts'), PIN_INDEX);
  return root;
}

describe('new-check', () => {
  it('writes the source, the test and the sorted registry lines from the catalogue row', () => {
    const root = repoWithPinIndex();
    const { written } = scaffoldCheck(root, 'MCPP-PIN04');
    expect(written).toEqual([
      'src/checks/pin/MCPP-PIN04.ts',
      'test/checks/pin/MCPP-PIN04.test.ts',
      'src/checks/pin/index.ts',
    ]);
    const source = readFileSync(join(root, written[0]!), 'utf8');
    expect(source).toContain("id: 'MCPP-PIN04'");
    // The row: `any · http, sse, stdio`, mode `passive (lock)`.
    expect(source).toContain("revisions: 'any'");
    expect(source).toContain("transports: ['streamable-http', 'http+sse', 'stdio']");
    expect(source).toContain("mode: 'passive'");
    const index = readFileSync(join(root, written[2]!), 'utf8');
    expect(index.match(/^import PIN\d\d .*$/gm)).toEqual([
      "import PIN02 from './MCPP-PIN02.js';",
      "import PIN04 from './MCPP-PIN04.js';",
      "import PIN05 from './MCPP-PIN05.js';",
    ]);
    expect(index).toContain('  PIN02,\n  PIN04,\n  PIN05,\n];');
    expect(readFileSync(join(root, written[1]!), 'utf8')).toContain('src/checks/pin/MCPP-PIN04.js');
  });

  it('refuses an ID without a catalogue row, an unknown family and an existing check', () => {
    const root = repoWithPinIndex();
    expect(() => scaffoldCheck(root, 'MCPP-PIN99')).toThrow(/no catalogue row/);
    expect(() => scaffoldCheck(root, 'MCPP-XYZ01')).toThrow(ScaffoldError);
    scaffoldCheck(root, 'MCPP-PIN01');
    expect(() => scaffoldCheck(root, 'MCPP-PIN01')).toThrow(/exists already/);
  });

  it('refuses to register an ID twice', () => {
    expect(() => registerInIndex(PIN_INDEX, 'MCPP-PIN02', 'PIN')).toThrow(/already registered/);
  });
});
