/**
 * A cheap necessary condition in front of the judge's regular expressions (issue 22/25: the judge
 * tests some two hundred patterns on every clause, and most cannot match most clauses).
 *
 * `prefilter(re, …)` reads each pattern's source once and works out literals such that every match
 * contains one of them (`ab(c)?d|wxyz+` → "abd", "abcd" or "wxy"), and indexes them all by their
 * rarest three-character piece. The pattern's `test` and `exec` are then replaced, on that RegExp
 * object only, by ones that first look up the text's verdicts: one pass over a text's pieces finds
 * every gated pattern one of whose literals may be present (all of the literal's rarest pieces
 * are), and the verdicts of recent texts are kept. A pattern none of whose literals is present
 * cannot match and is not run; a hash collision only runs it for nothing; a pattern asked again
 * about a text it ran on answers from the verdicts. A pattern without such literals (one that can
 * match without three fixed characters, or that this reader does not follow) is left as it is, and
 * so is one whose flags make `test` stateful or change what a literal matches (g, y, i, u, v). A
 * skipped pattern is one that would have answered false: no finding can change
 * (scripts/surface-snapshot.ts compares them all).
 */
import { memoText } from './memo.js';

/** A pattern's strings when they are few (every string it can match), else literals one of which every match contains. */
interface Info {
  readonly exact: readonly string[] | null;
  readonly req: readonly string[] | null;
}

const LIMIT = 256;
const ANY: Info = { exact: null, req: null };
const EMPTY: Info = { exact: [''], req: null };
const of = (strings: readonly string[]): Info => ({ exact: [...new Set(strings)], req: null });

const reqOf = (i: Info): readonly string[] | null =>
  i.exact ? (i.exact.includes('') ? null : i.exact) : i.req;

/** The better of two literal sets: the longer shortest literal, then the fewer literals. */
function better(a: readonly string[] | null, b: readonly string[] | null): readonly string[] | null {
  if (a === null) return b;
  if (b === null) return a;
  const min = (x: readonly string[]) => Math.min(...x.map((s) => Math.min(s.length, 3)));
  return min(b) > min(a) || (min(b) === min(a) && b.length < a.length) ? b : a;
}

function concat(parts: readonly Info[]): Info {
  let acc: readonly string[] = [''];
  let req: readonly string[] | null = null;
  let cut = false;
  for (const p of parts) {
    if (p.exact && acc.length * p.exact.length <= LIMIT) {
      acc = acc.flatMap((a) => p.exact!.map((b) => a + b));
      continue;
    }
    cut = true;
    req = better(req, reqOf(of(acc)));
    if (p.exact) acc = p.exact;
    else {
      req = better(req, p.req);
      acc = [''];
    }
  }
  return cut ? { exact: null, req: better(req, reqOf(of(acc))) } : of(acc);
}

function alternation(alts: readonly Info[]): Info {
  if (alts.every((a) => a.exact !== null)) {
    const all = [...new Set(alts.flatMap((a) => a.exact!))];
    if (all.length <= LIMIT) return of(all);
  }
  const reqs = alts.map(reqOf);
  return reqs.every((r) => r !== null) ? { exact: null, req: [...new Set(reqs.flat())] } : ANY;
}

function repeat(i: Info, min: number, max: number): Info {
  if (min === 1 && max === 1) return i;
  if (min === 0 && max === 1) return i.exact ? of(['', ...i.exact]) : ANY;
  if (min === 0) return ANY;
  return { exact: null, req: reqOf(i) };
}

const CLASS_ESCAPES: Readonly<Record<string, string>> = {
  t: '\t',
  n: '\n',
  r: '\r',
  v: '\v',
  f: '\f',
  '0': '\0',
};

/** A reader of the patterns' source (flags without u): throws on anything it does not follow. */
class Reader {
  private at = 0;
  constructor(private readonly src: string) {}

  read(): Info {
    const i = this.disjunction();
    if (this.at !== this.src.length) throw new Error('unread');
    return i;
  }

  private disjunction(): Info {
    const alts = [this.alternative()];
    while (this.src[this.at] === '|') {
      this.at++;
      alts.push(this.alternative());
    }
    return alts.length === 1 ? alts[0]! : alternation(alts);
  }

  private alternative(): Info {
    const parts: Info[] = [];
    while (this.at < this.src.length && this.src[this.at] !== '|' && this.src[this.at] !== ')')
      parts.push(this.term());
    return concat(parts);
  }

  private term(): Info {
    const s = this.src;
    const c = s[this.at]!;
    if (c === '^' || c === '$') return (this.at++, EMPTY);
    if (c === '\\' && (s[this.at + 1] === 'b' || s[this.at + 1] === 'B')) return ((this.at += 2), EMPTY);
    if (s.startsWith('(?=', this.at) || s.startsWith('(?!', this.at)) return this.look(3);
    if (s.startsWith('(?<=', this.at) || s.startsWith('(?<!', this.at)) return this.look(4);
    return this.quantified(this.atom());
  }

