/**
 * The learned scorer: a logistic regression over hashed word and character n-grams, trained by
 * scripts/train-surface-scorer.ts on the `train` split of the team's development corpus
 * (test/surface/corpus/) and committed as ./learned-weights.json. Pure and offline: the weights
 * are read once, nothing is fetched, the same text always gets the same score.
 *
 * A text is normalised as the judge reads it (./normalise.ts: NFKC, case folded, invisible
 * characters dropped, tag characters and comments decoded), cut into sentences, and each
 * sentence is scored alone: the probability that it directs the agent as a poisoned surface
 * does, and the n-grams that pushed it up the most (the explanation).
 */
import model from './learned-weights.json' with { type: 'json' };
import { normalise } from './normalise.js';
import { prefilter } from './prefilter.js';

export interface LearnedWeights {
  readonly version: number;
  /** Number of hash buckets (a power of two). */
  readonly buckets: number;
  readonly bias: number;
  /** Weight of bucket i = int8 value i of `weights` (base64) × scale. */
  readonly scale: number;
  readonly weights: string;
}

export interface ClauseScore {
  /** The normalised sentence that was scored. */
  readonly clause: string;
  readonly probability: number;
}

const MAX_SENTENCES = 2_000;
const MAX_SENTENCE_CHARS = 600;
const TOP_NGRAMS = 5;

const SENTENCE = /(?<=[.!?])\s+|(?<=[。！？])\s*|\n+|;\s+/;

/**
 * Addresses are replaced by a placeholder word before the features are read: where data goes is
 * the signal, not which host (the corpus uses documentation domains; attackers do not).
 */
const TLD = '(?:com|net|org|io|dev|app|example|co|ai|xyz)';
const HAS_TLD = new RegExp(`\\.${TLD}\\b`);

/** Each address pattern with a cheaper test that every match needs (it skips the pattern when false). */
const ADDRESSES: readonly (readonly [RegExp, string, (s: string) => boolean])[] = [
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)\]]+/g, ' xurlx ', (s) => s.includes('://')],
  [/[^\s@"'<>(),;:]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/g, ' xemailx ', (s) => s.includes('@')],
  [new RegExp(`\\b(?:[a-z0-9-]+\\.)+${TLD}\\b(?:\\/[^\\s"'<>)]*)?`, 'g'), ' xhostx ', (s) => HAS_TLD.test(s)],
];

/** Runs of whitespace other than one space (what `masked` collapses). */
const LOOSE_SPACE = /\s\s|[^\S ]/;

function masked(s: string): string {
  let t = s;
  for (const [re, word, may] of ADDRESSES) if (may(t)) t = t.replace(re, word);
  return LOOSE_SPACE.test(t) ? t.replace(/\s+/g, ' ') : t;
}

const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

/** 32-bit FNV-1a of `s`, continued from state `h`. */
function fnv(s: string, h = OFFSET): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), PRIME);
  return h >>> 0;
}

const WORD_SEED = fnv('w:');
const CHAR_SEED = fnv('c:');
const SPACE = ' '.charCodeAt(0);

const wide = (c: number): boolean =>
  (c >= 0x3040 && c <= 0x30ff) ||
  (c >= 0x3400 && c <= 0x9fff) ||
  (c >= 0xf900 && c <= 0xfaff) ||
  (c >= 0xac00 && c <= 0xd7af);

/** The sentence as its character n-grams see it: whitespace collapsed, one space at each end. */
const padded = (sentence: string): string =>
  LOOSE_SPACE.test(sentence) ? ` ${sentence.replace(/\s+/g, ' ').trim()} ` : ` ${sentence} `;

/**
 * A word character: ASCII letters, digits and `_` (the text is case folded), and any letter of
 * another script (from U+00C0 on, but not the punctuation, symbol and space blocks).
 */
function wordChar(c: number): boolean {
  if (c < 0x80)
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || (c >= 0x41 && c <= 0x5a);
  if (c < 0xc0 || c === 0xd7 || c === 0xf7) return false;
  if (c >= 0x2000 && c <= 0x2bff) return false;
  if (c >= 0x3000 && c <= 0x303f) return false;
  if (c >= 0xfe30 && c <= 0xfe4f) return false;
  if ((c >= 0xff00 && c <= 0xff0f) || (c >= 0xff1a && c <= 0xff20) || (c >= 0xff3b && c <= 0xff40))
    return false;
  return !(c >= 0xff5b && c <= 0xff65);
}

