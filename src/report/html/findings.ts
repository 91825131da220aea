/** Result blocks: failing findings in full, the other statuses compactly. */
import type { Severity } from '../../checks/define-check.js';
import { SEVERITIES } from '../../checks/define-check.js';
import { findCheck } from '../../checks/index.js';
import { parseHttpUrl } from '../../targets/target.js';
import type { Finding } from '../findings.js';
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

type Fact = readonly [string, string];

function factRows(r: ReportResult): Fact[] {
  const rows: Fact[] = [];
  if (r.key !== null) rows.push(['Key', r.key]);
  if (r.location !== 'endpoint') rows.push(['Location', r.location]);
  if (r.condition !== null) rows.push(['Applies if', r.condition]);
  if (r.reason !== null) rows.push(['Reason', r.reason]);
  rows.push(['Confidence', r.confidence]);
  if (r.revisionsFailed.length) rows.push(['Revisions failed', r.revisionsFailed.join(', ')]);
  else if (r.revisionsEvaluated.length) rows.push(['Revisions evaluated', r.revisionsEvaluated.join(', ')]);
  return rows;
}

function factList(rows: readonly Fact[]): SafeHtml | '' {
  if (rows.length === 0) return '';
  return html`<dl class="facts">
    ${rows.map(
      ([k, v]) =>
        html`<dt>${k}</dt>
          <dd>${v}</dd>`,
    )}
  </dl>`;
}

/** Facts every place shares (said once, under the list), and what each place has of its own. */
function splitFacts(places: readonly ReportResult[]): { common: Fact[]; own: Fact[][] } {
  const all = places.map(factRows);
  const same = (f: Fact) => all.every((rows) => rows.some(([k, v]) => k === f[0] && v === f[1]));
  const common = all[0]!.filter(same);
  return { common, own: all.map((rows) => rows.filter((f) => !common.includes(f) && !same(f))) };
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

/** The card's anchor, which the findings table links to. */
export function findingAnchor(f: Finding, suppressed = false): string {
  return `${suppressed ? 'suppressed' : 'finding'}-${f.checkId}`;
}

/** One place a check failed: its message, facts and exchanges; its severity when it differs. */
function placeBody(
  r: ReportResult,
  ctx: FindingContext,
  findingSeverity: Severity | null,
  facts: readonly Fact[] = factRows(r),
  withEvidence = true,
): SafeHtml {
  return html`${
      r.severity !== findingSeverity
        ? html`<span class="badge ${sevClass(r.severity)}">${r.severity ?? 'unrated'}</span> `
        : ''
    }
    <p class="message">${prose(r.message)}</p>
    ${factList(facts)} ${withEvidence ? evidenceBlocks(r.evidence, ctx.exchanges) : ''}`;
}

/** The exchanges every place cites, when they all cite the same ones: shown once, under the list. */
function sharedEvidence(places: readonly ReportResult[]): ReportResult['evidence'] | null {
  const first = places[0]!.evidence.join(' ');
  return places.every((r) => r.evidence.join(' ') === first) ? places[0]!.evidence : null;
}

/** One card per failing check: its places listed, why it matters and the fix said once. */
export function failingFinding(f: Finding, ctx: FindingContext, suppressed = false): SafeHtml {
  const check = ctx.checks.get(f.checkId);
  const rationale = findCheck(f.checkId)?.meta.rationale;
  const [first] = f.places;
  const many = f.places.length > 1;
  const shared = many ? sharedEvidence(f.places) : null;
  const split = splitFacts(f.places);
  return html`<article
    id="${findingAnchor(f, suppressed)}"
    class="finding ${sevClass(f.severity)}"
    data-filter-item
    data-severity="${filterSeverity(first!, check)}"
    data-family="${familyOf(f.checkId)}"
  >
    <h3>
      <span class="badge ${sevClass(f.severity)}">${f.severity ?? 'unrated'}</span>
      <code>${f.checkId}</code>
      ${prose(f.title)}${many ? html` <span class="muted">· ${f.places.length} places</span>` : ''}
    </h3>
    ${suppressionNote(first!)}
    ${
      many
        ? html`<ol class="places">
              ${f.places.map(
                (r, i) => html`<li>${placeBody(r, ctx, f.severity, split.own[i], shared === null)}</li>`,
              )}
            </ol>
            ${factList(split.common)} ${shared ? evidenceBlocks(shared, ctx.exchanges) : ''}`
        : placeBody(first!, ctx, f.severity)
    }
    ${
      rationale
        ? html`<h4>Why it matters</h4>
            <p>${prose(rationale)}</p>`
        : ''
    }
    ${check ? remediation(check) : ''} ${citations(check)}
  </article>`;
}

/** The five-second view above the cards: one row per failing check, linked to its card. */
export function findingsTable(findings: readonly Finding[]): SafeHtml | '' {
  if (findings.length === 0) return '';
  return html`<table class="findings-table">
    <thead>
      <tr>
        <th scope="col">Severity</th>
        <th scope="col">Check</th>
        <th scope="col">What fails</th>
        <th scope="col">Places</th>
      </tr>
    </thead>
    <tbody>
      ${findings.map(
        (f) =>
          html`<tr data-filter-item data-severity="${f.severity ?? ''}" data-family="${familyOf(f.checkId)}">
            <td><span class="badge ${sevClass(f.severity)}">${f.severity ?? 'unrated'}</span></td>
            <td>
              <a href="#${findingAnchor(f)}"><code>${f.checkId}</code></a>
            </td>
            <td>${prose(f.title)}</td>
            <td class="n">${f.places.length}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
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