  /** A lookaround consumes nothing; its own quantifier (allowed without u) is not followed. */
  private look(open: number): Info {
    this.at += open;
    this.disjunction();
    this.close();
    if (/[*+?{]/.test(this.src[this.at] ?? '')) throw new Error('quantified lookaround');
    return EMPTY;
  }

  private close(): void {
    if (this.src[this.at] !== ')') throw new Error('unclosed');
    this.at++;
  }

  private atom(): Info {
    const s = this.src;
    const c = s[this.at]!;
    if (c === '(') {
      const named = /^\(\?<[A-Za-z_$][\w$]*>/.exec(s.slice(this.at, this.at + 40));
      this.at += s.startsWith('(?:', this.at) ? 3 : named ? named[0].length : 1;
      if (s[this.at] === '?') throw new Error('group kind');
      const inner = this.disjunction();
      this.close();
      return inner;
    }
    if (c === '[') return this.charClass();
    if (c === '.') return (this.at++, ANY);
    if (c === '\\') return this.escape();
    if ('*+?{}])'.includes(c)) throw new Error('bare syntax');
    this.at++;
    return of([c]);
  }

  private escape(): Info {
    const e = this.src[this.at + 1];
    if (e === undefined) throw new Error('trailing escape');
    this.at += 2;
    if ('dDwWsS'.includes(e)) return ANY;
    if (/[1-9k]/.test(e)) throw new Error('back-reference');
    if (e === 'c' || e === 'p' || e === 'P') throw new Error('escape');
    return of([this.escaped(e)]);
  }

  /** The character of an escape `\e` already consumed (hex and unicode digits are read here). */
  private escaped(e: string): string {
    if (e === 'x' || e === 'u') {
      const n = e === 'x' ? 2 : 4;
      const hex = this.src.slice(this.at, this.at + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) throw new Error('hex escape');
      this.at += n;
      return String.fromCharCode(parseInt(hex, 16));
    }
    if (e === '0' && /[0-9]/.test(this.src[this.at] ?? '')) throw new Error('octal');
    return CLASS_ESCAPES[e] ?? e;
  }

  /** A class of at most eight characters is those characters; a larger or negated one is any. */
  private charClass(): Info {
    const s = this.src;
    this.at++;
    const negated = s[this.at] === '^';
    if (negated) this.at++;
    const chars: string[] = [];
    let wide = negated;
    const one = (): string | null => {
      const c = s[this.at++];
      if (c === undefined) throw new Error('unclosed class');
      if (c !== '\\') return c;
      const e = s[this.at++];
      if (e === undefined) throw new Error('trailing escape');
      if ('dDwWsS'.includes(e)) return null;
      if (e === 'c' || e === 'p' || e === 'P' || /[1-9]/.test(e)) throw new Error('class escape');
      return e === 'b' ? '\b' : this.escaped(e);
    };
    while (s[this.at] !== ']') {
      const lo = one();
      if (lo === null) wide = true;
      else if (s[this.at] === '-' && s[this.at + 1] !== ']') {
        this.at++;
        const hi = one();
        if (hi === null) throw new Error('class range');
        const n = hi.charCodeAt(0) - lo.charCodeAt(0);
        if (n < 0) throw new Error('class range');
        if (n > 8) wide = true;
        else for (let k = 0; k <= n; k++) chars.push(String.fromCharCode(lo.charCodeAt(0) + k));
      } else chars.push(lo);
    }
    this.at++;
    return wide || chars.length > 8 || chars.length === 0 ? ANY : of(chars);
  }

  private quantified(i: Info): Info {
    const s = this.src;
    const c = s[this.at];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.at++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(this.at, this.at + 24));
      if (!m) throw new Error('brace');
      this.at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    } else return i;
    if (s[this.at] === '?') this.at++;
    if (/[*+?{]/.test(s[this.at] ?? '')) throw new Error('double quantifier');
    return repeat(i, min, max);
  }
}

/** Letters from most to least common in English: a piece of rarer letters rules more out. */
const COMMON = ' etaoinshrdlcumwfgypbvkjxqz';
const weight = (p: string): number =>
  [...p].reduce((w, ch) => w + (COMMON.includes(ch) ? COMMON.length - COMMON.indexOf(ch) : 0), 0);

/** The literals one of which every match of `re` contains, or null when the pattern is not gated. */
export function literalsOf(re: RegExp): readonly string[] | null {
  if (/[gyiuv]/.test(re.flags)) return null;
  let req: readonly string[] | null;
  try {
    req = reqOf(new Reader(re.source).read());
  } catch {
    return null;
  }
  return req === null || req.length === 0 || req.some((l) => l.length < 3) ? null : req;
}

const TABLE = 1 << 16;
const hash = (a: number, b: number, c: number): number =>
  (Math.imul(a, 0x9e37) ^ Math.imul(b, 0x85eb) ^ c) & (TABLE - 1);
/** Pieces looked up per literal: its rarest few (a literal present has them all). */
const PIECES = 6;

/** Every gated pattern, so a test can compare each with an ungated copy on real text; its index is its id. */
const GATED: RegExp[] = [];
export const gatedPatterns = (): readonly RegExp[] => GATED;

/**
 * The literals of every gated pattern, indexed by the hash of each literal's rarest piece (three
 * characters): `HEAD[h]` is the offset in `ENTRIES` of the first literal keyed by `h`, stored as
 * `next entry (or -1), pattern id, count of other pieces, their hashes…` (its other rarest pieces).
 */
const HEAD = new Int32Array(TABLE).fill(-1);
const ENTRIES: number[] = [];

function index(id: number, literals: readonly string[]): void {
  // A literal whose rarest pieces include all those of another is present only when that one is.
  const kept: number[][] = [];
  const pieces = literals.map((l) =>
    [...new Set(Array.from({ length: l.length - 2 }, (_, k) => l.slice(k, k + 3)))]
      .sort((x, y) => weight(x) - weight(y))
      .slice(0, PIECES)
      .map((p) => hash(p.charCodeAt(0), p.charCodeAt(1), p.charCodeAt(2))),
  );
  for (const p of pieces.sort((a, b) => a.length - b.length))
    if (!kept.some((k) => k.every((h) => p.includes(h)))) kept.push(p);
  for (const [first, ...rest] of kept as [number, ...number[]][]) {
    const at = ENTRIES.length;
    ENTRIES.push(HEAD[first]!, id, rest.length, ...rest);
    HEAD[first] = at;
  }
}

/** What a text's verdicts say of a pattern: it cannot match, it may, it did, it did not. */
const [CANNOT, MAY, MATCHED, UNMATCHED] = [0, 1, 2, 3] as const;

/** The pieces of the text being scanned carry the current stamp (a collision only lets a pattern run). */
const seen = new Uint32Array(TABLE);
let stamp = 0;
/** The distinct pieces of the text being scanned, in order. */
let pieces = new Int32Array(256);

/** One pass over a text for every gated pattern: which of them may match (one of their literals may be present). */
function scan(text: string): Uint8Array {
  if (++stamp === 0xffffffff) {
    seen.fill(0);
    stamp = 1;
  }
  if (pieces.length < text.length) pieces = new Int32Array(text.length);
  let n = 0;
  for (let k = 0; k + 3 <= text.length; k++) {
    const h = hash(text.charCodeAt(k), text.charCodeAt(k + 1), text.charCodeAt(k + 2));
    if (seen[h] !== stamp) {
      seen[h] = stamp;
      pieces[n++] = h;
    }
  }
  const out = new Uint8Array(GATED.length);
  for (let k = 0; k < n; k++)
    for (let e = HEAD[pieces[k]!]!; e !== -1; e = ENTRIES[e]!) {
      const id = ENTRIES[e + 1]!;
      if (out[id] !== CANNOT) continue;
      const end = e + 3 + ENTRIES[e + 2]!;
      let j = e + 3;
      while (j < end && seen[ENTRIES[j]!] === stamp) j++;
      if (j === end) out[id] = MAY;
    }
  return out;
}

/**
 * The verdicts of recent texts (asked about by many patterns and modules in turns, and again by the
 * checks after TOOL01): two generations of at most `RECENT` texts or `RECENT_CHARS` characters each.
 */
const RECENT = 1 << 14;
const RECENT_CHARS = 1 << 22;
const remembered = memoText(scan, RECENT, RECENT_CHARS);
let lastText: string | null = null;
let lastVerdicts: Uint8Array = new Uint8Array(0);

function verdicts(text: string): Uint8Array {
  if (text === lastText) return lastVerdicts;
  lastVerdicts = remembered(text);
  lastText = text;
  return lastVerdicts;
}

/** A pattern gated after texts were scanned is not in their verdicts: they are forgotten. */
function forget(): void {
  remembered.clear();
  lastText = null;
}

/**
 * Puts the prefilter in front of each pattern's `test` and `exec` (see the module comment); others
 * are left alone. A text's answer is kept with its verdicts (the flags rule out any state:
 * lastIndex is neither read nor set), so a pattern asked again about the same text is not run again.
 */
export function prefilter(...patterns: readonly RegExp[]): void {
  for (const re of patterns) {
    if (Object.hasOwn(re, 'test')) continue;
    const literals = literalsOf(re);
    if (literals === null) continue;
    const id = GATED.length;
    GATED.push(re);
    index(id, literals);
    forget();
    // A fresh copy runs the pattern: the patched object would leave V8's fast path.
    const inner = new RegExp(re.source, re.flags);
    const own = (value: (s: unknown) => unknown) => ({ value, configurable: true, writable: true }) as const;
    Object.defineProperties(re, {
      test: own((s) => {
        const text = typeof s === 'string' ? s : String(s);
        const v = verdicts(text);
        const known = v[id];
        if (known !== MAY) return known === MATCHED;
        const r = inner.test(text);
        v[id] = r ? MATCHED : UNMATCHED;
        return r;
      }),
      exec: own((s) => {
        const text = typeof s === 'string' ? s : String(s);
        const v = verdicts(text);
        if (v[id] === CANNOT || v[id] === UNMATCHED) return null;
        const m = inner.exec(text);
        v[id] = m === null ? UNMATCHED : MATCHED;
        return m;
      }),
    });
  }
}
