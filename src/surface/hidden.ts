/**
 * The raw projection: content a person reading the rendered text does not see but a model
 * receives. Code-point categories (TOOL02), HTML comments, whitespace gaps and encoded runs that
 * decode to text (TOOL03). Linear in the text; every decoded excerpt is escaped.
 */
import { escapeExcerpt, showCodePoint } from '../escape/invisible.js';
import { prefilter } from './prefilter.js';

export type HiddenCategory =
  | 'tag'
  | 'bidi'
  | 'zero-width'
  | 'variation-selector'
  | 'private-use'
  | 'control'
  | 'format'
  | 'bom'
  | 'html-comment'
  | 'whitespace-gap';

export interface HiddenRun {
  readonly category: HiddenCategory;
  /** UTF-16 offsets in the text. */
  readonly start: number;
  readonly end: number;
  /** The raw characters spelled out (`<U+202E>`…). */
  readonly shown: string;
  /** Decoded hidden text (tag characters, comments), escaped; null when nothing decodes. */
  readonly decoded: string | null;
}

const isTag = (cp: number) => cp >= 0xe0000 && cp <= 0xe007f;
const isBidi = (cp: number) => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
const isZeroWidth = (cp: number) =>
  cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0x2060 || cp === 0xfeff || cp === 0x180e;
const isBasicVs = (cp: number) => cp >= 0xfe00 && cp <= 0xfe0f;
const isSuppVs = (cp: number) => cp >= 0xe0100 && cp <= 0xe01ef;
const isPrivate = (cp: number) =>
  (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0xffffd) || (cp >= 0x100000 && cp <= 0x10fffd);
const isControl = (cp: number) =>
  (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f);
const FORMAT = /\p{Cf}/u;
/** Every code point `category` can classify (a superset test, kept in step with the predicates above). */
export const HIDDEN_CANDIDATE =
  // eslint-disable-next-line no-control-regex -- C0 and C1 controls are what it looks for
  /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u180e\u200b-\u200d\u202a-\u202e\u2060\u2066-\u2069\ufeff\ue000-\uf8ff\p{Cf}\u{e0000}-\u{e007f}\p{Variation_Selector}\u{f0000}-\u{ffffd}\u{100000}-\u{10fffd}]/u;
const PICTO = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}/u;

export function category(cp: number, ch: string): HiddenCategory | null {
  if (isTag(cp)) return 'tag';
  if (isBidi(cp)) return 'bidi';
  if (isZeroWidth(cp)) return 'zero-width';
  if (isBasicVs(cp) || isSuppVs(cp)) return 'variation-selector';
  if (isPrivate(cp)) return 'private-use';
  if (isControl(cp)) return 'control';
  if (FORMAT.test(ch)) return 'format';
  return null;
}

/** Decodes a run of tag characters to the ASCII they mirror. */
export function decodeTags(chars: readonly number[]): string {
  return chars
    .filter((cp) => cp >= 0xe0020 && cp <= 0xe007e)
    .map((cp) => String.fromCharCode(cp - 0xe0000))
    .join('');
}

const MAX_RUNS = 200;

/** Letters of the right-to-left scripts, and text made of them and of what has no direction. */
const RTL_LETTER =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;
const RTL_ONLY =
  /^[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}\P{L}]*$/u;
const isIsolateOpen = (cp: number) => cp >= 0x2066 && cp <= 0x2068;
const MAX_ISOLATED = 200;

/**
 * The positions of isolate controls that only wrap right-to-left text: an isolate (LRI, RLI or
 * FSI), right-to-left letters and neutrals, then its PDI. That is how Unicode asks RTL text to be
 * embedded (UAX #9, section 6.3); it reorders nothing a reader would misread. An override or an
 * embedding, or an isolate around Latin text, stays a finding.
 */
function rtlIsolates(cps: readonly { cp: number; ch: string }[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < cps.length; i++) {
    if (!isIsolateOpen(cps[i]!.cp)) continue;
    let j = i + 1;
    while (j < cps.length && j - i <= MAX_ISOLATED && !isBidi(cps[j]!.cp)) j++;
    if (j >= cps.length || cps[j]!.cp !== 0x2069) continue;
    const inner = cps
      .slice(i + 1, j)
      .map((c) => c.ch)
      .join('');
    if (RTL_LETTER.test(inner) && RTL_ONLY.test(inner)) out.add(i).add(j);
  }
  return out;
}

