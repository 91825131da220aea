/**
 * `fleet report --format html` and a fleet run's `index.html`: one self-contained page with the
 * per-target table first (sortable and filterable), then inline SVG charts (grades, outcomes,
 * the trend across runs). One inline stylesheet and one inline script, each allowed by its hash
 * in a Content-Security-Policy that forbids everything else (no request can leave the page),
 * and every string from the database, which servers supplied, escaped by the `html` tag. Tables
 * never crush a column: headers do not wrap, and a table wider than the page scrolls.
 */
import { page, pagePolicy } from '../../report/html/page.js';
import type { SafeHtml } from '../../report/html/template.js';
import { html } from '../../report/html/template.js';
import { FLEET_SCRIPT } from './html-script.js';
import { targetsTable } from './html-targets.js';
import type { FleetReport, Limited } from './model.js';
import type { Bar } from './svg.js';
import { barChart, columnChart, trendChart } from './svg.js';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header,main{max-width:1040px;margin:0 auto;padding:16px 24px}
header{border-bottom:1px solid #d9dde5;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
.meta{color:#4a5366;margin:0}
section{background:#fff;border:1px solid #d9dde5;border-radius:6px;padding:12px 16px;margin:14px 0}
header,main{max-width:1240px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;min-width:100%;font-size:13px}
th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eceff4;vertical-align:top}
td{overflow-wrap:break-word;min-width:3em;max-width:36em}
th{background:#f0f2f6;white-space:nowrap}
th button{font:inherit;font-weight:600;border:0;background:none;padding:0;cursor:pointer;color:inherit}
th[aria-sort=ascending] button::after{content:" \\25B2"}
th[aria-sort=descending] button::after{content:" \\25BC"}
.tools{margin:0 0 8px;display:flex;gap:12px;align-items:center}
.tools input{font:inherit;padding:2px 6px;margin-left:6px}
.tname{font-weight:600}.tid{color:#4a5366;font-size:12px}
.grade{font-weight:700;padding:0 6px;border-radius:3px;color:#fff}
.ga{background:#2e8540}.gb{background:#5f8f2f}.gc{background:#9a7400}.gd{background:#b35a12}.gf{background:#d0312d}.gn{background:#6b7386}
.charts{display:flex;flex-wrap:wrap;gap:16px}
.chart{max-width:100%;height:auto}
.chart .axis{stroke:#9aa3b5}
.chart .label{font-size:12px;fill:#2d3446}
.chart .value{font-size:12px;fill:#4a5366}
.g-a{fill:#2e8540}.g-b{fill:#7cb342}.g-c{fill:#f2b705}.g-d{fill:#ef7d22}.g-f{fill:#d0312d}.g-n{fill:#8a93a6}
.o-ok{fill:#2e8540}.o-bad{fill:#d0312d}.o-other{fill:#8a93a6}.c-fail{fill:#c24b3a}
.more,.none{color:#4a5366}
code{font-size:12px;background:#f0f2f6;padding:0 3px;border-radius:3px}
`;

export function fleetContentSecurityPolicy(): string {
  return pagePolicy(STYLE, FLEET_SCRIPT);
}

export interface FleetHtmlOptions {
  /** Extension of the per-target reports the table links to (beside the page); null: no links. */
  readonly reportExt?: string | null;
}

const GRADE_TONE: Readonly<Record<string, string>> = {
  'A+': 'g-a',
  A: 'g-a',
  B: 'g-b',
  C: 'g-c',
  D: 'g-d',
  F: 'g-f',
};

function more<T>(l: Limited<T>): SafeHtml | null {
  return l.total > l.items.length ? html`<p class="more">… and ${l.total - l.items.length} more.</p>` : null;
}

function table(head: readonly string[], rows: readonly (readonly (string | number | null)[])[]): SafeHtml {
  return html`<div class="scroll">
    <table>
      <thead>
        <tr>
          ${head.map((h) => html`<th scope="col">${h}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (r) =>
            html`<tr>
              ${r.map((c) => html`<td>${c ?? ''}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

function section(id: string, title: string, body: SafeHtml | (SafeHtml | null)[]): SafeHtml {
  return html`<section id="${id}" aria-labelledby="${id}-h">
    <h2 id="${id}-h">${title}</h2>
    ${body}
  </section>`;
}

function findingsSection(
  id: string,
  title: string,
  r: FleetReport,
  list: FleetReport['newFindings'],
): SafeHtml {
  if (!r.previous)
    return section(id, `${title} (0)`, html`<p class="none">No earlier run to compare with.</p>`);
  return section(id, `${title} (${list.total})`, [
    list.total === 0
      ? html`<p class="none">None.</p>`
      : table(
          ['target', 'check', 'severity', 'location', 'message'],
          list.items.map((f) => [f.url, f.checkId, f.severity, f.location, f.message]),
        ),
    more(list),
  ]);
}

const TREND_ORDER = ['A+', 'A', 'B', 'C', 'D', 'F', 'N/G'];

function trend(r: FleetReport): SafeHtml | null {
  if (r.trend.length < 2) return null;
  return trendChart(
    `Grades across the last ${r.trend.length} runs`,
    r.trend.map((run) => ({
      label: run.startedAt.slice(0, 10),
      segments: TREND_ORDER.map((g) => ({
        label: g,
        value: run.grades.find((x) => x.grade === g)?.count ?? 0,
        tone: GRADE_TONE[g] ?? 'g-n',
      })),
    })),
  );
}

export function renderFleetHtml(r: FleetReport, opts: FleetHtmlOptions = {}): string {
  const gradeBars: Bar[] = r.grades.map((g) => ({
    label: g.grade,
    value: g.count,
    tone: GRADE_TONE[g.grade] ?? 'g-n',
  }));
  const outcomeBars: Bar[] = Object.entries(r.outcomes).map(([o, n]) => ({
    label: o,
    value: n,
    tone: o === 'graded' ? 'o-ok' : o === 'error' || o === 'unreachable' ? 'o-bad' : 'o-other',
  }));
  const failBars: Bar[] = r.topFailing.map((c) => ({ label: c.checkId, value: c.targets, tone: 'c-fail' }));
  // Written at the depth of a child of <body> in the page shell, so the page keeps its bytes.
  // prettier-ignore
  const body = html`<header>
          <h1>mcp-posture fleet report</h1>
          <p class="meta">
            Run <code>${r.run.id}</code> · started ${r.run.startedAt} · ${r.run.scans} targets · source
            ${r.run.source} · mode ${r.run.mode}${r.run.shardCount > 1 ? ` · ${r.run.shardCount} shards` : ''}
          </p>
          <p class="meta">
            ${
              r.previous
                ? html`Compared with run <code>${r.previous.id}</code> (${r.previous.startedAt}).`
                : 'No earlier run to compare with.'
            }
          </p>
        </header>
        <main>
          ${targetsTable(r, opts.reportExt === undefined ? 'html' : opts.reportExt)}
          ${section(
            'grades',
            'Grades and outcomes',
            html`<div class="charts">
              ${columnChart('Grade distribution (N/G: not graded)', gradeBars)}
              ${barChart('Targets by outcome', outcomeBars)}
              ${trend(r)}
            </div>`,
          )}
          ${section(
            'failing',
            `Most common failing checks (${r.topFailing.length})`,
            r.topFailing.length
              ? [
                  barChart('Targets failing each check', failBars),
                  table(
                    ['check', 'title', 'severity', 'targets'],
                    r.topFailing.map((c) => [c.checkId, c.title, c.severity, c.targets]),
                  ),
                ]
              : html`<p class="none">No failing checks.</p>`,
          )}
          ${findingsSection('new', 'New findings since the previous run', r, r.newFindings)}
          ${findingsSection('fixed', 'Fixed since the previous run', r, r.fixedFindings)}
          ${section(`drift`, `Surface drift (${r.drift.total} targets)`, [
            !r.previous
              ? html`<p class="none">No earlier run to compare with.</p>`
              : r.drift.total === 0
                ? html`<p class="none">No tool, prompt or resource definition changed.</p>`
                : table(
                    ['target', 'added', 'removed', 'changed', 'items'],
                    r.drift.items.map((d) => [
                      d.url,
                      d.added,
                      d.removed,
                      d.changed,
                      d.items.map((i) => `${i.change} ${i.kind} ${i.name}`).join('; '),
                    ]),
                  ),
            more(r.drift),
          ])}
          ${section(
            'not-graded',
            `Not graded: unreachable, not MCP, redirected or failed (${r.notGraded.total})`,
            [
              r.notGraded.total === 0
                ? html`<p class="none">None.</p>`
                : table(
                    ['target', 'outcome', 'detail'],
                    r.notGraded.items.map((n) => [n.url, n.outcome, n.detail]),
                  ),
              more(r.notGraded),
            ],
          )}
          <p class="meta">Generated ${r.generatedAt} by mcp-posture.</p>
        </main>`;
  return page({ title: `mcp-posture fleet report: ${r.run.id}`, style: STYLE, script: FLEET_SCRIPT }, body);
}
