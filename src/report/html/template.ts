/**
 * A tagged template that escapes every interpolated string, so markup can only
 * come from template literals in this directory or from other `html` results.
 * Prettier formats `html` templates; it only moves insignificant whitespace
 * (never inside <pre>), which is why hashed inline code is interpolated whole.
 */
import { escapeHtml } from '../../escape/html.js';

export class SafeHtml {
  constructor(readonly value: string) {}
}

export type Part = string | number | SafeHtml | null | undefined | false | readonly Part[];

function isParts(p: Part): p is readonly Part[] {
  return Array.isArray(p);
}

function render(p: Part): string {
  if (p === null || p === undefined || p === false) return '';
  if (typeof p === 'string') return escapeHtml(p);
  if (typeof p === 'number') return String(p);
  if (p instanceof SafeHtml) return p.value;
  if (isParts(p)) return p.map(render).join('');
  return '';
}

/** Interpolations are escaped (text and double-quoted attributes alike); arrays are concatenated. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  parts.forEach((p, i) => {
    out += render(p) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Trusted markup, for this directory's own constants (the inline style and script) only. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * Escaped text whose `backtick spans` become <code>. The spans are found after
 * escaping, so only escaped text ever sits between the tags.
 */
export function prose(text: string): SafeHtml {
  return new SafeHtml(escapeHtml(text).replace(/`([^`\n]+)`/g, '<code>$1</code>'));
}
