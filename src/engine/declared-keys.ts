/**
 * A check's declared result keys (`meta.keys`): literal keys, and patterns with `<name>` parts for
 * keys the check computes. The engine turns an undeclared key into an `error`.
 */
import { escapeRegExp } from '../escape/regexp.js';

/**
 * True when `key` is one of the check's declared keys. A declared key with `<name>` parts is a
 * pattern for keys the check computes (server-supplied values, statuses): each `<name>` stands
 * for one or more characters, so `<status>` admits any key and `GET-<status>` admits `GET-404`.
 */
export function declaresKey(keys: Readonly<Record<string, string>>, key: string): boolean {
  return Object.hasOwn(keys, key) || Object.keys(keys).some((k) => keyPattern(k)?.test(key) === true);
}

const PLACEHOLDER = /<[^<>]+>/g;

/** Declared keys are constants of the check registry: each pattern is built once per process. */
const keyPatterns = new Map<string, RegExp | null>();

/** The pattern a declared key with `<name>` parts stands for; null for a literal key. */
function keyPattern(declared: string): RegExp | null {
  let pattern = keyPatterns.get(declared);
  if (pattern === undefined) {
    pattern = declared.match(PLACEHOLDER)
      ? new RegExp(`^${declared.split(PLACEHOLDER).map(escapeRegExp).join('.+')}$`, 's')
      : null;
    keyPatterns.set(declared, pattern);
  }
  return pattern;
}
