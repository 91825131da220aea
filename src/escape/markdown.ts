/**
 * Markdown (GitHub-flavoured): PR comments, job summaries, the compliance and migration reports,
 * and the Markdown help of SARIF rules. `escapeMarkdown` makes untrusted text one line of plain
 * text wherever it is placed inline, including inside a table cell: no links, images, autolinks,
 * HTML, code spans, emphasis or cell breaks. The link helpers are for the scanner's own links.
 */
import { escapeTerminalLine } from './terminal.js';

/**
 * Every ASCII punctuation character. CommonMark lets any of them be
 * backslash-escaped, so escaping all of them is lossless and leaves no
 * construct to forget: `[`, `(`, `<`, `!`, `|`, backticks, `&` entities, `~`,
 * `$` math, and the `:` that GFM autolinks (`https://`, `javascript:`) need.
 */
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/**
 * GitHub turns `@name` into a mention and `owner/repo#1` into a cross-reference
 * after rendering, so a backslash cannot stop them; the fullwidth forms read the
 * same and notify no one.
 */
const GITHUB_REFERENCE: Readonly<Record<string, string>> = { '@': '\uff20', '#': '\uff03' };

/**
 * Escapes untrusted text for inline use. Control, bidi and zero-width
 * characters, newlines and tabs first become visible `\u{…}`, `\n`, `\t` text
 * (as in the terminal report), so the result is always a single line.
 */
export function escapeMarkdown(text: string): string {
  return escapeTerminalLine(text).replace(ASCII_PUNCTUATION, (c) => GITHUB_REFERENCE[c] ?? `\\${c}`);
}

/** Cuts long text (counted in code points, before escaping, so no escape is split) and escapes it. */
export function escapeMarkdownCell(text: string, max = 300): string {
  const chars = [...text];
  return escapeMarkdown(chars.length > max ? `${chars.slice(0, max).join('')}…` : text);
}

/** The text of a link whose label is the scanner's own (a citation key): brackets and backslashes would end or break it. */
export function markdownLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`);
}

/** A link destination: whitespace, parentheses and angle brackets would end it early, so they are percent-encoded. */
export function markdownLinkDestination(url: string): string {
  return url.replace(/[\s()<>]/gu, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c)));
}
