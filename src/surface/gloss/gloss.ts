/**
 * Reading other languages: a clause in German, French, Spanish, Portuguese, Italian, Japanese or
 * Chinese is glossed word by word into English, and the English rules read the gloss. The gloss is
 * crude (word order stays the source's), but the rules read concepts in a clause (an addressee, a
 * directive, a source, an act, a sink), not word order, so a gloss carries what they need. What is
 * not in the glossary (names, URLs, paths) stays as it is. The excerpt shown to the user is the
 * server's own text, never the gloss.
 */
import type { GlossLanguage, GlossTable } from './types.js';
import { GLOSS_TABLES } from './tables.js';
import { prefilter } from '../prefilter.js';
import { memoText } from '../memo.js';

/**
 * One form of a glossary: matched where it starts, at a word's start (Latin) or anywhere (CJK), by
 * plain string comparison (a glossary holds thousands of forms: a regular expression each would
 * cost tens of megabytes).
 */
interface Form {
  readonly length: number;
  readonly order: number;
  /** The form without its `*`. */
  readonly body: string;
  /** Any letters may follow the body (`schick*`). */
  readonly open: boolean;
}

interface Compiled {
  readonly cjk: boolean;
  /** Forms by their first word (Latin) or first character (CJK). */
  readonly byHead: ReadonlyMap<string, readonly Form[]>;
  /** Forms that are one word with any ending (`schick*`), by that word's fixed start. */
  readonly byPrefix: ReadonlyMap<string, readonly Form[]>;
  readonly longestPrefix: number;
  readonly exact: ReadonlyMap<string, string>;
  readonly prefix: ReadonlyMap<string, string>;
  readonly reorder: readonly (readonly [RegExp, string])[];
}

const CJK = new Set<GlossLanguage>(['ja', 'zh']);
/** Letters and digits (and `_`, so a part of a tool name such as `datei_lesen` is not a word). */
const WORD_EDGE = /[\p{L}\p{N}_]/u;
const LETTER = /\p{L}/u;
const WORD = /[\p{L}\p{N}_]+/gu;
const HEAD = /^[\p{L}\p{N}_]*/u;
const ANY = /[^]/gu;

function forms(t: GlossTable): [string, string][] {
  const out: [string, string][] = [];
  for (const [english, list] of Object.entries(t.words))
    for (const f of list.split('|')) {
      const form = f.trim().toLowerCase().normalize('NFKC').replace(/\s+/g, ' ');
      if (form.length > 0) out.push([form, english]);
    }
  return out;
}

function bucket(map: Map<string, Form[]>, key: string, form: Form): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [form]);
  else list.push(form);
}

/**
 * Indexes the forms by how they start, so a clause costs a few lookups per word however large the
 * glossary (one regular expression of every form costs every form at every word).
 */
function compile(t: GlossTable): Compiled {
  const cjk = CJK.has(t.language);
  const exact = new Map<string, string>();
  const prefix = new Map<string, string>();
  const byHead = new Map<string, Form[]>();
  const byPrefix = new Map<string, Form[]>();
  let longestPrefix = 0;
  forms(t).forEach(([form, english], order) => {
    const open = form.endsWith('*');
    const body = open ? form.slice(0, -1) : form;
    if (open) prefix.set(body, english);
    else exact.set(form, english);
    const f: Form = { length: form.length, order, body, open };
    const head = cjk ? ([...body][0] ?? '') : (HEAD.exec(body)?.[0] ?? '');
    if (head.length === 0) return;
    if (!cjk && open && head === body) {
      bucket(byPrefix, head, f);
      longestPrefix = Math.max(longestPrefix, head.length);
    } else bucket(byHead, head, f);
  });
  // Longest first (the first given among equals): the first form that matches in a bucket is its best.
  for (const list of [...byHead.values(), ...byPrefix.values()])
    list.sort((a, b) => b.length - a.length || a.order - b.order);
  return { cjk, byHead, byPrefix, longestPrefix, exact, prefix, reorder: t.reorder ?? [] };
}

const TABLES = new Map<GlossLanguage, GlossTable>(GLOSS_TABLES.map((t) => [t.language, t]));
/** Glossaries are indexed when a segment in their language first appears: English scans pay nothing. */
const COMPILED = new Map<GlossLanguage, Compiled>();

function compiled(language: GlossLanguage): Compiled | undefined {
  const known = COMPILED.get(language);
  if (known !== undefined) return known;
  const t = TABLES.get(language);
  if (t === undefined) return undefined;
  const c = compile(t);
  COMPILED.set(language, c);
  return c;
}

/** Words frequent in English running text: a segment needs more of another language's markers. */
const ENGLISH = new Set(
  'the|and|to|of|you|your|is|are|this|that|with|for|before|every|not|it|be|on|from|or|all|any|must|will|when|use|tool'.split(
    '|',
  ),
);
/** Each marker word and the languages it marks: one lookup per word of a segment. */
const MARKED_BY = new Map<string, GlossLanguage[]>();
for (const t of GLOSS_TABLES)
  for (const m of t.markers.split('|').map((w) => w.trim().toLowerCase()))
    if (m.length > 0) MARKED_BY.set(m, [...(MARKED_BY.get(m) ?? []), t.language]);
