/** A literal inside a regular expression (a server's tool name, a check key's fixed parts). */

/** `s` with every regular-expression syntax character backslash-escaped, so it matches only itself. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
