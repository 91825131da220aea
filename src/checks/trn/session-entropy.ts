/**
 * Session-ID strength heuristics for TRN08. A handful of samples can refute a
 * generator (identical, counting, too little variation) but never prove it is
 * cryptographically secure, so every estimate here errs low.
 *
 * Entropy method (`estimateEntropy`), per sample, the set's estimate being the minimum:
 * 1. Strip the prefix and suffix every sample shares (constant framing such as
 *    `mcp-session-`). With few samples a random ID can share its first or last
 *    characters by chance; they are stripped anyway (under-estimate, the safe side).
 * 2. A UUID in the sample is credited by version from its random bit positions:
 *    v4 122 bits, v7 74 bits (its 48-bit millisecond timestamp is predictable),
 *    minus the random digits that fell into the stripped prefix or suffix. Other
 *    versions (v1/v6 time+node, v3/v5 name hashes, v8) get the generic estimate.
 * 3. The rest of the distinct part: counted characters × log2(alphabet). The
 *    alphabet comes from the character classes seen across all samples' distinct
 *    parts: digits 10; hex in one case 16; letters+digits in one case 36; mixed-case
 *    alphanumerics 62; alphanumerics plus `-`/`_` (base64url) or `+`/`/` (base64) 64.
 *    Any other punctuation (separators such as `-`, `.`, `:` in non-base64 IDs) and
 *    `=` padding count 0 bits.
 * JWT-shaped IDs are measured the same way; their signature looks random even when
 * the token is deterministic per user, which is why TRN08 lowers its confidence.
 */

/** Policy threshold (docs/model/severity.md#policy-thresholds). */
export const MIN_SESSION_ENTROPY_BITS = 64;

export interface EntropyEstimate {
  /** Lowest per-sample estimate, in bits (0 for no samples). */
  readonly bits: number;
  readonly perSample: readonly number[];
  /** Prefix and suffix shared by every sample (stripped before estimating). */
  readonly prefix: string;
  readonly suffix: string;
  /** How the lowest sample was measured, in words. */
  readonly method: string;
}

/** Longest prefix and suffix shared by all values; they never overlap within the shortest value. */
export function commonAffixes(values: readonly string[]): { prefix: string; suffix: string } {
  if (values.length < 2) return { prefix: '', suffix: '' };
  const shortest = Math.min(...values.map((v) => v.length));
  let p = 0;
  while (p < shortest && values.every((v) => v[p] === values[0]![p])) p++;
  let q = 0;
  const at = (v: string, i: number) => v[v.length - 1 - i];
  while (q < shortest - p && values.every((v) => at(v, q) === at(values[0]!, q))) q++;
  const first = values[0]!;
  return { prefix: first.slice(0, p), suffix: first.slice(first.length - q) };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{12}/i;

/** Random bits carried by each of the 36 characters of a UUID of a credited version. */
function uuidBitTable(version: '4' | '7'): number[] {
  const table: number[] = [];
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23)
      table.push(0); // hyphens
    else if (i === 14)
      table.push(0); // version nibble
    else if (i === 19)
      table.push(2); // variant nibble: two random bits
    else if (version === '7' && i < 13)
      table.push(0); // unix_ts_ms
    else table.push(4);
  }
  return table;
}

interface UuidSpan {
  readonly start: number;
  readonly end: number;
  readonly version: '4' | '7';
}

function creditedUuid(value: string): UuidSpan | null {
  const m = UUID.exec(value);
  if (!m) return null;
  const version = m[1];
  const variantOk = /[89ab]/i.test(m[2]!);
  if (!variantOk || (version !== '4' && version !== '7')) return null;
  return { start: m.index, end: m.index + 36, version };
}

interface Alphabet {
  readonly size: number;
  counts(c: string): boolean;
}

/** The alphabet implied by the characters seen (see the method above). */
export function inferAlphabet(chars: string): Alphabet {
  const digit = /[0-9]/.test(chars);
  const lower = /[a-z]/.test(chars);
  const upper = /[A-Z]/.test(chars);
  const alnum = (c: string) => /[0-9A-Za-z]/.test(c);
  if (!lower && !upper) return { size: digit ? 10 : 1, counts: (c) => /[0-9]/.test(c) };
  if (!/[g-z]/i.test(chars) && !(lower && upper)) return { size: 16, counts: (c) => /[0-9a-f]/i.test(c) };
  const size = (digit ? 10 : 0) + (lower ? 26 : 0) + (upper ? 26 : 0);
  if (size === 62 && /[+/]/.test(chars))
    return { size: 64, counts: (c) => alnum(c) || c === '+' || c === '/' };
  if (size === 62 && /[-_]/.test(chars))
    return { size: 64, counts: (c) => alnum(c) || c === '-' || c === '_' };
  return { size, counts: alnum };
}

