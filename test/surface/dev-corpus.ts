/**
 * The development corpus of poisoned surfaces and their benign twins (test/surface/corpus/*.jsonl),
 * written for this project in its own words. One file per family and language, one case a line.
 *
 * A group holds every wording of one attack (paraphrases, registers, a payload split across
 * fields, translations) and the benign twins of those wordings. The split (`train`, `dev`,
 * `test`) belongs to the group: `npm run surface:corpus -- --assign-splits` deals new groups once
 * with a seeded generator (`deal`), records them in corpus/splits.json and writes the split into
 * every case of the group; it is never recomputed or moved by hand, and
 * test/surface/dev-corpus.test.ts holds every case to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

import { SEVERITIES } from '../../src/checks/define-check.js';

export const CORPUS_DIR = join(import.meta.dirname, 'corpus');

/** The seed of the split deal. Changing it would re-deal the frozen `test` part: never change it. */
export const SPLIT_SEED = 'mcp-posture/surface-corpus/2026-12-03';

export const FAMILIES = [
  // The families of issue 22 the team cases did not cover.
  'exfil-sink',
  'disparage-override',
  'precall-sibling',
  'browser-hijack',
  'finance-privilege',
  'encoded-payload',
  'sibling-field',
  // The families TOOL01–TOOL05 were built for.
  'override',
  'secrecy',
  'credential-theft',
  'hidden-markup',
  'unicode-tricks',
  'role-markers',
  'shadowing',
] as const;

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'it', 'ja', 'zh'] as const;

/** How a poisoned case is written; a twin keeps the style of its poisoned case. */
export const STYLES = ['paraphrase', 'formal', 'casual', 'split', 'translation'] as const;

/** What a benign twin is: the shape of honest text it stands for. */
export const BENIGN_KINDS = [
  'vendor-guidance',
  'security-tool',
  'quoted-injection',
  'negation',
  'self-scoped-ordering',
  'plain',
] as const;

export const SPLITS = ['train', 'dev', 'test'] as const;
export type Split = (typeof SPLITS)[number];

const Schema = z.looseObject({ type: z.literal('object') });

const Tool = z.looseObject({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: Schema,
});

const Prompt = z.looseObject({ name: z.string().min(1), description: z.string().optional() });
const Resource = z.looseObject({ uri: z.string().min(1), name: z.string().min(1) });

const Surface = z.strictObject({
  tools: z.array(Tool).min(1),
  prompts: z.array(Prompt).optional(),
  resources: z.array(Resource).optional(),
  instructions: z.string().optional(),
});

const Poisoned = z.strictObject({
  check: z.string().regex(/^MCPP-TOOL(0[1-9]|1\d|20)$/),
  /** Other checks that may catch the case instead (a sensitive path read by TOOL05 as well as TOOL01). */
  also: z.array(z.string().regex(/^MCPP-TOOL(0[1-9]|1\d|20)$/)).optional(),
  /** The item carrying the payload, as findings name it (`tool:<name>`, `server:instructions`). */
  item: z.string().regex(/^(tool|prompt|resource|server):.+/),
  /** The field of that item holding the payload (or its first part). */
  field: z.string().min(1),
  min: z.enum(SEVERITIES),
});

const Benign = z.strictObject({
  benign: z.literal(true),
  /** The id of the poisoned case this twin answers. */
  twin: z.string().min(1),
  kind: z.enum(BENIGN_KINDS),
});

export const CorpusCase = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]+$/),
  group: z.string().regex(/^[a-z-]+\.\d{2}$/),
  family: z.enum(FAMILIES),
  language: z.enum(LANGUAGES),
  style: z.enum(STYLES),
  split: z.enum(SPLITS),
  surface: Surface,
  expected: z.union([Poisoned, Benign]),
});

export type CorpusCase = z.infer<typeof CorpusCase>;
export type PoisonedExpectation = z.infer<typeof Poisoned>;

export const isBenign = (c: CorpusCase): boolean => 'benign' in c.expected;

/** 32-bit FNV-1a, then a mulberry32 step: a seeded uniform draw in [0, 1) per key. */
function draw(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let t = (h + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const TARGET: Readonly<Record<Split, number>> = { train: 0.6, dev: 0.2, test: 0.2 };

/** The committed record of the split: the groups in the batches they were added in, and their split. */
export interface SplitManifest {
  readonly seed: string;
  readonly batches: readonly (readonly string[])[];
  readonly splits: Readonly<Record<string, Split>>;
  /**
   * What each batch is, in batch order (how and when its groups were written): the `test` part of
   * each differently labelled set of batches is reported on its own row, so that a batch written
   * later (for example blind to the rules) can be told from the first deal.
   */
  readonly labels?: readonly string[];
}

/** The label of every group's batch (a batch without one is `batch <n>`). */
export function batchLabels(manifest: SplitManifest): Map<string, string> {
  const out = new Map<string, string>();
  manifest.batches.forEach((batch, i) => {
    for (const g of batch) out.set(g, manifest.labels?.[i] ?? `batch ${i + 1}`);
  });
  return out;
}

export const SPLIT_FILE = join(CORPUS_DIR, 'splits.json');

const familyOf = (group: string): string => group.split('.')[0] ?? group;

/**
 * Deals the groups of every batch, in order, to the three splits: within a family, the new groups
 * are taken in a seeded random order, and each goes to the split furthest below its share
 * (60/20/20) of that family so far, a tie going to a seeded draw. Earlier batches are dealt
 * first and never move: adding groups never re-deals old ones. Replaying the batches must give
 * the committed splits (dev-corpus.test.ts), so a group moved by hand fails.
 */
export function deal(seed: string, batches: readonly (readonly string[])[]): Record<string, Split> {
  const out: Record<string, Split> = {};
  const counts = new Map<string, Record<Split, number>>();
  for (const batch of batches) {
    const order = [...batch].sort((a, b) => draw(`${seed}:${a}`) - draw(`${seed}:${b}`) || (a < b ? -1 : 1));
    for (const g of order) {
      const n = counts.get(familyOf(g)) ?? { train: 0, dev: 0, test: 0 };
      counts.set(familyOf(g), n);
      const total = n.train + n.dev + n.test + 1;
      const deficit = (s: Split) => TARGET[s] * total - n[s];
      const best = [...SPLITS].sort(
        (a, b) => deficit(b) - deficit(a) || draw(`${seed}:${g}:${b}`) - draw(`${seed}:${g}:${a}`),
      )[0]!;
      n[best]++;
      out[g] = best;
    }
  }
  return out;
}

export function readSplitManifest(path = SPLIT_FILE): SplitManifest {
  return JSON.parse(readFileSync(path, 'utf8')) as SplitManifest;
}

export interface CorpusFile {
  readonly file: string;
  readonly cases: CorpusCase[];
}

/** Reads and validates every corpus file; throws with the file and line of the first bad case. */
export function loadCorpusFiles(dir = CORPUS_DIR): CorpusFile[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  return files.map((file) => {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    const cases: CorpusCase[] = [];
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const parsed = CorpusCase.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${i + 1}: ${z.prettifyError(parsed.error)}`);
      cases.push(parsed.data);
    });
    return { file, cases };
  });
}

export function loadCorpus(dir = CORPUS_DIR): CorpusCase[] {
  return loadCorpusFiles(dir).flatMap((f) => f.cases);
}