/** The words of a sentence: maximal runs of word characters. */
function words(sentence: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= sentence.length; i++) {
    const w = i < sentence.length && wordChar(sentence.charCodeAt(i));
    if (w && start < 0) start = i;
    else if (!w && start >= 0) {
      out.push(sentence.slice(start, i));
      start = -1;
    }
  }
  return out;
}

/** Distinct buckets of the sentence being read: a stamp per bucket, reset by bumping `id`. */
let stamp = new Uint32Array(0);
let id = 0;
let mask = 0;
let found = new Int32Array(1024);
let count = 0;
/** While scoring: the weights, and the running sum over the distinct buckets (in `found` order). */
let summed: Float32Array | null = null;
let sum = 0;

function put(hash: number): void {
  const b = hash & mask;
  if (stamp[b] === id) return;
  stamp[b] = id;
  if (summed !== null) {
    sum += summed[b]!;
    count++;
    return;
  }
  if (count === found.length) {
    const next = new Int32Array(found.length * 2);
    next.set(found);
    found = next;
  }
  found[count++] = b;
}

/**
 * The distinct buckets of every feature of one normalised sentence, in `found[0..count)`: word
 * unigrams and bigrams (`w:`), and character 3- to 5-grams (`c:`) with 2-grams where a script
 * has no word spaces. The hash of a feature is the FNV-1a of its name (`w:to the`, `c: sen`),
 * computed without building the strings; `featuresOf` gives the same names as strings.
 */
function collect(sentence: string, buckets: number): void {
  if (stamp.length !== buckets) {
    stamp = new Uint32Array(buckets);
    id = 0;
  }
  mask = buckets - 1;
  if (++id === 0xffffffff) {
    stamp.fill(0);
    id = 1;
  }
  count = 0;
  collectWords(sentence);
  const s = padded(sentence);
  const len = s.length;
  for (let i = 0; i + 2 <= len; i++) {
    let h = CHAR_SEED;
    let isWide = false;
    const end = Math.min(len, i + 5);
    for (let j = i; j < end; j++) {
      const c = s.charCodeAt(j);
      if (c >= 0x3040) isWide ||= wide(c);
      h = Math.imul(h ^ c, PRIME);
      const n = j - i + 1;
      if (n >= 3 || (n === 2 && isWide)) put(h >>> 0);
    }
  }
}

/**
 * The word unigrams and bigrams of `collect`, hashed as `words` would cut them, in one pass: the
 * unigram `w:word` and the bigram `w:prev word` (the previous word's hash, a space, the word).
 */
function collectWords(sentence: string): void {
  let prev = -1;
  let h = 0;
  let bi = 0;
  let inWord = false;
  for (let i = 0; i <= sentence.length; i++) {
    const c = i < sentence.length ? sentence.charCodeAt(i) : -1;
    if (c >= 0 && wordChar(c)) {
      if (!inWord) {
        inWord = true;
        h = WORD_SEED;
        bi = prev >= 0 ? Math.imul(prev ^ SPACE, PRIME) : 0;
      }
      h = Math.imul(h ^ c, PRIME);
      bi = Math.imul(bi ^ c, PRIME);
    } else if (inWord) {
      inWord = false;
      put(h >>> 0);
      if (prev >= 0) put(bi >>> 0);
      prev = h >>> 0;
    }
  }
}

/** The features of one normalised sentence by name (for the explanation and the tests). */
export function featuresOf(sentence: string): string[] {
  const out = new Set<string>();
  const ws = words(sentence);
  for (let i = 0; i < ws.length; i++) {
    out.add(`w:${ws[i]!}`);
    if (i > 0) out.add(`w:${ws[i - 1]!} ${ws[i]!}`);
  }
  const s = padded(sentence);
  for (let n = 2; n <= 5; n++)
    for (let i = 0; i + n <= s.length; i++) {
      const g = s.slice(i, i + n);
      if (n > 2 || [...g].some((c) => wide(c.charCodeAt(0)))) out.add(`c:${g}`);
    }
  return [...out];
}

