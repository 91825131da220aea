/**
 * The fleet page's per-target table: one row per target, every column sortable (its header is a
 * button) and the rows filterable by text, through the page's one inline script (./html-script.ts),
 * which only reorders and hides rows: it reads the `data-v` sort keys and the rows' text, and
 * never writes markup. Every server-supplied string goes through the escaping `html` tag; a
 * report link is the target's file stem (a slug of safe characters, ./file-names.ts).
 */
import type { SafeHtml } from '../../report/html/template.js';
import { html } from '../../report/html/template.js';
import type { FleetReport, TargetRow } from './model.js';
import { SEVERITY_KEYS } from './model.js';
import { driftWords, outcomeWords } from './row-words.js';
import { gradeLabel, gradeRank } from './rows.js';

const GRADE_CLASS: Readonly<Record<string, string>> = {
  'A+': 'ga',
  A: 'ga',
  B: 'gb',
  C: 'gc',
  D: 'gd',
  F: 'gf',
};

interface Column {
  readonly head: string;
  readonly sort: 'text' | 'num';
  readonly cell: (r: TargetRow) => { readonly v: string | number; readonly body: SafeHtml | string };
}

function columns(r: FleetReport, reportExt: string | null): Column[] {
  const clients = r.targets.items.some((t) => t.client !== null || t.configFile !== null);
  const cols: (Column | null)[] = [
    {
      head: 'target',
      sort: 'text',
      cell: (t) => ({
        v: t.name ?? t.target,
        body: t.name
          ? html`<span class="tname">${t.name}</span><br /><span class="tid">${t.target}</span>`
          : html`<span class="tid">${t.target}</span>`,
      }),
    },
    clients
      ? {
          head: 'client · config file',
          sort: 'text',
          cell: (t) => ({
            v: `${t.client ?? ''} ${t.configFile ?? ''}`,
            body: t.client ? html`${t.client}<br /><span class="tid">${t.configFile ?? ''}</span>` : '',
          }),
        }
      : null,
    {
      head: 'outcome',
      sort: 'text',
      cell: (t) => ({ v: outcomeWords(t), body: outcomeWords(t) }),
    },
    {
      head: 'grade',
      sort: 'num',
      cell: (t) => ({
        v: gradeRank(t.grade),
        body: html`<span class="grade ${GRADE_CLASS[t.grade ?? ''] ?? 'gn'}">${gradeLabel(t)}</span>`,
      }),
    },
    ...SEVERITY_KEYS.filter((k) => k !== 'info').map((k): Column => ({
      head: k,
      sort: 'num',
      cell: (t) => ({ v: t.failing[k], body: t.failing[k] ? String(t.failing[k]) : '·' }),
    })),
    {
      head: 'since the previous run',
      sort: 'text',
      cell: (t) => ({ v: driftWords(t), body: driftWords(t) }),
    },
    reportExt === null
      ? null
      : {
          head: 'report',
          sort: 'text',
          cell: (t) => ({
            v: t.report,
            body: html`<a href="${encodeURIComponent(`${t.report}.${reportExt}`)}">${t.report}</a>`,
          }),
        },
  ];
  return cols.filter((c): c is Column => c !== null);
}

/** The table section; `reportExt` is the extension of the per-target reports it links to, null for none. */
export function targetsTable(r: FleetReport, reportExt: string | null): SafeHtml {
  const cols = columns(r, reportExt);
  const more = r.targets.total - r.targets.items.length;
  return html`<section id="targets" aria-labelledby="targets-h">
    <h2 id="targets-h">Targets (${r.targets.total})</h2>
    <div class="tools" id="target-tools" hidden>
      <label
        >Filter
        <input type="search" id="target-filter" autocomplete="off" aria-controls="target-table" /></label
      ><span id="target-shown" aria-live="polite"></span>
    </div>
    <div class="scroll">
      <table id="target-table" class="targets">
        <thead>
          <tr>
            ${cols.map(
              (c, i) =>
                html`<th scope="col" data-sort="${c.sort}" data-col="${i}">
                  <button type="button">${c.head}</button>
                </th>`,
            )}
          </tr>
        </thead>
        <tbody>
          ${r.targets.items.map(
            (t) =>
              html`<tr>
                ${cols.map((c) => {
                  const cell = c.cell(t);
                  return html`<td data-v="${cell.v}">${cell.body}</td>`;
                })}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${more > 0 ? html`<p class="more">… and ${more} more: the worst ${r.targets.items.length} are listed.</p>` : null}
  </section>`;
}
