/**
 * Golden reports: every format rendered from the demo evidence bundle must equal
 * the committed file in docs/examples byte for byte. A renderer or check change
 * therefore shows up in review as a diff of those files. To accept a change:
 * `npm run build && node dist/tools/gen-examples.js`, then review the diff.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { FORMAT_NAMES, FORMATS } from '../../src/report/formats.js';
import { EXAMPLES_DIR, readmeWithExample, renderExamples } from '../../src/tools/gen-examples.js';

const rendered = renderExamples();

describe('golden example reports', () => {
  it('has one demo example per format, and no stale one', () => {
    const expected = FORMAT_NAMES.map((f) => `demo-report.${FORMATS[f].ext}`).sort();
    expect([...rendered.keys()].sort()).toEqual(expected);
    // Other examples (seed systems, migration) live beside these and have their own generators.
    expect(
      readdirSync(EXAMPLES_DIR)
        .filter((f) => f.startsWith('demo-report.'))
        .sort(),
    ).toEqual(expected);
  });

  it.each([...rendered.keys()])('%s matches the committed file byte for byte', (name) => {
    const committed = readFileSync(join(EXAMPLES_DIR, name), 'utf8');
    const fresh = rendered.get(name)!;
    // On a mismatch, show the first differing line: a diff of a 300 kB string is unreadable.
    if (fresh !== committed) {
      const a = committed.split('\n');
      const b = fresh.split('\n');
      const i = b.findIndex((line, n) => line !== a[n]);
      expect(
        { line: i + 1, committed: a[i], regenerated: b[i] },
        `${name} differs; regenerate with node dist/tools/gen-examples.js and review the diff`,
      ).toBeUndefined();
    }
    expect(Buffer.from(fresh, 'utf8').equals(readFileSync(join(EXAMPLES_DIR, name)))).toBe(true);
  });

  it("README.md's example is the head of the demo's text report, so it cannot go stale", () => {
    const readme = readFileSync('README.md', 'utf8');
    const text = rendered.get('demo-report.txt')!;
    expect(readme).toBe(readmeWithExample(readme, text));
    expect(readme).toContain(text.split('\n')[3]!); // the summary line with today's check count
  });

  it('refuses a README without the example block rather than writing nowhere', () => {
    expect(() => readmeWithExample('# no block', 'x')).toThrow(/demo-report:start/);
  });
});
