/**
 * HTML: every string that reaches a page (scan, login and fleet reports) goes through
 * `escapeHtml`, in text and in (always double-quoted) attributes alike; src/report/html/template.ts
 * applies it to every interpolation.
 */
import { escapeTerminal } from './terminal.js';

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
