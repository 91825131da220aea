/**
 * The HTML report's "Inconclusive and error" and "Not applicable" sections: errors one by one,
 * inconclusive checks grouped by what would settle them (../reason-groups.ts) and not-applicable
 * checks grouped by reason (../not-applicable.ts), each group collapsed, so a hundred checks
 * waiting for a token take one line, not a page.
 */
import { groupNotApplicable } from '../not-applicable.js';
import type { ScanReport } from '../model.js';
import { groupInconclusive } from '../reason-groups.js';
import type { FindingContext } from './findings.js';
import { idItem, unsettledRow } from './findings.js';
import type { SafeHtml } from './template.js';
import { html } from './template.js';

export function unsettledSection(report: ScanReport, ctx: FindingContext): { count: number; body: SafeHtml } {
  const errors = report.results.filter((r) => r.status === 'error');
  const groups = groupInconclusive(report);
  const first = new Map<string, (typeof report.results)[number]>();
  for (const r of report.results)
    if (r.status === 'inconclusive' && !first.has(r.checkId)) first.set(r.checkId, r);
  const count = errors.length + groups.reduce((n, g) => n + g.checkIds.length, 0);
  const body = html`${
    errors.length
      ? html`<ul class="plain">
          ${errors.map((r) => unsettledRow(r, ctx))}
        </ul>`
      : ''
  }${groups.map(
    (g) =>
      html`<details class="reason-group">
        <summary>
          <strong class="count" data-total="${g.checkIds.length}">${g.checkIds.length}</strong>
          ${g.checkIds.length === 1 ? 'check' : 'checks'}: ${g.label}
        </summary>
        <ul class="plain">
          ${g.checkIds.map((id) => unsettledRow(first.get(id)!, ctx))}
        </ul>
      </details>`,
  )}`;
  return { count, body };
}

export function notApplicableSection(
  report: ScanReport,
  ctx: FindingContext,
): { count: number; body: SafeHtml } {
  const groups = groupNotApplicable(report);
  const count = groups.reduce((n, g) => n + g.checkIds.length, 0);
  const body = html`${groups.map(
    (g) =>
      html`<details class="reason-group">
        <summary>
          <strong class="count" data-total="${g.checkIds.length}">${g.checkIds.length}</strong>
          ${g.checkIds.length === 1 ? 'check' : 'checks'}: ${g.label}
        </summary>
        <ul class="plain">
          ${g.checkIds.map((id) => idItem(id, ctx))}
        </ul>
      </details>`,
  )}`;
  return { count, body };
}
