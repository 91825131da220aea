/**
 * The stage tables hold together: every stage is in the plan order once, reads only what a stage
 * before it produces, and never calls another stage (no stage module imports another's stage).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { HTTP_PHASES, HTTP_PLAN_ORDER } from '../../src/probe/collect.js';
import type { Phase } from '../../src/probe/stage.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Needs a stage reads that no stage before it (in an earlier phase, or earlier in its own) produces. */
function unmetNeeds<C, S extends object>(phases: readonly Phase<C, S>[]): string[] {
  const produced = new Set<PropertyKey>();
  const detached = new Set<PropertyKey>();
  const out: string[] = [];
  for (const phase of phases) {
    for (const s of phase.stages) {
      for (const k of s.needs)
        if (!produced.has(k) || detached.has(k)) out.push(`${s.id} needs ${String(k)}`);
      for (const k of s.produces) (phase.detached ? detached : produced).add(k);
    }
  }
  return out;
}

describe('the HTTP stage table', () => {
  const stages = HTTP_PHASES.flatMap((p) => p.stages);

  it('names each stage once, and the plan order names each stage once', () => {
    const ids = stages.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...HTTP_PLAN_ORDER].sort()).toEqual([...ids].sort());
  });

  it('has every stage read only what an earlier stage produces (and nothing a detached phase produces)', () => {
    expect(unmetNeeds(HTTP_PHASES)).toEqual([]);
  });

  it('has each output produced by one stage', () => {
    const outputs = stages.flatMap((s) => s.produces.map(String));
    expect(new Set(outputs).size).toBe(outputs.length);
  });
});

describe('a stage never calls another stage', () => {
  const dirs = ['src/probe/stages', 'src/probe/stdio'];
  const files = dirs.flatMap((d) =>
    readdirSync(join(ROOT, d))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(d, f)),
  );

  it('finds the stage modules', () => {
    expect(files.some((f) => f.endsWith('stages/sessions.ts'))).toBe(true);
  });

  it('imports no stage (an `…_STAGE` table entry or a `run…Stage` function) from another module', () => {
    const offending = files.flatMap((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      const imported = [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g)].flatMap(
        ([, names, from]) =>
          names!
            .split(',')
            .map((n) => n.trim().split(/\s+as\s+/)[0]!)
            .filter((n) => /_STAGE$|^run\w*Stage$/.test(n))
            .map((n) => `${f} imports ${n} from ${from}`),
      );
      return imported;
    });
    expect(offending).toEqual([]);
  });
});
