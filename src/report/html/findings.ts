/** Result blocks: failing findings in full, the other statuses compactly. */
import type { Severity } from '../../checks/define-check.js';
import { SEVERITIES } from '../../checks/define-check.js';
import { findCheck } from '../../checks/index.js';
import { parseHttpUrl } from '../../targets/target.js';
import type { ReportCheck, ReportResult } from '../model.js';
import type { RecordedExchange } from './evidence.js';
import { evidenceBlocks } from './evidence.js';
import { familyOf } from './groups.js';
import type { SafeHtml } from './template.js';
import { html, prose } from './template.js';

export interface FindingContext {
  readonly checks: ReadonlyMap<string, ReportCheck>;
  readonly exchanges: ReadonlyMap<string, RecordedExchange>;
}

/** A known severity as a CSS class suffix; anything else gets no colour rather than a made-up class. */
export function sevClass(sev: string | null | undefined): string {
  return sev && (SEVERITIES as readonly string[]).includes(sev) ? `sev-${sev}` : 'sev-none';
}

/** Filter key: the failing severity, else the check's catalogue severity. */
function filterSeverity(r: ReportResult, check: ReportCheck | undefined): Severity | '' {
  return r.severity ?? check?.severity ?? '';
}

function facts(r: ReportResult): SafeHtml {
  const rows: [string, string][] = [];
  if (r.key !== null) rows.push(['Key', r.key]);
  if (r.location !== 'endpoint') rows.push(['Location', r.location]);
  if (r.condition !== null) rows.push(['Applies if', r.condition]);
  if (r.reason !== null) rows.push(['Reason', r.reason]);
  rows.push(['Confidence', r.confidence]);
  if (r.revisionsFailed.length) rows.push(['Revisions failed', r.revisionsFailed.join(', ')]);
  else if (r.revisionsEvaluated.length) rows.push(['Revisions evaluated', r.revisionsEvaluated.join(', ')]);
  return html`<dl class="facts">
    ${rows.map(
      ([k, v]) =>
        html`<dt>${k}</dt>
          <dd>${v}</dd>`,
    )}
  </dl>`;
}

function citations(check: ReportCheck | undefined): SafeHtml {
  if (!check?.citations.length) return html``;
  const links = check.citations.map((c) => {
    const href = parseHttpUrl(c.url)?.href ?? null;
    // Scanner-owned, but only absolute http(s) URLs become links.
    return href
      ? html`<li><a href="${href}" rel="noreferrer noopener" target="_blank">${c.key}</a></li>`
      : html`<li>${c.key} <span class="muted">(${c.url})</span></li>`;
  });
  return html`<h4>References</h4>
    <ul class="cites">
      ${links}
    </ul>`;
}

function suppressionNote(r: ReportResult): SafeHtml | '' {
  const s = r.suppression;
  if (!s) return '';
  return html`<p class="suppressed">
    <strong>Suppressed</strong> by configuration${s.expires ? html` until ${s.expires}` : ''}: ${s.reason}
  </p>`;
}

/** The framework's own way first (its option or middleware, with where it was read), then the generic fix. */
function remediation(check: ReportCheck): SafeHtml {
  const fw = check.frameworkFix;
  if (!fw)
    return html`<h4>Remediation</h4>
      <p>${prose(check.remediation)}</p>`;
  return html`<h4>Remediation in ${fw.name}</h4>
    <p class="framework-fix">${prose(fw.fix)} <span class="muted">(read in ${fw.source})</span></p>
    <h4>Remediation (any framework)</h4>
    <p>${prose(check.remediation)}</p>`;
}

export function failingFinding(r: ReportResult, ctx: FindingContext): SafeHtml {
  const check = ctx.checks.get(r.checkId);
  const rationale = findCheck(r.checkId)?.meta.rationale;
  return html`<article
    class="finding ${sevClass(r.severity)}"
    data-filter-item
    data-severity="${filterSeverity(r, check)}"
    data-family="${familyOf(r.checkId)}"
  >
    <h3>
      <span class="badge ${sevClass(r.severity)}">${r.severity ?? 'unrated'}</span>
      <code>${r.checkId}</code> ${prose(r.title)}
    </h3>
    ${suppressionNote(r)}
    <p class="message">${prose(r.message)}</p>
    ${facts(r)}
    ${
      rationale
        ? html`<h4>Why it matters</h4>
            <p>${prose(rationale)}</p>`
        : ''
    }
    ${check ? remediation(check) : ''} ${citations(check)} ${evidenceBlocks(r.evidence, ctx.exchanges)}
  </article>`;
}

/** Inconclusive and error results: status, reason, message, and their exchanges collapsed. */
export function unsettledRow(r: ReportResult, ctx: FindingContext): SafeHtml {
  const check = ctx.checks.get(r.checkId);
  return html`<li
    class="unsettled"
    data-filter-item
    data-severity="${filterSeverity(r, check)}"
    data-family="${familyOf(r.checkId)}"
  >
    <p>
      <span class="badge">${r.status}</span>
      <code>${r.checkId}</code>
      ${prose(r.title)}${r.reason ? html` <span class="muted">(${r.reason})</span>` : ''}
    </p>
    <p class="message">${prose(r.message)}</p>
    ${evidenceBlocks(r.evidence, ctx.exchanges)}
  </li>`;
}

/** A check ID in a compact list (passed, not applicable). */
export function idItem(id: string, ctx: FindingContext, note?: string): SafeHtml {
  const check = ctx.checks.get(id);
  return html`<li data-filter-item data-severity="${check?.severity ?? ''}" data-family="${familyOf(id)}">
    <code>${id}</code
    >${check ? html` <span class="muted">${prose(check.title)}</span>` : ''}${note ? html` <span class="muted">· ${note}</span>` : ''}
  </li>`;
}
