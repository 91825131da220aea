/**
 * Inline SVG charts for the fleet HTML report: plain markup (no script, no external font or
 * image), every label through the escaping `html` tag. Sizes are computed here, so a chart
 * is the same bytes for the same numbers.
 */
import type { SafeHtml } from '../../report/html/template.js';
import { html } from '../../report/html/template.js';

export interface Bar {
  readonly label: string;
  readonly value: number;
  /** A CSS class for the bar's colour (from the page's own stylesheet). */
  readonly tone: string;
}

const W = 560;

/** Vertical bars with the value above each and the label below (grade distribution). */
export function columnChart(title: string, bars: readonly Bar[]): SafeHtml {
  const h = 180;
  const top = 20;
  const base = h - 28;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = W / Math.max(1, bars.length);
  const bw = Math.min(56, slot * 0.6);
  return html`<svg
    class="chart"
    role="img"
    aria-label="${title}"
    viewBox="0 0 ${W} ${h}"
    width="${W}"
    height="${h}"
  >
    <title>${title}</title>
    <line x1="0" y1="${base}" x2="${W}" y2="${base}" class="axis" />
    ${bars.map((b, i) => {
      const bh = Math.round(((base - top) * b.value) / max);
      const x = Math.round(i * slot + (slot - bw) / 2);
      const cx = Math.round(i * slot + slot / 2);
      return html`<g>
        <rect x="${x}" y="${base - bh}" width="${Math.round(bw)}" height="${bh}" class="${b.tone}" />
        <text x="${cx}" y="${base - bh - 6}" text-anchor="middle" class="value">${b.value}</text>
        <text x="${cx}" y="${h - 8}" text-anchor="middle" class="label">${b.label}</text>
      </g>`;
    })}
  </svg>`;
}

/** Horizontal bars with a label on the left (most common failing checks, outcomes). */
export function barChart(title: string, bars: readonly Bar[]): SafeHtml {
  const row = 24;
  const labelW = 150;
  const h = Math.max(row, bars.length * row) + 8;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const room = W - labelW - 50;
  return html`<svg
    class="chart"
    role="img"
    aria-label="${title}"
    viewBox="0 0 ${W} ${h}"
    width="${W}"
    height="${h}"
  >
    <title>${title}</title>
    ${bars.map((b, i) => {
      const y = i * row + 4;
      const bw = Math.max(1, Math.round((room * b.value) / max));
      return html`<g>
        <text x="${labelW - 8}" y="${y + 15}" text-anchor="end" class="label">${b.label}</text>
        <rect x="${labelW}" y="${y + 3}" width="${bw}" height="${row - 8}" class="${b.tone}" />
        <text x="${labelW + bw + 6}" y="${y + 15}" class="value">${b.value}</text>
      </g>`;
    })}
  </svg>`;
}

export interface TrendColumn {
  /** The run's label under its column (its start date). */
  readonly label: string;
  readonly segments: readonly Bar[];
}

/** One stacked column per run, its segments bottom up (the grades across runs). */
export function trendChart(title: string, runs: readonly TrendColumn[]): SafeHtml {
  const h = 200;
  const top = 20;
  const base = h - 28;
  const max = Math.max(1, ...runs.map((r) => r.segments.reduce((n, s) => n + s.value, 0)));
  const slot = W / Math.max(1, runs.length);
  const bw = Math.round(Math.min(48, slot * 0.6));
  return html`<svg
    class="chart trend"
    role="img"
    aria-label="${title}"
    viewBox="0 0 ${W} ${h}"
    width="${W}"
    height="${h}"
  >
    <title>${title}</title>
    <line x1="0" y1="${base}" x2="${W}" y2="${base}" class="axis" />
    ${runs.map((r, i) => {
      const x = Math.round(i * slot + (slot - bw) / 2);
      const cx = Math.round(i * slot + slot / 2);
      let y = base;
      const total = r.segments.reduce((n, s) => n + s.value, 0);
      return html`<g>
        ${r.segments
          .filter((s) => s.value > 0)
          .map((s) => {
            const sh = Math.max(1, Math.round(((base - top) * s.value) / max));
            y -= sh;
            return html`<rect x="${x}" y="${y}" width="${bw}" height="${sh}" class="${s.tone}">
              <title>${s.label}: ${s.value}</title>
            </rect>`;
          })}
        <text x="${cx}" y="${y - 6}" text-anchor="middle" class="value">${total}</text>
        <text x="${cx}" y="${h - 8}" text-anchor="middle" class="label">${r.label}</text>
      </g>`;
    })}
  </svg>`;
}