/** Conservative entropy estimate of a set of session IDs (method in the module comment). */
export function estimateEntropy(values: readonly string[]): EntropyEstimate {
  if (values.length === 0) return { bits: 0, perSample: [], prefix: '', suffix: '', method: 'no samples' };
  const { prefix, suffix } = commonAffixes(values);
  const p = prefix.length;
  const q = suffix.length;
  const parts = values.map((v) => {
    const lo = p;
    const hi = v.length - q;
    const uuid = creditedUuid(v);
    let credit = 0;
    let rest = v.slice(lo, hi);
    if (uuid && uuid.end > lo && uuid.start < hi) {
      const table = uuidBitTable(uuid.version);
      for (let i = uuid.start; i < uuid.end; i++) if (i >= lo && i < hi) credit += table[i - uuid.start]!;
      rest = v.slice(lo, Math.max(lo, uuid.start)) + v.slice(Math.min(hi, uuid.end), hi);
    }
    return { uuid: credit > 0 ? uuid : null, credit, rest };
  });
  const alphabet = inferAlphabet(parts.map((x) => x.rest).join(''));
  const perChar = alphabet.size > 1 ? Math.log2(alphabet.size) : 0;
  const perSample = parts.map((x) => {
    const counted = [...x.rest].filter((c) => alphabet.counts(c)).length;
    return round1(x.credit + counted * perChar);
  });
  const bits = Math.min(...perSample);
  const low = parts[perSample.indexOf(bits)]!;
  const generic = `${[...low.rest].filter((c) => alphabet.counts(c)).length} characters × log2(${alphabet.size})`;
  const method = low.uuid
    ? `UUIDv${low.uuid.version} (${low.credit} bits)${low.rest ? ` + ${generic}` : ''}`
    : generic;
  return { bits, perSample, prefix, suffix, method };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

export interface SequenceFinding {
  readonly base: 10 | 16;
  /** Largest absolute difference between consecutive distinct samples. */
  readonly maxDelta: bigint;
}

const SEQUENCE_DELTA = 1_000_000n;

/**
 * Integer or hex counters and timestamps: the varying run of characters (widened to
 * the whole digit run around it) parses as a number in every sample and consecutive
 * samples differ by less than 10^6. Small runs (fewer than 10^7 values) only count
 * when they step up by at most 1000 each time, so a random 6-digit ID is `short`,
 * not `sequential`.
 */
export function detectSequence(values: readonly string[]): SequenceFinding | null {
  const distinct = [...new Set(values)];
  if (distinct.length < 2) return null;
  const { prefix, suffix } = commonAffixes(distinct);
  for (const base of [10, 16] as const) {
    const cls = base === 10 ? /^[0-9]$/ : /^[0-9a-f]$/i;
    let p = prefix.length;
    let q = suffix.length;
    const first = distinct[0]!;
    while (p > 0 && cls.test(first[p - 1]!)) p--;
    while (q > 0 && cls.test(first[first.length - q]!)) q--;
    const runs = distinct.map((v) => v.slice(p, v.length - q));
    if (runs.some((r) => r.length === 0 || ![...r].every((c) => cls.test(c)))) continue;
    const nums = runs.map((r) => BigInt(base === 10 ? r : `0x${r}`));
    const deltas = nums.slice(1).map((n, i) => n - nums[i]!);
    const abs = deltas.map((d) => (d < 0n ? -d : d));
    if (!abs.every((d) => d > 0n && d < SEQUENCE_DELTA)) continue;
    const space = BigInt(base) ** BigInt(Math.max(...runs.map((r) => r.length)));
    const counting = deltas.every((d) => d > 0n && d <= 1000n);
    if (space < 10_000_000n && !counting) continue;
    return { base, maxDelta: abs.reduce((a, b) => (b > a ? b : a), 0n) };
  }
  return null;
}

/** Characters outside visible ASCII (0x21–0x7E); an empty ID fails too. */
export function hasInvalidCharset(value: string): boolean {
  return value.length === 0 || !/^[\x21-\x7e]+$/.test(value);
}

/** Values issued more than once. */
export function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

/** Three base64url segments, the first decoding to a JSON header. */
export function isJwtShaped(value: string): boolean {
  return /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value);
}
