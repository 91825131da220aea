/**
 * The trust chain (../chain.ts) as inline SVG: one box per hop, top to bottom, with its URL,
 * its status and one chip per check coloured by the check's worst outcome. No script, no
 * external reference (no href, no url(), no font), no style attribute (the CSP allows only the
 * hashed stylesheet, whose `.chain` rules colour it); every string goes through the `html` tag,
 * and long ones are cut with the full text in a <title>.
 */
import type { ChainCheck, ChainHop, TrustChain } from '../chain.js';
import type { SafeHtml } from './template.js';
import { html } from './template.js';

const WIDTH = 960;
const BOX_X = 16;
const BOX_W = WIDTH - 2 * BOX_X;
const PAD = 14;
const CHIP_H = 20;
const CHIP_GAP = 6;
const ROW = CHIP_H + CHIP_GAP;
const GAP = 28;
/** Characters of a URL or detail line that fit the box in the monospace font. */
const URL_CHARS = 118;
const DETAIL_CHARS = 128;

/** At most `n` characters (code points), with an ellipsis when cut. */
export function truncate(text: string, n: number): string {
  const chars = Array.from(text);
  return chars.length <= n ? text : `${chars.slice(0, n - 1).join('')}…`;
}

function chipLabel(c: ChainCheck): string {
  return c.id.startsWith('MCPP-') ? c.id.slice(5) : c.id;
}

function chipWidth(c: ChainCheck): number {
  return Math.max(64, Math.ceil(Array.from(truncate(chipLabel(c), 40)).length * 7.4) + 18);
}

interface Placed {
  readonly check: ChainCheck;
  readonly x: number;
  readonly y: number;
  readonly w: number;
}

/** Chips in rows inside the box, from the box's left padding. */
function placeChips(checks: readonly ChainCheck[]): { chips: Placed[]; rows: number } {
  const chips: Placed[] = [];
  let x = 0;
  let row = 0;
  for (const check of checks) {
    const w = chipWidth(check);
    if (x > 0 && x + w > BOX_W - 2 * PAD) {
      x = 0;
      row += 1;
    }
    chips.push({ check, x, y: row * ROW, w });
    x += w + CHIP_GAP;
  }
  return { chips, rows: checks.length ? row + 1 : 0 };
}

const OUTCOME_WORD: Readonly<Record<string, string>> = {
  fail: 'fail',
  error: 'error',
  inconclusive: 'inconclusive',
  pass: 'pass',
  not_applicable: 'not applicable',
};

function chipTitle(c: ChainCheck): string {
  const sev = c.severity ? ` (${c.severity})` : '';
  const n = c.results > 1 ? `, ${c.results} results` : '';
  return `${c.id} ${c.title}: ${OUTCOME_WORD[c.worst] ?? c.worst}${sev}${n}`;
}

function chip(p: Placed, left: number, top: number): SafeHtml {
  const c = p.check;
  return html`<g class="chip o-${c.worst}" data-check="${c.id}" data-outcome="${c.worst}">
    <title>${chipTitle(c)}</title>
    <rect x="${left + p.x}" y="${top + p.y}" width="${p.w}" height="${CHIP_H}" rx="10" />
    <text x="${left + p.x + p.w / 2}" y="${top + p.y + 14}" text-anchor="middle"
      >${truncate(chipLabel(c), 40)}</text
    >
  </g>`;
}

function hopTitle(h: ChainHop, n: number): string {
  const lines = [`${n}. ${h.label}: ${h.status}${h.stoppedHere ? ' (stopped here)' : ''}`];
  if (h.url) lines.push(h.url);
  if (h.detail) lines.push(h.detail);
  for (const c of h.checks) lines.push(chipTitle(c));
  return lines.join('\n');
}

function hopHeight(h: ChainHop): number {
  const { rows } = placeChips(h.checks);
  return 56 + (h.detail ? 18 : 0) + Math.max(rows, 1) * ROW + 4;
}

