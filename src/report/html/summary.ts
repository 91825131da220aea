/** The top of the page: target, outcome, revision and how it was found, counts, then the filter bar. */
import { SEVERITIES } from '../../checks/define-check.js';
import type { ScanReport } from '../model.js';
import { formatGrade } from '../rating.js';
import { frameworkLine } from '../clients-words.js';
import { scopeWords, trafficWords } from '../stdio-exchanges.js';
import { sevClass } from './findings.js';
import { entryRef, familyOf } from './groups.js';
import type { SafeHtml } from './template.js';
import { html } from './template.js';

export function summarySection(report: ScanReport): SafeHtml {
  const t = report.target;
  const rev = t.revision;
  const s = report.summary;
  const b = s.byStatus;
  const counts = SEVERITIES.map(
    (sev) =>
      html`<li class="${sevClass(sev)}${s.failsBySeverity[sev] === 0 ? ' zero' : ''}">
        <span class="n">${s.failsBySeverity[sev]}</span>${sev}
      </li>`,
  );
  const facts: [string, string][] = [
    ['Revision', `${rev.value ?? 'unknown'} (${rev.source})`],
    ['How it was found', rev.how],
  ];
  if (rev.source !== 'negotiated' && rev.source !== 'pinned')
    facts.push(['Candidate revisions', rev.candidates.join(', ') || 'none']);
  facts.push(
    ['Transport', t.transport ?? 'unknown'],
    [
      'Checks',
      `${s.checks}: ${b.pass} pass, ${b.fail} fail, ${b.inconclusive} inconclusive, ${b.error} error, ${b.not_applicable} not applicable`,
    ],
    ['Mode', report.mode],
    ['Address scope', scopeWords(report)],
    [
      'Authorization',
      // Three separate facts: a wall was met, the server uses authorization, a token was given.
      `${t.authWall ? 'auth wall seen' : 'no auth wall seen'}; ${t.authInUse ? 'authorization in use' : 'no authorization seen'}; ${report.settings.tokenSupplied ? 'token supplied' : 'no token supplied'}`,
    ],
    ['Requests', `${trafficWords(report)} in ${(report.durationMs / 1000).toFixed(1)} s`],
    ['Scanned at', report.generatedAt],
  );
  if (report.framework)
    facts.push(['Framework', frameworkLine(report.framework).replace(/^framework: /, '')]);
  const sup = report.suppressions;
  if (sup.applied > 0) facts.push(['Suppressed', `${sup.applied} failing results accepted by configuration`]);
  if (sup.expired.length)
    facts.push([
      'Expired suppressions',
      sup.expired.map((x) => `${entryRef(x)} (${x.expires ?? ''})`).join('; '),
    ]);
  if (sup.unused.length) facts.push(['Unused suppressions', sup.unused.map(entryRef).join('; ')]);
  const bl = report.baseline;
  if (bl)
    facts.push([
      'Baseline',
      `${bl.file}: ${bl.newFailures.length} new, ${bl.expectedFailures.length} expected, ${bl.stale.length} stale, ${bl.unverifiable.length} unverifiable`,
    ]);
  const rating = report.rating;
  return html`<section id="summary" aria-labelledby="summary-h">
    <h2 id="summary-h">Summary</h2>
    ${
      t.unreached
        ? html`<p class="unreached" role="alert">
            <strong>${t.unreached.why}</strong><br />next: ${t.unreached.next}
          </p>`
        : ''
    }
    <p class="grade">
      Grade <span class="grade-value ${gradeClass(rating.letter)}">${formatGrade(rating)}</span>${
        rating.qualifier ? html` <span class="muted">(${rating.qualifier})</span>` : ''
      }
      <span class="muted">· ${rating.policy} · ${rating.basis}</span>
    </p>
    ${
      rating.reasons.length
        ? html`<details>
            <summary>How the grade was reached</summary>
            <ul>
              ${rating.reasons.map((x) => html`<li>${x}</li>`)}
            </ul>
          </details>`
        : ''
    }
    <p class="outcome">
      Outcome: <span class="outcome-value">${report.outcome}</span> · ${b.fail} failing
      ${b.fail === 1 ? 'check' : 'checks'}
    </p>
    <h3>Failing checks by severity</h3>
    <ul class="counts">
      ${counts}
    </ul>
    <dl class="facts">
      ${facts.map(
        ([k, v]) =>
          html`<dt>${k}</dt>
            <dd>${v}</dd>`,
      )}
    </dl>
  </section>`;
}

/** The grade's colour class: `grade-a`, `grade-a-plus`, `grade-ng`, … */
export function gradeClass(letter: string): string {
  return `grade-${letter.toLowerCase().replace('+', '-plus').replace('/', '')}`;
}

/** Hidden until the script runs, so without JS nothing is filtered and no dead controls show. */
export function filterBar(report: ScanReport): SafeHtml {
  const families = [...new Set(report.results.map((r) => familyOf(r.checkId)))].sort();
  const button = (dim: string, value: string, label: string) =>
    html`<button type="button" data-dim="${dim}" data-value="${value}" aria-pressed="false">
      ${label}
    </button>`;
  return html`<nav id="filters" class="filters" aria-label="Filters" hidden>
    <fieldset>
      <legend>Severity</legend>
      ${button('severity', '*', 'all')}${SEVERITIES.map((s) => button('severity', s, s))}
    </fieldset>
    <fieldset>
      <legend>Family</legend>
      ${button('family', '*', 'all')}${families.map((f) => button('family', f, f))}
    </fieldset>
    <span id="filter-shown" class="muted" aria-live="polite"></span>
  </nav>`;
}
