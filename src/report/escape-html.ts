/**
 * HTML escaping for the HTML report. Every string that reaches the page goes
 * through `escapeHtml`, in text and in (always double-quoted) attributes alike.
 */
import { escapeTerminal } from './escape.js';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes & < > " ' and first turns control, bidi and zero-width characters into
 * visible `\u{…}` text, so hostile text can neither inject markup nor reorder or
 * hide what the reader sees. Newlines and tabs survive (body excerpts sit in <pre>).
 */
export function escapeHtml(text: string): string {
  return escapeTerminal(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * The URL, normalised, when it is absolute http(s); null for anything else
 * (javascript:, data:, relative, unparseable). The result still needs escapeHtml.
 */
export function httpUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
}
