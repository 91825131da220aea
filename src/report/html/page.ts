/**
 * The one HTML page shell of every self-contained page the scanner writes (the scan report, the
 * login report, the fleet report): doctype, <head> with its Content-Security-Policy, and <body>.
 * The policy allows nothing but the page's own inline stylesheet and, when it has one, its own
 * inline script, each by its sha256, so even a markup escape bug could neither run script nor
 * load anything. The style and script go in as whole elements, so formatting a template cannot
 * change hashed text.
 */
import { createHash } from 'node:crypto';

import type { SafeHtml } from './template.js';
import { html, trusted } from './template.js';

/** The CSP source expression allowing one inline element by its hash. */
export function cspHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * The policy of a self-contained page: nothing but its own hashed stylesheet (and script, when
 * it has one). img-src data: covers the empty favicon that stops the browser asking for
 * /favicon.ico.
 */
export function pagePolicy(style: string, script?: string): string {
  return [
    "default-src 'none'",
    ...(script !== undefined ? [`script-src ${cspHash(script)}`] : []),
    `style-src ${cspHash(style)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export interface PageShell {
  /** Escaped like every interpolation. */
  readonly title: string;
  /** The page's inline stylesheet: trusted, the scanner's own constant. */
  readonly style: string;
  /** The page's inline script, placed last in <body>: trusted, the scanner's own constant. */
  readonly script?: string;
}

/**
 * A whole page: the shell around `body` (the content of <body>, written by the caller at the
 * indentation of a child of <body>). Ends with one newline.
 */
export function page(shell: PageShell, body: SafeHtml): string {
  const script = shell.script === undefined ? '' : trusted(`\n        <script>${shell.script}</script>`);
  const out = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="${pagePolicy(shell.style, shell.script)}" />
        <meta name="referrer" content="no-referrer" />
        <meta http-equiv="x-dns-prefetch-control" content="off" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <title>${shell.title}</title>
        ${trusted(`<style>${shell.style}</style>`)}
      </head>
      <body>
        ${body}${script}
      </body>
    </html> `;
  return out.value.trimEnd() + '\n';
}
