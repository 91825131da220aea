/**
 * More decoders for encoded runs (TOOL03, issue 22): escape sequences (`\u0065`, `\x65`, `\145`,
 * `\u{65}`), numeric HTML entities (`&#101;`, `&#x65;`), quoted-printable (`=65`), 8-bit binary
 * groups, Grade 1 braille cells, Ascii85 and reversed text named as such, and the claims of a JWT.
 * Each decoder is bounded (run length, output) and linear; a run counts only when it decodes to
 * text with letters and spaces (./encoded.ts `asText` does the same for bytes). A JWT is ordinary
 * in documentation, so its claims count only when they read as an order (`onlyIfOrders`).
 */

export type MoreKind =
  'escapes' | 'html-entities' | 'quoted-printable' | 'binary' | 'braille' | 'ascii85' | 'reversed' | 'jwt';

export interface DecodedRun {
  readonly kind: MoreKind;
  readonly start: number;
  readonly end: number;
  /** The run decoded to text. */
  readonly text: string;
  /** Reported only when the decoded text orders something (or the text around says to act on it). */
  readonly onlyIfOrders?: boolean;
}

const MAX_RUN = 16_384;
const MAX_RUNS = 20;

/** `\uXXXX`, `\u{X…}`, `\xXX` and three-digit octal escapes, eight or more in a row. */
const ESCAPES = /(?:\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]{1,6}\}|\\x[0-9a-fA-F]{2}|\\[0-3][0-7]{2}){8,}/g;
const ONE_ESCAPE = /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\([0-3][0-7]{2})/g;
/** Numeric character references, eight or more in a row. */
const ENTITIES = /(?:&#(?:[xX][0-9a-fA-F]{1,6}|[0-9]{1,7});){8,}/g;
const ONE_ENTITY = /&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));/g;
/** Quoted-printable: ten or more `=XX` in a row (upper-case hex, as RFC 2045 writes it). */
const QP = /(?:=[0-9A-F]{2}){10,}/g;
/** Eight or more 8-bit groups, separated by single spaces or not at all. */
const BINARY = /\b[01]{8}(?: ?[01]{8}){7,}\b/g;
/** Ten or more braille cells (U+2800–U+28FF; U+2800 is the blank cell, a space). */
const BRAILLE = /[\u2800-\u28ff]{10,}/g;
/** Ascii85 named in the text (or its `<~ ~>` frame): the tokens after the name. */
const A85_NAME = /\b(?:ascii ?85|base ?85|a85|btoa)\b|<~/i;
const A85_TOKEN = /<~[!-u\sz]{10,}~>|[!-uz]{20,}/g;
/** Text said to be written backwards: the words after the marker, to the sentence's end. */
const REVERSED =
  /\b(?:backwards?|reversed|in reverse|right to left|mirrored|reverse (?:order|it|this))\b[^:\n]{0,60}:\s*([^\n]{15,400})/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.(eyJ[A-Za-z0-9_-]{8,})\.[A-Za-z0-9_-]*/g;

/** Grade 1 braille: the cell's dots (bits 1–6) to its letter; the blank cell is a space. */
const BRAILLE_LETTERS: ReadonlyMap<number, string> = (() => {
  const aj = [0x01, 0x03, 0x09, 0x19, 0x11, 0x0b, 0x1b, 0x13, 0x0a, 0x1a];
  const m = new Map<number, string>([[0, ' ']]);
  aj.forEach((d, i) => m.set(d, String.fromCharCode(97 + i)));
  aj.forEach((d, i) => m.set(d | 0x04, String.fromCharCode(107 + i)));
  ['u', 'v', 'x', 'y', 'z'].forEach((l, i) => m.set(aj[i]! | 0x24, l));
  m.set(0x3a, 'w');
  m.set(0x32, '.');
  m.set(0x02, ',');
  m.set(0x24, '-');
  return m;
})();

/** Text with letters and spaces, nearly all printable: what hidden instructions look like. */
function readsAsText(s: string): boolean {
  if (!/\p{L}{3,}/u.test(s) || !/\s/.test(s)) return false;
  const bad = s.match(/[^\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]|\ufffd/gu)?.length ?? 0;
  return bad <= s.length * 0.1;
}

