/**
 * Which sibling tools a clause names, in time proportional to the clause, not to the server: a
 * server may list 20 000 tools, and testing every name against every clause of every item made
 * the judge quadratic (9 s for the hostile 20 000-tool listing). Names are indexed once per
 * listing (the siblings array is shared by every item of a surface).
 */
import { memoText } from './memo.js';
import { prefilter } from './prefilter.js';

interface SiblingIndex {
  /** Lower-case names made of word characters, dots and dashes: found as whole words. */
  readonly words: ReadonlySet<string>;
  /** The few other names (with spaces or symbols): found as substrings. */
  readonly other: readonly string[];
  /** The word-like names a text names, in order, each once (the modules ask about a clause in turns). */
  readonly named: (text: string) => readonly string[];
}

const INDEX = new WeakMap<readonly string[], SiblingIndex>();
const WORDLIKE = /^[a-z0-9_.-]+$/;
const TOKEN = /[a-z0-9][a-z0-9_.-]*/g;
/** Names of other shapes looked for one by one: a bound on a hostile listing. */
const MAX_OTHER = 200;

function indexOf(names: readonly string[]): SiblingIndex {
  let index = INDEX.get(names);
  if (index === undefined) {
    const lower = names.map((n) => n.toLowerCase());
    const words = new Set(lower.filter((n) => WORDLIKE.test(n)));
    index = {
      words,
      other: lower.filter((n) => !WORDLIKE.test(n)).slice(0, MAX_OTHER),
      named: memoText((text) => namedWords(text, words)),
    };
    INDEX.set(names, index);
  }
  return index;
}

/** The names of `words` that `text` holds as words of their own, in order; "fetch_url." and "a.b" count too. */
function namedWords(text: string, words: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const consider = (n: string) => {
    if (words.has(n)) found.add(n);
  };
  for (const m of text.matchAll(TOKEN)) {
    const t = m[0];
    consider(t);
    const bare = t.replace(/[.-]+$/, '');
    if (bare !== t) consider(bare);
    if (bare.includes('.')) for (const part of bare.split('.')) consider(part);
  }
  return [...found];
}

/**
 * The siblings `text` (lower case) names as words of their own, other than `except`, each at least
 * `minLength` long; a token ending a sentence ("… call fetch_url.") or joined by dots counts too.
 */
export function siblingsNamedIn(
  text: string,
  names: readonly string[],
  except = '',
  minLength = 3,
): string[] {
  if (names.length === 0) return [];
  const { named, other } = indexOf(names);
  const me = except.toLowerCase();
  const found = new Set<string>();
  for (const n of named(text)) if (n.length >= minLength && n !== me) found.add(n);
  for (const n of other) if (n.length >= minLength && n !== me && text.includes(n)) found.add(n);
  return [...found];
}

/** Whether `name` (lower case) is one of the siblings, looked up in the same index. */
export const isSiblingName = (name: string, names: readonly string[]): boolean =>
  names.length > 0 && indexOf(names).words.has(name);

// The patterns' literal prefilter (./prefilter.ts).
prefilter(WORDLIKE);