/**
 * Code-point runs of one category. Exempt: ZWJ and VS16 inside emoji sequences, a single basic
 * variation selector after a symbol, tag characters in an emoji flag sequence (🏴 + tags + cancel).
 */
function codePointRuns(text: string): HiddenRun[] {
  const runs: HiddenRun[] = [];
  // Most text has no character of any category: say so without a per-code-point walk.
  if (!HIDDEN_CANDIDATE.test(text)) return runs;
  const cps: { cp: number; ch: string; at: number }[] = [];
  let at = 0;
  for (const ch of text) {
    cps.push({ cp: ch.codePointAt(0)!, ch, at });
    at += ch.length;
  }
  const isolates = rtlIsolates(cps);
  let i = 0;
  while (i < cps.length && runs.length < MAX_RUNS) {
    const c = cps[i]!;
    let cat = category(c.cp, c.ch);
    if (cat === null) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < cps.length && category(cps[j]!.cp, cps[j]!.ch) === cat) j++;
    const prev = i > 0 ? cps[i - 1]!.ch : '';
    const next = j < cps.length ? cps[j]!.ch : '';
    const run = cps.slice(i, j);
    // Exemptions that real text needs.
    if (cat === 'zero-width' && run.every((r) => r.cp === 0x200d) && PICTO.test(prev) && PICTO.test(next))
      cat = null;
    else if (cat === 'zero-width' && run.length === 1 && run[0]!.cp === 0x200c && /\p{L}/u.test(prev))
      cat = null; // ZWNJ inside Persian / Indic words
    else if (
      cat === 'variation-selector' &&
      run.length === 1 &&
      isBasicVs(run[0]!.cp) &&
      (PICTO.test(prev) || /[\p{S}\p{N}\p{Script=Han}]/u.test(prev))
    )
      cat = null;
    else if (cat === 'bidi' && run.every((_, k) => isolates.has(i + k))) cat = null;
    else if (cat === 'tag' && prev === '\u{1F3F4}' && run[run.length - 1]!.cp === 0xe007f) cat = null;
    else if (cat === 'zero-width' && i === 0 && run.length === 1 && run[0]!.cp === 0xfeff) cat = 'bom';
    if (cat !== null) {
      const start = run[0]!.at;
      const last = run[run.length - 1]!;
      const shown = run
        .slice(0, 12)
        .map((r) => showCodePoint(r.cp))
        .join('');
      const decoded = cat === 'tag' ? decodeTags(run.map((r) => r.cp)) : null;
      runs.push({
        category: cat,
        start,
        end: last.at + last.ch.length,
        shown: run.length > 12 ? `${shown}… (${run.length} code points)` : shown,
        decoded: decoded ? escapeExcerpt(decoded, 300) : null,
      });
    }
    i = j;
  }
  return runs;
}

const COMMENT = /<!--([\s\S]*?)(?:-->|$)/g;
/** 40 or more whitespace characters, or 8 or more line breaks with nothing between them. */
const GAP = /[ \t\u00a0\u2000-\u200a\u3000]{40,}|(?:[ \t]*\r?\n){8,}/g;

export function scanHidden(text: string): HiddenRun[] {
  const runs = codePointRuns(text);
  for (const m of text.matchAll(COMMENT)) {
    if (runs.length >= MAX_RUNS) break;
    const body = m[1]!.trim();
    if (body.length === 0) continue;
    runs.push({
      category: 'html-comment',
      start: m.index,
      end: m.index + m[0].length,
      shown: escapeExcerpt(m[0], 80),
      decoded: escapeExcerpt(body, 300),
    });
  }
  for (const m of text.matchAll(GAP)) {
    if (runs.length >= MAX_RUNS) break;
    // A gap only hides something when text follows it.
    if (m.index + m[0].length >= text.trimEnd().length) continue;
    runs.push({
      category: 'whitespace-gap',
      start: m.index,
      end: m.index + m[0].length,
      shown: `${m[0].length} whitespace characters`,
      decoded: null,
    });
  }
  return runs;
}

/** How strongly each category hides text (TOOL02 severity). */
export function hiddenSeverity(cat: HiddenCategory, run: HiddenRun): 'high' | 'medium' {
  if (cat === 'tag' || cat === 'bidi') return 'high';
  if (cat === 'variation-selector' && /E01[0-9A-E][0-9A-F]/.test(run.shown)) return 'high';
  return 'medium';
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(FORMAT, PICTO, RTL_LETTER, RTL_ONLY);
