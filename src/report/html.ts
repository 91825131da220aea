/**
 * The HTML report: one self-contained file with no external requests. Inline
 * CSS and JS only, each allowed by its sha256 in a Content-Security-Policy
 * that forbids everything else, so even a markup escape bug could not run
 * script or load anything. Every string from the report is escaped by the
 * `html` template tag; the script only toggles visibility. A target with
 * authorization in use gets its trust chain drawn as inline SVG (./html/chain-svg.ts).
 */
import { createHash } from 'node:crypto';

import { scanTrustChain } from './chain.js';
import { chainSection } from './html/chain-svg.js';
import { clientsSection } from './html/clients.js';
import { failingFinding, idItem, unsettledRow } from './html/findings.js';
import type { FindingContext } from './html/findings.js';
import type { RecordedExchange } from './html/evidence.js';
import { failsOf, notApplicableCheckIds, passedCheckIds, resultsWith } from './html/groups.js';
import { SCRIPT } from './html/script.js';
import { STYLE } from './html/style.js';
import { filterBar, summarySection } from './html/summary.js';
import type { SafeHtml } from './html/template.js';
import { html, trusted } from './html/template.js';
import type { ScanReport } from './model.js';

export function cspHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * The policy of a self-contained report page: nothing but its own hashed stylesheet (and script,
 * when it has one). img-src data: covers the empty favicon that stops the browser asking for
 * /favicon.ico. The scan, login and fleet pages all use it.
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

export function contentSecurityPolicy(): string {
  return pagePolicy(STYLE, SCRIPT);
}

function section(id: string, title: string, count: number, body: SafeHtml | SafeHtml[]): SafeHtml {
  return html`<section id="${id}" aria-labelledby="${id}-h">
    <h2 id="${id}-h">${title} (${count})</h2>
    ${body}
  </section>`;
}

/** The inline style and script go in as whole elements, so formatting the template cannot change hashed text. */
export function renderHtml(report: ScanReport): string {
  const ctx: FindingContext = {
    checks: new Map(report.checks.map((c) => [c.id, c])),
    exchanges: new Map<string, RecordedExchange>([
      ...report.exchanges.map((x) => [x.id, x] as const),
      ...(report.stdioExchanges ?? []).map((x) => [x.id, x] as const),
    ]),
  };
  const { active: fails, suppressed } = failsOf(report);
  const unsettled = resultsWith(report, 'error', 'inconclusive');
  const passed = passedCheckIds(report);
  const na = notApplicableCheckIds(report);
  const naNote = (id: string) => report.results.find((r) => r.checkId === id)?.message;
  const t = report.tool;
  const chain = scanTrustChain(report);
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}" />
        <meta name="referrer" content="no-referrer" />
        <meta http-equiv="x-dns-prefetch-control" content="off" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <title>${t.name} report: ${report.target.url}</title>
        ${trusted(`<style>${STYLE}</style>`)}
      </head>
      <body>
        <header>
          <h1>${t.name} report</h1>
          <p class="target"><code>${report.target.url}</code></p>
        </header>
        <main>
          ${summarySection(report)} ${chain ? [chainSection(chain), ' '] : ''}${filterBar(report)}
          ${section(
            'failing',
            'Failing findings',
            fails.length,
            fails.length ? fails.map((r) => failingFinding(r, ctx)) : html`<p>No failing checks.</p>`,
          )}
          ${
            suppressed.length
              ? section(
                  'suppressed',
                  'Suppressed findings',
                  suppressed.length,
                  suppressed.map((r) => failingFinding(r, ctx)),
                )
              : ''
          }
          ${
            unsettled.length
              ? section(
                  'unsettled',
                  'Inconclusive and error',
                  unsettled.length,
                  html`<ul class="plain">
                    ${unsettled.map((r) => unsettledRow(r, ctx))}
                  </ul>`,
                )
              : ''
          }
          ${clientsSection(report, ctx.exchanges)}
          ${section(
            'passed',
            'Passed',
            passed.length,
            html`<ul class="plain">
              ${passed.map((id) => idItem(id, ctx))}
            </ul>`,
          )}
          ${section(
            'not-applicable',
            'Not applicable',
            na.length,
            html`<details>
              <summary>Show the checks that did not apply</summary>
              <ul class="plain">
                ${na.map((id) => idItem(id, ctx, naNote(id)))}
              </ul>
            </details>`,
          )}
        </main>
        <footer>
          ${t.name} ${t.version} · catalogue ${t.catalogueVersion} · report schema ${report.schemaVersion} ·
          ${report.generatedAt}
        </footer>
        ${trusted(`<script>${SCRIPT}</script>`)}
      </body>
    </html> `;
  return page.value.trimEnd() + '\n';
}
