/**
 * A gate on the layer rules of .dependency-cruiser.cjs (npm run arch): every folder under src/
 * has one, and together they order the folders, so that between any two folders the arrows may
 * point one way at most.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

interface Rule {
  readonly name: string;
  readonly from: { readonly path?: string };
  readonly to: { readonly path?: string };
}

const ROOT = join(import.meta.dirname, '..', '..');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  readonly forbidden: readonly Rule[];
};
const folders = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const layerRule = (folder: string): Rule | undefined =>
  config.forbidden.find((r) => r.name === `${folder}-layering`);

/** Whether the rules forbid a module of src/<from> to import one of src/<to>. */
function forbids(from: string, to: string): boolean {
  return config.forbidden.some(
    (r) =>
      r.from.path !== undefined &&
      r.to.path !== undefined &&
      new RegExp(r.from.path).test(`src/${from}/a.ts`) &&
      new RegExp(r.to.path).test(`src/${to}/b.ts`),
  );
}

describe('layer rules', () => {
  it('finds the folders under src/', () => {
    expect(folders).toEqual(expect.arrayContaining(['checks', 'cli', 'evidence', 'probe', 'report', 'run']));
  });

  it('gives every folder under src/ a layer rule', () => {
    expect(folders.filter((f) => layerRule(f) === undefined)).toEqual([]);
  });

  it('lets arrows between two folders point one way at most', () => {
    const both = folders.flatMap((a) =>
      folders.filter((b) => a < b && !forbids(a, b) && !forbids(b, a)).map((b) => `${a} <-> ${b}`),
    );
    expect(both).toEqual([]);
  });

  it('reads top down: the CLI may import the run loop, the run loop may not import the CLI', () => {
    expect(forbids('cli', 'run')).toBe(false);
    expect(forbids('run', 'cli')).toBe(true);
    expect(forbids('checks', 'probe')).toBe(true);
    expect(forbids('probe', 'checks')).toBe(true);
    expect(forbids('lock', 'checks')).toBe(true);
    expect(forbids('checks', 'lock')).toBe(false);
  });
});
