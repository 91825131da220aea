/**
 * The development corpus is well formed: every case validates, ids are unique, every twin answers
 * a poisoned case of its own group, every group sits in one split and that split is the frozen
 * draw (a group moved by hand, say from `test` to `train`, fails here), and the corpus keeps its
 * promised size and variety.
 */
import { describe, expect, it } from 'vitest';

import type { CorpusCase } from './dev-corpus.js';
import {
  batchLabels,
  deal,
  FAMILIES,
  isBenign,
  loadCorpusFiles,
  readSplitManifest,
  SPLIT_SEED,
} from './dev-corpus.js';
import { measure, runCase } from './dev-measure.js';

/** The corpus promises at least 400 poisoned cases and 400 benign twins (issue 22). */
const MIN_CASES = 400;
const files = loadCorpusFiles();
const cases: CorpusCase[] = files.flatMap((f) => f.cases);
const byId = new Map(cases.map((c) => [c.id, c]));

describe('development corpus', () => {
  it('has one file per family and language, each case in its own file', () => {
    for (const f of files) for (const c of f.cases) expect(f.file).toBe(`${c.family}.${c.language}.jsonl`);
  });

  it('has unique ids, and group ids name the family', () => {
    expect(byId.size).toBe(cases.length);
    for (const c of cases) expect(c.group.split('.')[0]).toBe(c.family);
  });

  it('gives every poisoned case exactly one benign twin in its group, of the same language', () => {
    const twins = new Map<string, number>();
    for (const c of cases) {
      if (!('benign' in c.expected)) continue;
      const p = byId.get(c.expected.twin);
      expect(p, c.id).toBeDefined();
      expect(p && isBenign(p), c.id).toBe(false);
      expect(p?.group, c.id).toBe(c.group);
      expect(p?.language, c.id).toBe(c.language);
      twins.set(c.expected.twin, (twins.get(c.expected.twin) ?? 0) + 1);
    }
    for (const c of cases) if (!isBenign(c)) expect(twins.get(c.id), c.id).toBe(1);
  });

  it('names an expected item that the poisoned surface has', () => {
    for (const c of cases) {
      if ('benign' in c.expected) continue;
      const [kind, ...rest] = c.expected.item.split(':');
      const name = rest.join(':');
      const names =
        kind === 'tool'
          ? c.surface.tools.map((t) => t.name)
          : kind === 'prompt'
            ? (c.surface.prompts ?? []).map((p) => p.name)
            : kind === 'server'
              ? ['instructions']
              : (c.surface.resources ?? []).map((r) => r.uri);
      expect(names, c.id).toContain(name);
    }
  });

  it('keeps every group in one split, the frozen seeded deal of corpus/splits.json', () => {
    const manifest = readSplitManifest();
    expect(manifest.seed).toBe(SPLIT_SEED);
    expect(deal(manifest.seed, manifest.batches)).toEqual(manifest.splits);
    const groups = new Map<string, Set<string>>();
    for (const c of cases) {
      expect(c.split, `${c.id} is not in its group's frozen split`).toBe(manifest.splits[c.group]);
      groups.set(c.group, (groups.get(c.group) ?? new Set()).add(c.split));
    }
    for (const [g, s] of groups) expect(s.size, g).toBe(1);
  });

  it('labels every batch or none, and reports the test part of each label on its own row', () => {
    const manifest = readSplitManifest();
    if (manifest.labels) expect(manifest.labels).toHaveLength(manifest.batches.length);
    const labels = batchLabels({
      ...manifest,
      labels: manifest.batches.map((_, i) => (i === 0 ? 'first' : 'later')),
    });
    const test = cases.filter((c) => c.split === 'test');
    const firstOnly = test.filter((c) => labels.get(c.group) === 'first');
    const judge = () => [];
    const m = measure(test, judge, labels);
    expect(m.bySplit['test · first']?.benign).toBe(firstOnly.filter(isBenign).length);
    expect((m.bySplit['test · first']?.poisoned ?? 0) + (m.bySplit['test · later']?.poisoned ?? 0)).toBe(
      m.bySplit['test']?.poisoned,
    );
    expect(Object.keys(measure(test, judge).bySplit).some((k) => k.startsWith('test · '))).toBe(false);
  });

  it('holds its promised size, families, five languages and all three splits', () => {
    const poisoned = cases.filter((c) => !isBenign(c));
    expect(poisoned.length).toBeGreaterThanOrEqual(MIN_CASES);
    expect(cases.length - poisoned.length).toBeGreaterThanOrEqual(MIN_CASES);
    expect(new Set(cases.map((c) => c.family))).toEqual(new Set(FAMILIES));
    expect(new Set(cases.map((c) => c.language)).size).toBeGreaterThanOrEqual(5);
    for (const s of ['train', 'dev', 'test']) {
      const n = poisoned.filter((c) => c.split === s).length;
      expect(n / poisoned.length, s).toBeGreaterThan(s === 'train' ? 0.45 : 0.12);
    }
  });

  it('measures a case as a server that declares what it lists (TOOL13 reads declarations, not text)', () => {
    const twin = cases.find(
      (c) => c.split === 'train' && isBenign(c) && c.surface.prompts?.length && c.surface.resources?.length,
    );
    expect(twin).toBeDefined();
    if (twin === undefined) return;
    const checks = runCase(twin).findings.map((f) => f.check);
    expect(checks).not.toContain('MCPP-TOOL13');
  });

  it('does not repeat a wording: no two cases share a description', () => {
    const seen = new Map<string, string>();
    for (const c of cases) {
      const text = JSON.stringify(c.surface);
      const prior = seen.get(text);
      expect(prior, `${c.id} repeats ${prior}`).toBeUndefined();
      seen.set(text, c.id);
    }
  });
});
