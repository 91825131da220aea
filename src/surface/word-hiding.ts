/**
 * Invisible characters used to hide words (TOOL02, issue 22), beyond their mere presence:
 *   - splitting words: zero-width or other invisible format characters between two Latin, Greek or
 *     Cyrillic letters ("ig\u200Bnore" reads "ignore" to a model and evades a phrase filter), three
 *     times or more in one string, or strewn beside letters eight times or more;
 *   - carrying bits: a run of two kinds of zero-width character only, long enough for eight or more
 *     bytes, that reads as text with one kind as 0 and the other as 1 (as tag characters carry ASCII).
 * Honest neighbours stay out: ZWJ in emoji and ZWNJ in Persian or Indic words are exempt before this
 * (./hidden.ts); a soft hyphen is typography; scripts written without spaces (Thai, Khmer, CJK)
 * take zero-width spaces as word breaks and are not Latin, Greek or Cyrillic letters.
 */
import type { HiddenCategory, HiddenRun } from './hidden.js';

/** Letters of the scripts whose words an invisible character has no business splitting. */
const WORD_LETTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
/** Typography, not hiding: the soft hyphen and the directional marks. */
const TYPOGRAPHY = /^[\u00ad\u200e\u200f\u061c]+$/;
const SPLITS_NEEDED = 3;
const STREWN_NEEDED = 8;
const MIN_BITS = 64;
const MAX_BITS = 8 * 4_096;

/** The code point before `at` and the one at `at` (surrogate pairs whole). */
function before(text: string, at: number): string {
  const c = text.charCodeAt(at - 1);
  return c >= 0xdc00 && c <= 0xdfff && at >= 2 ? text.slice(at - 2, at) : text.slice(at - 1, at);
}
function after(text: string, at: number): string {
  return String.fromCodePoint(text.codePointAt(at) ?? 0x20);
}

/** The text a run of two zero-width kinds spells as bits, either way round; null when neither reads. */
export function zeroWidthBits(run: string): string | null {
  const cps = [...run].map((ch) => ch.codePointAt(0)!);
  const kinds = [...new Set(cps)];
  if (kinds.length !== 2 || cps.length < MIN_BITS || cps.length > MAX_BITS) return null;
  for (const one of kinds) {
    const bytes: number[] = [];
    for (let i = 0; i + 8 <= cps.length; i += 8)
      bytes.push(cps.slice(i, i + 8).reduce((b, cp) => (b << 1) | (cp === one ? 1 : 0), 0));
    const s = Buffer.from(bytes).toString('utf8');
    const printable = s.match(/[\p{L}\p{N}\p{P}\p{S} ]/gu)?.length ?? 0;
    if (/\p{L}{3,}/u.test(s) && / /.test(s) && printable >= [...s].length * 0.9) return s;
  }
  return null;
}

export interface WordHiding {
  /** Categories whose runs in this string split or strew words: high. */
  readonly hiding: ReadonlySet<HiddenCategory>;
  /** Text carried as zero-width bits, by run. */
  readonly carried: ReadonlyMap<HiddenRun, string>;
}

/** How the invisible runs of one string hide words (see the module comment). */
export function wordHiding(text: string, runs: readonly HiddenRun[]): WordHiding {
  const hiding = new Set<HiddenCategory>();
  const carried = new Map<HiddenRun, string>();
  const splits = new Map<HiddenCategory, number>();
  const strewn = new Map<HiddenCategory, number>();
  for (const run of runs) {
    if (run.category !== 'zero-width' && run.category !== 'format') continue;
    const raw = text.slice(run.start, run.end);
    if (TYPOGRAPHY.test(raw)) continue;
    const bits = run.category === 'zero-width' ? zeroWidthBits(raw) : null;
    if (bits !== null) {
      carried.set(run, bits);
      hiding.add(run.category);
      continue;
    }
    const l = WORD_LETTER.test(before(text, run.start));
    const r = WORD_LETTER.test(after(text, run.end));
    if (l && r) splits.set(run.category, (splits.get(run.category) ?? 0) + 1);
    if (l || r) strewn.set(run.category, (strewn.get(run.category) ?? 0) + 1);
  }
  for (const [cat, n] of splits) if (n >= SPLITS_NEEDED) hiding.add(cat);
  for (const [cat, n] of strewn) if (n >= STREWN_NEEDED) hiding.add(cat);
  return { hiding, carried };
}
