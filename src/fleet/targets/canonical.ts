/** The canonical form of a target URL, the key targets are de-duplicated, sharded and stored by. */
import { canonicalUrl } from '../../evidence/parse/url.js';

export type CanonicalResult = { readonly url: string } | { readonly error: string };

const MAX_URL_LENGTH = 2048;

/**
 * Canonical http(s) URL: the WHATWG serialisation (scheme and host lower-case, default port
 * dropped, empty path as `/`) without the fragment, which is never sent. URLs carrying
 * credentials are refused: a targets list is no place for a password.
 */
export function canonicalTargetUrl(input: string): CanonicalResult {
  const trimmed = input.trim();
  if (trimmed.length > MAX_URL_LENGTH) return { error: `longer than ${MAX_URL_LENGTH} characters` };
  const href = canonicalUrl(trimmed);
  if (href === null) return { error: 'not an http:// or https:// URL' };
  const url = new URL(href);
  if (url.username || url.password) return { error: 'the URL carries credentials (user:password@)' };
  url.hash = '';
  return { url: url.href };
}