/** The bucket of a named feature. */
export const bucketOf = (feature: string, buckets: number): number => fnv(feature) & (buckets - 1);

/** The distinct buckets of a sentence's features (what training and scoring read). */
export function bucketsOf(sentence: string, buckets: number): number[] {
  collect(sentence, buckets);
  return Array.from(found.subarray(0, count));
}

/** The sentences of a text as the scorer reads them: the visible text, then the hidden parts. */
export function sentencesOf(text: string): string[] {
  const n = normalise(text);
  const out: string[] = [];
  for (const part of [n.text, ...n.hidden]) {
    for (const s of part.split(SENTENCE)) {
      const t = s.trim();
      if (t.length > 1) out.push(masked(t.slice(0, MAX_SENTENCE_CHARS)).trim());
      if (out.length >= MAX_SENTENCES) return out;
    }
  }
  return out;
}

interface Loaded {
  readonly w: Float32Array;
  readonly bias: number;
  readonly buckets: number;
}

let loaded: Loaded | null = null;

function weights(): Loaded {
  if (loaded) return loaded;
  const m = model as LearnedWeights;
  const bytes = Buffer.from(m.weights, 'base64');
  const w = new Float32Array(m.buckets);
  for (let i = 0; i < m.buckets; i++) w[i] = (((bytes[i] ?? 0) << 24) >> 24) * m.scale;
  loaded = { w, bias: m.bias, buckets: m.buckets };
  return loaded;
}

/** The logit of one normalised sentence: bias + Σ weight / √(distinct buckets). */
function logit(sentence: string): number {
  const { w, bias, buckets } = weights();
  // The same sum, in the same order, as adding w[found[i]] after `collect`: buckets are summed as found.
  summed = w;
  sum = 0;
  try {
    collect(sentence, buckets);
  } finally {
    summed = null;
  }
  return count === 0 ? bias : bias + sum / Math.sqrt(count);
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Scores one normalised sentence. */
export function scoreSentence(sentence: string): ClauseScore {
  return { clause: sentence, probability: sigmoid(logit(sentence)) };
}

/** The n-grams of a sentence whose weights pushed its score up the most, strongest first. */
export function explain(sentence: string): string[] {
  const { w, buckets } = weights();
  // Words read better than character runs: words first, then the strongest character n-grams.
  const contrib = featuresOf(sentence)
    .map((f) => [f, (w[bucketOf(f, buckets)] ?? 0) * (f.startsWith('w:') ? 4 : 1)] as const)
    .filter(([, c]) => c > 0);
  contrib.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return [...new Set(contrib.map(([f]) => f.slice(2).trim()))].slice(0, TOP_NGRAMS);
}

const PLACEHOLDERS = new Set(['xurlx', 'xemailx', 'xhostx']);

/**
 * A sentence that could instruct: four words besides the address placeholders, or six letters
 * of a script written without spaces. A bare value (a URL as a default, an enum member) is no
 * instruction, whatever the n-grams of the placeholder weigh.
 */
export function canInstruct(sentence: string): boolean {
  return (
    atLeast(LETTER_WORD, sentence, 4, (w) => !PLACEHOLDERS.has(w.toLowerCase())) || atLeast(WIDE, sentence, 6)
  );
}

const LETTER_WORD = /\p{L}{2,}/gu;
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** Whether `re` (global) matches `s` at least `n` times that `keep` accepts; stops at the n-th. */
function atLeast(re: RegExp, s: string, n: number, keep: (m: string) => boolean = () => true): boolean {
  re.lastIndex = 0;
  let seen = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s))
    if (keep(m[0]) && ++seen >= n) {
      re.lastIndex = 0;
      return true;
    }
  return false;
}

/** The highest-scoring sentence of a text that could instruct (`canInstruct`), or null when it has none. */
export function scoreText(text: string): ClauseScore | null {
  let best: string | null = null;
  let top = -Infinity;
  for (const s of sentencesOf(text)) {
    if (!canInstruct(s)) continue;
    const z = logit(s);
    if (z > top) {
      top = z;
      best = s;
    }
  }
  return best === null ? null : scoreSentence(best);
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(HAS_TLD, LOOSE_SPACE);
