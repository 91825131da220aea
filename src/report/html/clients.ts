/**
 * The client grid: one cell per client profile, coloured by verdict; each cell opens (a plain
 * <details>, no script) on the rules that decided it, what the scan saw, the fix, the source the
 * rule was read from and the exchanges that prove it.
 */
import type { ReportClient, ReportClientRule } from '../clients-model.js';
import { clientCounts, clientWhy, VERDICT_WORDS } from '../clients-words.js';
import { parseHttpUrl } from '../../targets/target.js';
import { ledgerSummary } from '../ledger.js';
import type { ScanReport } from '../model.js';
import type { RecordedExchange } from './evidence.js';
import { evidenceBlocks } from './evidence.js';
import type { SafeHtml } from './template.js';
import { html, prose } from './template.js';

const VERDICT_CLASS: Readonly<Record<ReportClient['verdict'], string>> = {
  connects: 'v-connects',
  blocked: 'v-blocked',
  degraded: 'v-degraded',
  unknown: 'v-unknown',
};

function sourceLink(rule: ReportClientRule): SafeHtml {
  const s = rule.source;
  const href = parseHttpUrl(s.url)?.href;
  const read = `${s.kind}, read ${s.checked}${s.version ? `, ${s.version}` : ''}`;
  return href
    ? html`<a href="${href}" rel="noreferrer noopener" target="_blank">${s.url}</a>
        <span class="muted">(${read})</span>`
    : html`${s.url} <span class="muted">(${read})</span>`;
}

function ruleBlock(rule: ReportClientRule, exchanges: ReadonlyMap<string, RecordedExchange>): SafeHtml {
  const effect = rule.status === 'unknown' ? 'not decided' : rule.effect;
  return html`<div class="client-rule" data-rule="${rule.id}">
    <h4>${prose(rule.does)} <span class="muted">(${effect})</span></h4>
    <p>${rule.detail}</p>
    ${rule.status === 'unmet' ? html`<p><strong>Fix:</strong> ${prose(rule.fix)}</p>` : ''}
    <p class="muted">Source: ${sourceLink(rule)}</p>
    ${evidenceBlocks(rule.evidence, exchanges)}
  </div>`;
}

function cell(c: ReportClient, exchanges: ReadonlyMap<string, RecordedExchange>): SafeHtml {
  return html`<details class="client ${VERDICT_CLASS[c.verdict]}" data-client="${c.id}">
    <summary>
      <strong>${c.name}</strong> <span class="badge">${VERDICT_WORDS[c.verdict]}</span>
      <span class="why">${clientWhy(c)}</span>
    </summary>
    ${c.rules.length ? c.rules.map((r) => ruleBlock(r, exchanges)) : html`<p>${c.reason}</p>`}
  </details>`;
}

export function clientsSection(
  report: ScanReport,
  exchanges: ReadonlyMap<string, RecordedExchange>,
): SafeHtml | '' {
  const clients = report.clients ?? [];
  if (clients.length === 0) return '';
  return html`<section id="clients" aria-labelledby="clients-h">
    <h2 id="clients-h">Clients (${clientCounts(clients)})</h2>
    ${[html`<div class="client-grid">${clients.map((c) => cell(c, exchanges))}</div>`, ledgerBlock(report, exchanges)]}
  </section>`;
}

/** The registration ledger: every client the scan registered, deleted or not, with its exchanges. */
function ledgerBlock(report: ScanReport, exchanges: ReadonlyMap<string, RecordedExchange>): SafeHtml | '' {
  const entries = report.registrations;
  if (!entries) return '';
  if (entries.length === 0) return html`<p id="registrations">No client was registered by this scan.</p>`;
  return html`<div id="registrations">
    <h3>Registered clients (${ledgerSummary(entries)})</h3>
    ${entries.map(
      (x) =>
        html`<details class="registration ${x.deleted ? 'v-connects' : 'v-blocked'}" data-probe="${x.probe}">
          <summary>
            <strong>${x.deleted ? 'deleted' : 'not deleted'}</strong> ${x.probe}: ${x.redirectUri}
          </summary>
          <p>${x.purpose}, at ${x.registrationEndpoint}. ${x.detail}</p>
          ${evidenceBlocks(x.evidence, exchanges)}
        </details>`,
    )}
  </div>`;
}
