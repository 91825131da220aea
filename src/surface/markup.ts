/**
 * What the judge reads as hidden beyond comments and tag characters (./normalise.ts): text that a
 * rendered view, a terminal or a casual reader does not show, though the model reads it. Elements
 * hidden by attribute or style (display:none, zero font size, zero opacity, white or transparent
 * text, moved off screen, `hidden`), the folded body of `<details>`, tags that say they hide
 * (`<secret>`, `[hidden]`), markdown link titles and image alt text, text an ANSI conceal code
 * switches off, and text pushed out of view by a long whitespace gap. ./signals.ts reads these
 * parts as hidden clauses. Every pattern is bounded, so each is linear in the text.
 */
import { normalise, skeleton } from './normalise.js';
import type { Normalised } from './normalise.js';
import { prefilter } from './prefilter.js';

/** An element with its attributes and a body without nested tags. */
const ELEMENT = /<([a-z][a-z0-9-]{0,20})\b([^<>]{0,400})>([^<]{0,2000})<\/\1\s*>/g;
/** Attributes that keep an element out of the rendered view. */
const HIDING =
  /(^|[\s"';])hidden\b(?!\s*=\s*["']?false)|\b(visually|sr|screen-reader)[-_]hidden\b|aria-hidden\s*=\s*["']?true|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9])|opacity\s*:\s*0(?![.\d]*[1-9])|(^|[^-\w])color\s*:\s*(#fff\b|#ffffff\b|white\b|transparent\b)|\bcolor\s*=\s*["']?(#fff\b|#ffffff\b|white\b)|\b(left|top|text-indent|margin-left)\s*:\s*-\d{3,}|\b(width|height|max-height)\s*:\s*0(px)?\s*(;|["']|$)|clip\s*:\s*rect\(\s*0/;
/** Tags whose name says the text is hidden or only for the model. */
const CONCEAL_TAG =
  /^(secret|hidden|hide|invisible|private|internal|ai[-_]?only|for[-_]ai|model[-_]only|llm[-_]only)$/;
const BRACKET_TAG = /\[(hidden|secret|invisible|hide)\]([^[\]]{1,2000})\[\/\1\]/g;
/** The body of `<details>` after its summary: folded away until a reader opens it. */
const DETAILS =
  /<details\b[^<>]{0,200}>\s*(?:<summary\b[^<>]{0,200}>[^<]{0,300}<\/summary>)?([^<]{1,2000})<\/details>/g;
/** A markdown link title (`[text](url "title")`) and image alt text (`![alt](url)`). */
const LINK_TITLE = /\]\(\s*[^\s()]{1,500}\s+(?:"([^"\n]{1,500})"|'([^'\n]{1,500})')\s*\)/g;
const IMAGE_ALT = /!\[([^\]\n]{1,500})\]\(/g;
/** ANSI conceal (SGR 8): what follows until the next escape is not drawn. */
// eslint-disable-next-line no-control-regex -- ANSI escapes are what it looks for
const ANSI_CONCEAL = /\x1b\[(?:\d{1,3};){0,8}8(?:;\d{1,3}){0,8}m([^\x1b]{1,2000})/g;
/** 40 or more spaces, or 8 or more line breaks (as ./hidden.ts reports a gap). */
const GAP = /[ \t\u00a0\u2000-\u200a\u3000]{40,}|(?:[ \t]*\r?\n){8,}/g;

const TEXT_AFTER = /\s*\S/y;

/** The first gap with text after it, or null (a gap at the end hides nothing). */
function gapAt(raw: string): { start: number; end: number } | null {
  if (raw.length < 40 && !raw.includes('\n')) return null;
  for (const m of raw.matchAll(GAP)) {
    const end = m.index + m[0].length;
    TEXT_AFTER.lastIndex = end;
    if (TEXT_AFTER.test(raw)) return { start: m.index, end };
  }
  return null;
}

/**
 * Markup quoted as an example ("comments such as <!-- … -->", "<!-- … --> のような"): a security
 * tool describing hidden text. Its body is mentioned, not used.
 */
const EXEMPLIFIED =
  /(?:such as|like|e\.g\.?,?|for example|for instance|including|i\.e\.?,?|called|["'`“«])\s*(<!--|<[a-z][a-z0-9-]{0,20}\b[^<>]{0,400}>|\[hidden\]|!\[)([^<>\]]{1,400})|(<!--|<[a-z][a-z0-9-]{0,20}\b[^<>]{0,400}>)([^<>]{1,400})(?:-->|<\/[a-z][a-z0-9-]{0,20}>)\s*["'`”»]?\s*(?:のような|などの|のように|等の|这样的|之类的|など)/g;

/** The hidden parts the raw text quotes as examples, to be read as mentioned. */
function exemplified(raw: string, hidden: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  if (hidden.length === 0 || (!raw.includes('<') && !raw.includes('['))) return out;
  for (const m of skeleton(raw).matchAll(EXEMPLIFIED)) {
    const body = (m[2] ?? m[4] ?? '').replace(/--$/, '').replace(/\s+/g, ' ').trim();
    if (body.length > 0) for (const h of hidden) if (h.includes(body) || body.includes(h)) out.add(h);
  }
  return out;
}

/** The judge's view: the normalised text, its hidden parts, and those of them quoted as examples. */
export interface JudgedView extends Normalised {
  readonly exemplified: ReadonlySet<string>;
}

/** Cuts the hidden parts out of normalised text, each part once. */
function pullMarkup(n: Normalised): Normalised {
  let text = n.text;
  const hidden = [...n.hidden];
  const take = (body: string | undefined): string => {
    const b = (body ?? '').replace(/\s+/g, ' ').trim();
    if (b.length > 0) hidden.push(b);
    return ' ';
  };
  if (text.includes('<')) {
    text = text.replace(DETAILS, (_m, body: string) => take(body));
    text = text.replace(ELEMENT, (m, tag: string, attrs: string, body: string) =>
      CONCEAL_TAG.test(tag) || HIDING.test(attrs) ? take(body) : m,
    );
  }
  if (text.includes('[')) {
    if (/\[(hidden|secret|invisible|hide)\]/.test(text))
      text = text.replace(BRACKET_TAG, (_m, _t: string, body: string) => take(body));
    if (text.includes('](')) {
      text = text.replace(LINK_TITLE, (_m, a?: string, b?: string) => `${take(a ?? b)})`);
      text = text.replace(IMAGE_ALT, (_m, alt: string) => `![${take(alt)}](`);
    }
  }
  if (text.includes('\x1b')) text = text.replace(ANSI_CONCEAL, (_m, body: string) => take(body));
  return hidden.length === n.hidden.length ? n : { text: text.replace(/ {2,}/g, ' ').trim(), hidden };
}

/**
 * The judge's view of one string: ./normalise.ts, then the hidden markup pulled out; text after a
 * long whitespace gap is hidden as a whole.
 */
export function judgedView(raw: string): JudgedView {
  const gap = gapAt(raw);
  let n: Normalised;
  if (gap === null) n = pullMarkup(normalise(raw));
  else {
    const head = normalise(raw.slice(0, gap.start));
    const tail = normalise(raw.slice(gap.end));
    n = pullMarkup({ text: head.text, hidden: [...head.hidden, tail.text, ...tail.hidden] });
  }
  return { ...n, exemplified: exemplified(raw, n.hidden) };
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(HIDING, CONCEAL_TAG, TEXT_AFTER);
