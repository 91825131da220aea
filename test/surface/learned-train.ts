/**
 * Training of the learned scorer (src/surface/learned.ts) on the `train` split of the development
 * corpus only (npm run surface:train writes the result to src/surface/learned-weights.json).
 *
 * Examples are sentences. A sentence of a poisoned case's payload item that its benign twin does
 * not also contain is positive; every other sentence (the twin's, the shared ones, the sibling
 * items') is negative, so what the two twins share cancels out and the weights learn what the
 * poisoned one instructs. Logistic regression, features scaled to unit length, class-balanced,
 * L2, full-batch AdaGrad from zero: the same corpus always gives the same weights. The weights
 * are quantised to one signed byte per bucket.
 */
import { bucketsOf, sentencesOf } from '../../src/surface/learned.js';
import type { LearnedWeights } from '../../src/surface/learned.js';
import type { CorpusCase } from './dev-corpus.js';

const BUCKETS = 1 << 16;
const EPOCHS = 400;
const RATE = 0.5;
const L2 = 2e-5;

/** Every prose string under a value (names, types and URIs are not prose). */
function strings(v: unknown, key = ''): string[] {
  if (typeof v === 'string') return ['name', 'type', 'uri'].includes(key) ? [] : [v];
  if (Array.isArray(v)) return v.flatMap((x) => strings(x, key));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => strings(x, k));
  return [];
}

/** The strings of one item of a surface (`tool:<name>`, `prompt:<name>`, `server:instructions`). */
function itemStrings(c: CorpusCase, item: string): string[] {
  const [kind, ...rest] = item.split(':');
  const name = rest.join(':');
  if (kind === 'server') return c.surface.instructions ? [c.surface.instructions] : [];
  const list = kind === 'tool' ? c.surface.tools : kind === 'prompt' ? (c.surface.prompts ?? []) : [];
  return strings(list.find((i) => i.name === name));
}

interface Example {
  readonly buckets: Int32Array;
  readonly label: 0 | 1;
}

function example(sentence: string, label: 0 | 1): Example {
  return { buckets: Int32Array.from(bucketsOf(sentence, BUCKETS)), label };
}

function examplesOf(cases: readonly CorpusCase[]): Example[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const twinOf = new Map<string, CorpusCase>();
  for (const c of cases) if ('benign' in c.expected) twinOf.set(c.expected.twin, c);
  const seen = new Map<string, 0 | 1>();
  const put = (s: string, label: 0 | 1) => {
    if (label === 1 || !seen.has(s)) seen.set(s, label);
  };
  for (const c of byId.values()) {
    const all = strings(c.surface).flatMap(sentencesOf);
    if ('benign' in c.expected) {
      for (const s of all) put(s, 0);
      continue;
    }
    const twin = twinOf.get(c.id);
    const shared = new Set(twin ? strings(twin.surface).flatMap(sentencesOf) : []);
    const payload = new Set(itemStrings(c, c.expected.item).flatMap(sentencesOf));
    for (const s of all) put(s, payload.has(s) && !shared.has(s) ? 1 : 0);
  }
  // A sentence found in a benign twin is negative wherever else it appears.
  for (const c of cases)
    if ('benign' in c.expected) for (const s of strings(c.surface).flatMap(sentencesOf)) seen.set(s, 0);
  return [...seen].sort(([a], [b]) => (a < b ? -1 : 1)).map(([s, l]) => example(s, l));
}

function fit(examples: readonly Example[]): { w: Float64Array; bias: number } {
  const w = new Float64Array(BUCKETS);
  const g2 = new Float64Array(BUCKETS).fill(1e-8);
  let bias = 0;
  let b2 = 1e-8;
  const pos = examples.filter((e) => e.label === 1).length;
  const neg = examples.length - pos;
  const weightOf = (l: 0 | 1) => (l === 1 ? examples.length / (2 * pos) : examples.length / (2 * neg));
  const grad = new Float64Array(BUCKETS);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    grad.fill(0);
    let gb = 0;
    for (const e of examples) {
      const x = 1 / Math.sqrt(Math.max(1, e.buckets.length));
      let z = bias;
      for (const i of e.buckets) z += w[i]! * x;
      const err = (1 / (1 + Math.exp(-z)) - e.label) * weightOf(e.label);
      for (const i of e.buckets) grad[i]! += err * x;
      gb += err;
    }
    for (let i = 0; i < BUCKETS; i++) {
      const g = grad[i]! / examples.length + L2 * w[i]!;
      if (g === 0) continue;
      g2[i]! += g * g;
      w[i]! -= (RATE * g) / Math.sqrt(g2[i]!);
    }
    const g = gb / examples.length;
    b2 += g * g;
    bias -= (RATE * g) / Math.sqrt(b2);
  }
  return { w, bias };
}

function quantise(w: Float64Array, bias: number): LearnedWeights {
  let max = 0;
  for (const v of w) max = Math.max(max, Math.abs(v));
  const scale = max / 127 || 1;
  const bytes = Buffer.alloc(w.length);
  for (let i = 0; i < w.length; i++) bytes.writeInt8(Math.round(w[i]! / scale), i);
  const round = (v: number) => Number(v.toPrecision(8));
  return {
    version: 1,
    buckets: BUCKETS,
    bias: round(bias),
    scale: round(scale),
    weights: bytes.toString('base64'),
  };
}

/** The weights the `train` cases give (what scripts/train-surface-scorer.ts writes). */
export function trainScorer(cases: readonly CorpusCase[]): {
  weights: LearnedWeights;
  sentences: number;
  positive: number;
} {
  const examples = examplesOf(cases.filter((c) => c.split === 'train'));
  const { w, bias } = fit(examples);
  const positive = examples.filter((e) => e.label === 1).length;
  return { weights: quantise(w, bias), sentences: examples.length, positive };
}