const fromCode = (n: number): string => (n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd');

function unescapeRun(run: string): string {
  // UTF-8 bytes written as \x or octal escapes are decoded as bytes; \u escapes are code points.
  if (!/\\u/.test(run)) {
    const bytes = [...run.matchAll(ONE_ESCAPE)].map((m) => parseInt(m[3] ?? m[4]!, m[3] ? 16 : 8));
    return Buffer.from(bytes).toString('utf8');
  }
  return run.replace(ONE_ESCAPE, (_, braced: string, u: string, x: string, o: string) =>
    fromCode(parseInt(braced ?? u ?? x ?? o, o ? 8 : 16)),
  );
}

function decodeAscii85(token: string): string {
  const body = token.replace(/^<~|~>$/g, '').replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  for (const ch of body) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    group.push(ch.charCodeAt(0) - 33);
    if (group.length === 5) {
      const v = group.reduce((a, d) => a * 85 + d, 0);
      out.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
      group = [];
    }
  }
  if (group.length > 1) {
    const n = group.length - 1;
    while (group.length < 5) group.push(84);
    const v = group.reduce((a, d) => a * 85 + d, 0);
    out.push(...[(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff].slice(0, n));
  }
  return Buffer.from(out).toString('utf8');
}

/**
 * The claims of a JWT that are sentences (five words or more), joined: what a model reads when told
 * to follow them. Names, IDs and scopes (an example token's claims) are not sentences.
 */
function jwtClaims(payload: string): string {
  try {
    const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (json === null || typeof json !== 'object') return '';
    return Object.values(json)
      .filter((v): v is string => typeof v === 'string' && (v.match(/\p{L}+/gu)?.length ?? 0) >= 5)
      .join('. ');
  } catch {
    return '';
  }
}

const ENGLISH = /\b(the|and|to|you|your|of|in|with|for|is|all|every|then|this|it|send|email)\b/gi;
const englishWords = (s: string) => s.match(ENGLISH)?.length ?? 0;

type Decoder = (text: string, push: (r: DecodedRun) => void) => void;

const byPattern =
  (kind: MoreKind, re: RegExp, decode: (run: string) => string, gate?: RegExp): Decoder =>
  (text, push) => {
    if (gate && !gate.test(text)) return;
    for (const m of text.matchAll(re)) {
      const run = m[0];
      if (run.length > MAX_RUN) continue;
      push({ kind, start: m.index, end: m.index + run.length, text: decode(run) });
    }
  };

const DECODERS: readonly Decoder[] = [
  byPattern('escapes', ESCAPES, unescapeRun, /\\[ux0-3]/),
  byPattern(
    'html-entities',
    ENTITIES,
    (run) => run.replace(ONE_ENTITY, (_, h: string, d: string) => fromCode(h ? parseInt(h, 16) : Number(d))),
    /&#/,
  ),
  byPattern(
    'quoted-printable',
    QP,
    (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
    /=[0-9A-F]{2}=/,
  ),
  byPattern(
    'binary',
    BINARY,
    (run) =>
      Buffer.from((run.replace(/ /g, '').match(/[01]{8}/g) ?? []).map((b) => parseInt(b, 2))).toString(
        'utf8',
      ),
    /[01]{8}/,
  ),
  byPattern(
    'braille',
    BRAILLE,
    (run) => [...run].map((c) => BRAILLE_LETTERS.get(c.charCodeAt(0) - 0x2800) ?? '\ufffd').join(''),
    /[\u2800-\u28ff]/,
  ),
  (text, push) => {
    const named = A85_NAME.exec(text);
    if (named === null) return;
    const from = named.index;
    const window = text.slice(from, from + 2_000);
    for (const m of window.matchAll(A85_TOKEN))
      push({
        kind: 'ascii85',
        start: from + m.index,
        end: from + m.index + m[0].length,
        text: decodeAscii85(m[0]),
      });
  },
  (text, push) => {
    if (!/backward|revers|right to left|mirror/i.test(text)) return;
    for (const m of text.matchAll(REVERSED)) {
      const body = m[1]!;
      const decoded = [...body].reverse().join('');
      if (englishWords(decoded) < 2 || englishWords(body) >= englishWords(decoded)) continue;
      const start = m.index + m[0].length - body.length;
      push({ kind: 'reversed', start, end: start + body.length, text: decoded });
    }
  },
  (text, push) => {
    if (!text.includes('eyJ')) return;
    for (const m of text.matchAll(JWT))
      push({
        kind: 'jwt',
        start: m.index,
        end: m.index + m[0].length,
        text: jwtClaims(m[1]!),
        onlyIfOrders: true,
      });
  },
];

/** The runs of `text` that these decoders read as hidden text. */
export function decodeMore(text: string): DecodedRun[] {
  const runs: DecodedRun[] = [];
  for (const decode of DECODERS)
    decode(text, (r) => {
      if (runs.length < MAX_RUNS && readsAsText(r.text)) runs.push(r);
    });
  return runs;
}