function hopBox(h: ChainHop, n: number, top: number): SafeHtml {
  const height = hopHeight(h);
  const left = BOX_X + PAD;
  const right = BOX_X + BOX_W - PAD;
  const chipsTop = top + 56 + (h.detail ? 18 : 0);
  const { chips } = placeChips(h.checks);
  const url = h.url ?? 'no URL';
  return html`<g
    class="hop s-${h.state} o-${h.worst ?? 'none'}${h.stoppedHere ? ' stopped' : ''}"
    data-hop="${h.id}"
    data-state="${h.state}"
    data-outcome="${h.worst ?? 'none'}"
    ${h.stoppedHere ? html`data-stopped="true"` : ''}
  >
    <title>${hopTitle(h, n)}</title>
    <rect class="box" x="${BOX_X}" y="${top}" width="${BOX_W}" height="${height}" rx="8" />
    <text class="label" x="${left}" y="${top + 22}"
      >${n}. ${h.label}${h.stoppedHere ? ' — stopped here' : ''}</text
    >
    <text class="status" x="${right}" y="${top + 22}" text-anchor="end">${h.status}</text>
    <text class="url${h.url ? '' : ' none'}" x="${left}" y="${top + 42}">
      <title>${url}</title>${truncate(url, URL_CHARS)}
    </text>
    ${
      h.detail
        ? html`<text class="detail" x="${left}" y="${top + 60}"
            ><title>${h.detail}</title>${truncate(h.detail, DETAIL_CHARS)}</text
          >`
        : ''
    }
    ${
      chips.length
        ? chips.map((p) => chip(p, left, chipsTop))
        : html`<text class="nochecks" x="${left}" y="${chipsTop + 14}">no check judged this hop</text>`
    }
  </g>`;
}

function arrow(x: number, from: number, to: number): SafeHtml {
  return html`<g class="arrow">
    <line x1="${x}" y1="${from}" x2="${x}" y2="${to - 7}" />
    <polygon points="${x - 6},${to - 8} ${x + 6},${to - 8} ${x},${to}" />
  </g>`;
}

const LEGEND: readonly [string, string][] = [
  ['pass', 'pass'],
  ['fail', 'fail'],
  ['inconclusive', 'inconclusive'],
  ['error', 'error'],
];

function legend(top: number): SafeHtml {
  let x = BOX_X;
  const items = LEGEND.map(([o, word]) => {
    const w = Math.ceil(word.length * 7.4) + 18;
    const g = html`<g class="chip o-${o}" data-legend="${o}">
      <rect x="${x}" y="${top}" width="${w}" height="${CHIP_H}" rx="10" />
      <text x="${x + w / 2}" y="${top + 14}" text-anchor="middle">${word}</text>
    </g>`;
    x += w + CHIP_GAP;
    return g;
  });
  const nr = html`<g class="hop s-not-reached o-none" data-legend="not-reached">
    <rect class="box" x="${x}" y="${top}" width="96" height="${CHIP_H}" rx="6" />
    <text class="status" x="${x + 48}" y="${top + 14}" text-anchor="middle">not reached</text>
  </g>`;
  return html`<g class="legend">${items}${nr}</g>`;
}

/** The whole diagram; its height follows the number of checks on each hop. */
export function renderChainSvg(chain: TrustChain): SafeHtml {
  let y = 8;
  const parts: SafeHtml[] = [];
  chain.hops.forEach((h, i) => {
    if (i > 0) {
      parts.push(arrow(WIDTH / 2, y, y + GAP));
      y += GAP;
    }
    parts.push(hopBox(h, i + 1, y));
    y += hopHeight(h);
  });
  y += 16;
  parts.push(legend(y));
  const height = y + CHIP_H + 8;
  const stop = chain.stoppedAt ? chain.hops.find((h) => h.id === chain.stoppedAt) : undefined;
  const summary = stop
    ? `The ${chain.source === 'login' ? 'login' : 'discovery'} stopped at ${stop.label} (${stop.status}).`
    : `Every hop of the ${chain.source === 'login' ? 'login' : 'discovery'} was reached.`;
  return html`<svg
    class="chain"
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 ${WIDTH} ${height}"
    width="${WIDTH}"
    height="${height}"
    role="img"
    aria-label="Authorization trust chain. ${summary}"
    data-source="${chain.source}"
  >
    <title>Authorization trust chain. ${summary}</title>
    ${parts}
  </svg>`;
}

/** The diagram's section of a page, with its one-line summary as text for readers without SVG. */
export function chainSection(chain: TrustChain): SafeHtml {
  const stop = chain.stoppedAt ? chain.hops.find((h) => h.id === chain.stoppedAt) : undefined;
  return html`<section id="trust-chain" aria-labelledby="trust-chain-h">
    <h2 id="trust-chain-h">Authorization trust chain</h2>
    <p class="muted">
      ${
        stop
          ? html`Stopped at <strong>${stop.label}</strong> (${stop.status}).`
          : 'Each hop a client walks, with the checks that judged it, coloured by their worst outcome.'
      }
    </p>
    <div class="chain-wrap">${renderChainSvg(chain)}</div>
  </section>`;
}
