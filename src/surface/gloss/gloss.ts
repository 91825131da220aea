/**
 * Reading other languages: a clause in German, French, Spanish, Portuguese, Italian, Japanese or
 * Chinese is glossed word by word into English, and the English rules read the gloss. The gloss is
 * crude (word order stays the source's), but the rules read concepts in a clause (an addressee, a
 * directive, a source, an act, a sink), not word order, so a gloss carries what they need. What is
 * not in the glossary (names, URLs, paths) stays as it is. The excerpt shown to the user is the
 * server's own text, never the gloss.
 */
import { escapeRegExp } from '../../escape/regexp.js';
import type { GlossLanguage, GlossTable } from './types.js';
import { GLOSS_TABLES } from './tables.js';

interface Compiled {
  readonly table: GlossTable;
  readonly pattern: RegExp;
  readonly exact: ReadonlyMap<string, string>;
  readonly prefix: ReadonlyMap<string, string>;
  readonly markers: ReadonlySet<string>;
}

const CJK = new Set<GlossLanguage>(['ja', 'zh']);
/** Letters and digits (and `_`, so a part of a tool name such as `datei_lesen` is not a word). */
const WORD_EDGE = '[\\p{L}\\p{N}_]';

function forms(t: GlossTable): [string, string][] {
  const out: [string, string][] = [];
  for (const [english, list] of Object.entries(t.words))
    for (const f of list.split('|')) {
      const form = f.trim().toLowerCase().normalize('NFKC').replace(/\s+/g, ' ');
      if (form.length > 0) out.push([form, english]);
    }
  return out;
}

function compile(t: GlossTable): Compiled {
  const exact = new Map<string, string>();
  const prefix = new Map<string, string>();
  const all = forms(t);
  for (const [form, english] of all)
    if (form.endsWith('*')) prefix.set(form.slice(0, -1), english);
    else exact.set(form, english);
  // Longest first: a regex alternation takes the first alternative that matches, not the longest.
  const alternatives = all
    .map(([form]) => form)
    .sort((a, b) => b.length - a.length)
    .map((f) =>
      f.endsWith('*') ? `${escapeRegExp(f.slice(0, -1))}\\p{L}*` : escapeRegExp(f).replace(/ /g, '\\s+'),
    );
  const body = alternatives.length > 0 ? alternatives.join('|') : '(?!)';
  const pattern = CJK.has(t.language)
    ? new RegExp(`(?:${body})`, 'gu')
    : new RegExp(`(?<!${WORD_EDGE})(?:${body})(?!${WORD_EDGE})`, 'gu');
  const markers = new Set(t.markers.split('|').map((m) => m.trim().toLowerCase()));
  return { table: t, pattern, exact, prefix, markers };
}

const COMPILED = new Map<GlossLanguage, Compiled>(GLOSS_TABLES.map((t) => [t.language, compile(t)]));

/** Words frequent in English running text: a segment needs more of another language's markers. */
const ENGLISH = new Set(
  'the|and|to|of|you|your|is|are|this|that|with|for|before|every|not|it|be|on|from|or|all|any|must|will|when|use|tool'.split(
    '|',
  ),
);
const COMMON_FOREIGN =
  /\b(?:de|di|da|du|des|les|la|le|el|los|las|die|der|das|und|ist|nicht|que|qui|il|et|em|o|os|che|per|para|une|un|una|pas|no|non|nao)\b/;
const KANA = /[\u3040-\u30ff]/;
const HAN = /\p{Script=Han}/gu;
const WORDS = /\p{L}+/gu;
/** Detection reads the start of a segment: enough words to tell, bounded for huge strings. */
const DETECT_CHARS = 800;

/** The language a normalised segment is written in, when it is one the judge glosses. */
export function detectLanguage(text: string): GlossLanguage | null {
  const head = text.slice(0, DETECT_CHARS);
  if (KANA.test(head)) return COMPILED.has('ja') ? 'ja' : null;
  if ((head.match(HAN)?.length ?? 0) >= 2) return COMPILED.has('zh') ? 'zh' : null;
  // Plain ASCII with none of the commonest short words of the glossed languages: English, or not prose.
  if (/^[\x20-\x7e]*$/.test(head) && !COMMON_FOREIGN.test(head)) return null;
  const counts = new Map<GlossLanguage | 'en', number>();
  for (const w of head.match(WORDS) ?? []) {
    if (ENGLISH.has(w)) counts.set('en', (counts.get('en') ?? 0) + 1);
    for (const [lang, c] of COMPILED) if (c.markers.has(w)) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  let best: GlossLanguage | null = null;
  let hits = 1;
  for (const [lang, n] of counts) if (lang !== 'en' && n > hits) [best, hits] = [lang, n];
  return best !== null && hits > (counts.get('en') ?? 0) ? best : null;
}

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

/** The English gloss of a normalised clause in `language`. */
export function gloss(text: string, language: GlossLanguage): string {
  const c = COMPILED.get(language);
  if (c === undefined) return text;
  const cjk = CJK.has(language);
  let out = text.replace(c.pattern, (m) => (cjk ? ` ${englishOf(c, m)} ` : englishOf(c, m)));
  if (cjk) out = out.replace(CJK_MARKS, (m) => CJK_PUNCTUATION[m] ?? m);
  return out.replace(/[ \t]+/g, ' ').trim();
}
