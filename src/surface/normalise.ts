/**
 * The normalised projection, for phrase matching: tag characters decoded into the text, zero-width
 * and other format characters removed, NFKC, case folded, homoglyphs folded to their Latin
 * skeleton, and markdown/HTML comments pulled out as separate segments (text hidden from the
 * rendered view is judged on its own and counts as hidden).
 */
import { decodeTags } from './hidden.js';
import { prefilter } from './prefilter.js';

export interface Normalised {
  /** The visible text, normalised (comments removed). */
  readonly text: string;
  /** Comment bodies and tag-decoded text, normalised: what a reader of the rendered text misses. */
  readonly hidden: readonly string[];
}

/**
 * Latin look-alikes from Cyrillic, Greek and a few symbol blocks (Unicode TR39 calls the folded
 * form a skeleton). Only letters that are near-identical in common fonts.
 */
const HOMOGLYPHS: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ɑ: 'a',
  ı: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  ℓ: 'l',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '−': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '＂': '"',
};

/** Format characters, and variation selectors (which are marks, not format characters). */
const FORMAT_OR_INVISIBLE = /\p{Cf}|\u180e|[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]/gu;
// eslint-disable-next-line no-control-regex -- the whole ASCII range, controls included
const ASCII = /^[\x00-\x7f]*$/;
const TAG_RUN = /[\u{e0000}-\u{e007f}]+/gu;
const HTML_COMMENT = /<!--([\s\S]*?)(?:-->|$)/g;
/** Markdown reference-style comments: `[//]: # (text)` or `[comment]: <> (text)`. */
const MD_COMMENT = /^\s*\[(?:\/\/|comment)\]:\s*(?:#|<>)\s*(?:\((.*)\)|"(.*)")\s*$/gim;

/** Skeleton of one string: NFKC, lower case, homoglyphs folded, invisible characters dropped. */
export function skeleton(text: string): string {
  // ASCII holds no tag, format or variation character, NFKC leaves it as it is, and it has no
  // homoglyph: its skeleton is its lower case.
  if (ASCII.test(text)) return text.toLowerCase();
  const folded = text.replace(TAG_RUN, '').normalize('NFKC').toLowerCase().replace(FORMAT_OR_INVISIBLE, '');
  // No homoglyph is ASCII: ASCII text is its own skeleton.
  if (ASCII.test(folded)) return folded;
  let out = '';
  for (const ch of folded) out += HOMOGLYPHS[ch] ?? ch;
  return out;
}

/** Collapse whitespace after folding (text with single spaces only is left as it is, but trimmed). */
const tidy = (s: string) => (/[\t\u00a0]| {2}/.test(s) ? s.replace(/[ \t\u00a0]+/g, ' ') : s).trim();

/**
 * Several checks normalise the same strings: a memo keeps that to once. It lives as long as the
 * process (a fleet scans many targets), so it is bounded by entries and by characters held: a
 * hostile server's strings are capped at 16 384 characters each, but 20 000 of them are not small.
 */
const MEMO = new Map<string, Normalised>();
// As many entries as the surface may hold strings (extract.ts MAX_STRINGS): a smaller memo is
// cleared before the next check reads the same strings again.
const MEMO_MAX = 100_000;
const MEMO_MAX_CHARS = 4_000_000;
let memoChars = 0;

export function normalise(text: string): Normalised {
  const known = MEMO.get(text);
  if (known) return known;
  const n = normaliseOnce(text);
  if (MEMO.size >= MEMO_MAX || memoChars + text.length > MEMO_MAX_CHARS) {
    MEMO.clear();
    memoChars = 0;
  }
  MEMO.set(text, n);
  memoChars += text.length;
  return n;
}

function normaliseOnce(text: string): Normalised {
  const hidden: string[] = [];
  // Each of these needs a character outside ASCII, `<!--`, or `]:`: without them there is none.
  const ascii = ASCII.test(text);
  const tags = ascii ? null : text.match(TAG_RUN);
  if (tags)
    for (const t of tags) {
      const decoded = decodeTags([...t].map((c) => c.codePointAt(0)!));
      if (decoded.trim()) hidden.push(tidy(skeleton(decoded)));
    }
  let visible = !text.includes('<!--')
    ? text
    : text.replace(HTML_COMMENT, (_m, body: string) => {
        if (body.trim()) hidden.push(tidy(skeleton(body)));
        return ' ';
      });
  if (visible.includes(']:'))
    visible = visible.replace(MD_COMMENT, (_m, a?: string, b?: string) => {
      const body = a ?? b ?? '';
      if (body.trim()) hidden.push(tidy(skeleton(body)));
      return ' ';
    });
  // A run of numeric character references reads as text to the model and as noise to a person.
  if (visible.includes('&#'))
    visible = visible.replace(ENTITY_RUN, (run) => {
      const decoded = decodeEntities(run);
      if (decoded.trim()) hidden.push(tidy(skeleton(decoded)));
      return ' ';
    });
  return { text: tidy(skeleton(visible)), hidden };
}

/** Six or more numeric character references in a row (`&#70;&#111;…`, `&#x46;…`). */
const ENTITY_RUN = /(?:&#(?:\d{1,7}|x[0-9a-f]{1,6});?\s?){6,}/gi;

function decodeEntities(run: string): string {
  return run.replace(/&#(x[0-9a-f]{1,6}|\d{1,7});?\s?/gi, (_m, n: string) => {
    const code = n[0] === 'x' || n[0] === 'X' ? parseInt(n.slice(1), 16) : parseInt(n, 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  });
}

/** Name skeleton for confusable comparison (TOOL09): also folds digits and separators. */
export function nameSkeleton(name: string): string {
  return skeleton(name.replace(/I/g, 'l'))
    .replace(/0/g, 'o')
    .replace(/[1|]/g, 'l')
    .replace(/5/g, 's')
    .replace(/rn/g, 'm')
    .replace(/[-.\s]/g, '_');
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(ASCII);