const KANA = /[\u3040-\u30ff]/;
const HAN = /\p{Script=Han}/gu;
const WORDS = /\p{L}+/gu;
/** Detection reads the start of a segment: enough words to tell, bounded for huge strings. */
const DETECT_CHARS = 800;

/** The language a normalised segment is written in, when it is one the judge glosses. */
export function detectLanguage(text: string): GlossLanguage | null {
  return languageOfHead(text.slice(0, DETECT_CHARS));
}

/** Detection reads only the head; modules ask about the same clause in turns. */
const languageOfHead = memoText((head: string): GlossLanguage | null => {
  if (KANA.test(head)) return TABLES.has('ja') ? 'ja' : null;
  if ((head.match(HAN)?.length ?? 0) >= 2) return TABLES.has('zh') ? 'zh' : null;
  const counts = new Map<GlossLanguage | 'en', number>();
  for (const w of head.match(WORDS) ?? []) {
    if (ENGLISH.has(w)) counts.set('en', (counts.get('en') ?? 0) + 1);
    for (const lang of MARKED_BY.get(w) ?? []) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  let best: GlossLanguage | null = null;
  let hits = 1;
  for (const [lang, n] of counts) if (lang !== 'en' && n > hits) [best, hits] = [lang, n];
  return best !== null && hits > (counts.get('en') ?? 0) ? best : null;
});

function englishOf(c: Compiled, matched: string): string {
  const m = matched.replace(/\s+/g, ' ');
  const exact = c.exact.get(m);
  if (exact !== undefined) return exact;
  for (let k = m.length; k > 0; k--) {
    const p = c.prefix.get(m.slice(0, k));
    if (p !== undefined) return p;
  }
  return m;
}

/** Sentence punctuation of Japanese and Chinese that NFKC leaves as it is. */
const CJK_PUNCTUATION: Readonly<Record<string, string>> = {
  '。': '. ',
  '、': ', ',
  '「': ' "',
  '」': '" ',
  '『': ' "',
  '』': '" ',
  '【': ' [',
  '】': '] ',
};
const CJK_MARKS = /[。、「」『』【】]/g;

/** The text `f` matches at `at`: its body, any letters after an open form, then a word's end (Latin). */
function matchForm(f: Form, text: string, at: number, cjk: boolean): string | null {
  if (!text.startsWith(f.body, at)) return null;
  let end = at + f.body.length;
  const charAt = (i: number) => String.fromCodePoint(text.codePointAt(i) ?? 0);
  if (f.open) while (end < text.length && LETTER.test(charAt(end))) end += charAt(end).length;
  // An elision (`l'`, `dell'`) is glued to the word after it: no word's end follows it.
  if (!cjk && !f.body.endsWith("'") && end < text.length && WORD_EDGE.test(charAt(end))) return null;
  return text.slice(at, end);
}

/** The longest form (the first given, among equals) that matches `text` at `at`. */
function formAt(c: Compiled, text: string, at: number, word: string): string | null {
  let best: Form | null = null;
  let matched: string | null = null;
  const tryAll = (candidates: readonly Form[] | undefined): void => {
    for (const f of candidates ?? []) {
      if (best !== null && (f.length < best.length || (f.length === best.length && f.order > best.order)))
        continue;
      const m = matchForm(f, text, at, c.cjk);
      if (m !== null) {
        [best, matched] = [f, m];
        return;
      }
    }
  };
  tryAll(c.byHead.get(word));
  for (let k = Math.min(word.length, c.longestPrefix); k > 0; k--) tryAll(c.byPrefix.get(word.slice(0, k)));
  return matched;
}

/** URLs, e-mail addresses and host names: never glossed (`example.com` is not "example with"). */
const ADDRESS =
  /\b(?:https?|wss?|ftp):\/\/[^\s"'<>]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b(?:[\w-]+\.)+[a-z]{2,}(?:\/[^\s"'<>]*)?/g;

function addressSpans(text: string): [number, number][] {
  if (!/[./@]/.test(text)) return [];
  return [...text.matchAll(ADDRESS)].map((m) => [m.index, m.index + m[0].length]);
}

/** The English gloss of a normalised clause in `language`. */
export function gloss(text: string, language: GlossLanguage): string {
  const c = compiled(language);
  if (c === undefined) return text;
  let out = '';
  let done = 0;
  const kept = addressSpans(text);
  for (const h of text.matchAll(c.cjk ? ANY : WORD)) {
    const at = h.index ?? 0;
    if (at < done || kept.some(([from, to]) => at >= from && at < to)) continue;
    const matched = formAt(c, text, at, h[0]);
    if (matched === null) continue;
    const english = englishOf(c, matched);
    out += text.slice(done, at) + (c.cjk ? ` ${english} ` : english);
    done = at + matched.length;
  }
  out += text.slice(done);
  if (c.cjk) out = out.replace(CJK_MARKS, (m) => CJK_PUNCTUATION[m] ?? m);
  out = out.replace(/[ \t]+/g, ' ').trim();
  for (const [re, to] of c.reorder) out = out.replace(re, to);
  return out;
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(WORD_EDGE, LETTER, HEAD, KANA);
