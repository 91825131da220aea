/**
 * Regular expressions built from data: a literal inside one (a server's tool name, a check key's
 * fixed parts), and constant sources compiled once per process.
 */

/** `s` with every regular-expression syntax character backslash-escaped, so it matches only itself. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const compiled = new Map<string, RegExp>();

/**
 * The RegExp for a constant source (a framework signature's pattern, a client's name rule), compiled
 * once per process. Without flags it keeps no state between tests, so one object serves every caller.
 */
export function compiledOnce(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source);
    compiled.set(source, re);
  }
  return re;
}
