/**
 * The HTML report: one self-contained file with no external requests, in the
 * page shell of ./html/page.ts (inline CSS and JS only, each allowed by its
 * sha256 in a Content-Security-Policy that forbids everything else). Every string from the report is escaped by the
 * `html` template tag; the script only toggles visibility. A target with
 * authorization in use gets its trust chain drawn as inline SVG (./html/chain-svg.ts).
 */
import { scanTrustChain } from './chain.js';
import { chainSection } from './html/chain-svg.js';
import { clientsSection } from './html/clients.js';
import { findingsOf } from './findings.js';
import { failingFinding, findingsTable, idItem } from './html/findings.js';
import type { FindingContext } from './html/findings.js';
import type { RecordedExchange } from './html/evidence.js';
import { page, pagePolicy } from './html/page.js';
import { passedCheckIds } from './html/groups.js';
import { SCRIPT } from './html/script.js';
import { STYLE } from './html/style.js';
import { filterBar, summarySection } from './html/summary.js';
import type { SafeHtml } from './html/template.js';
import { notApplicableSection, unsettledSection } from './html/unsettled.js';
import { html } from './html/template.js';
import type { ScanReport } from './model.js';
import { packageLine } from './package-line.js';

/** The scan report's policy: its own hashed stylesheet and script (./html/page.ts). */
export function contentSecurityPolicy(): string {
  return pagePolicy(STYLE, SCRIPT);
}

function section(id: string, title: string, count: number, body: SafeHtml | SafeHtml[]): SafeHtml {
  return html`<section id="${id}" aria-labelledby="${id}-h">
    <h2 id="${id}-h">${title} (<span class="count" data-total="${count}">${count}</span>)</h2>
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
  const { active: fails, suppressed } = findingsOf(report);
  const unsettled = unsettledSection(report, ctx);
  const passed = passedCheckIds(report);
  const na = notApplicableSection(report, ctx);
  const t = report.tool;
  const chain = scanTrustChain(report);
  // Written at the depth of a child of <body> in the page shell, so the page keeps its bytes.
  // prettier-ignore
  const body = html`<header>
          <h1>${t.name} report</h1>
          <p class="target"><code>${report.target.url}</code></p>
          ${packageParagraph(report)}
        </header>
        <main>
          ${summarySection(report)} ${chain ? [chainSection(chain), ' '] : ''}${filterBar(report)}
          ${section(
            'failing',
            'Failing findings',
            fails.length,
            fails.length
              ? html`${findingsTable(fails)} ${fails.map((f) => failingFinding(f, ctx))}`
              : html`<p>No failing checks.</p>`,
          )}
          ${
            suppressed.length
              ? section(
                  'suppressed',
                  'Suppressed findings',
                  suppressed.length,
                  suppressed.map((f) => failingFinding(f, ctx, true)),
                )
              : ''
          }
          ${
            unsettled.count
              ? section('unsettled', 'Inconclusive and error', unsettled.count, unsettled.body)
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
          ${section('not-applicable', 'Not applicable', na.count, na.body)}
        </main>
        <footer>
          ${t.name} ${t.version} · catalogue ${t.catalogueVersion} · report schema ${report.schemaVersion} ·
          ${report.generatedAt}
        </footer>`;
  return page({ title: `${t.name} report: ${report.target.url}`, style: STYLE, script: SCRIPT }, body);
}

/** `scan --npm` / `--pypi`: the package line under the target (nothing for other targets). */
function packageParagraph(report: ScanReport): SafeHtml | string {
  const p = report.target.package;
  return p ? html`<p class="package">${packageLine(p)}</p>` : '';
}
