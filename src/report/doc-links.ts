/**
 * Links from a report to each check's doc page. Relative (`docs/checks/<ID>.md`) by default,
 * which resolves inside the package and at the repository root; a PR comment or a copied report
 * needs an absolute base (`--docs-url`), since relative links there resolve against the page.
 */
import { isCheckId } from './html/groups.js';
import { DOCS_PATH } from './model.js';

/** A base may not break out of a Markdown link destination or an HTML attribute. */
export function isDocsBase(base: string): boolean {
  if (base === '' || /[\s()<>"'`\\]/.test(base)) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(base)) return /^https?:\/\/[^/]/i.test(base);
  return true;
}

export type CheckLinker = (id: string) => string;

/** `[ID](base/ID.md)` for a well-formed check ID; anything else is escaped text only. */
export function checkLinker(escape: (s: string) => string, base: string = DOCS_PATH): CheckLinker {
  const root = isDocsBase(base) ? base.replace(/\/+$/, '') : DOCS_PATH;
  return (id) => (isCheckId(id) ? `[${escape(id)}](${root}/${id}.md)` : escape(id));
}
