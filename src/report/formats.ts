/**
 * The output formats, by name. Every renderer is a pure function of report(s);
 * this table only says how a format is named, which file extension it gets and
 * whether one file covers several targets (SARIF runs, JUnit suites).
 */
import { renderCompliance } from './compliance.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { renderMigration } from './migration.js';
import type { ScanReport } from './model.js';
import { renderSarif } from './sarif.js';
import { renderText } from './text.js';

export const FORMAT_NAMES = [
  'text',
  'json',
  'sarif',
  'junit',
  'markdown',
  'html',
  'compliance',
  'migration',
] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

export interface RenderContext {
  /** The file SARIF results are anchored to, and the line of each target in it. */
  readonly anchor: { readonly file: string; readonly line: (report: ScanReport) => number };
  readonly color: boolean;
  /** Base of the check doc page links (`--docs-url`); relative `docs/checks` when unset. */
  readonly docsBaseUrl?: string;
}

const docs = (ctx: RenderContext) => (ctx.docsBaseUrl ? { docsBaseUrl: ctx.docsBaseUrl } : {});

interface FormatSpec {
  readonly ext: string;
  /** One file for all targets (true) or one file per target (false). */
  readonly combined: boolean;
  render(reports: readonly ScanReport[], ctx: RenderContext): string;
}

const each =
  (render: (r: ScanReport, ctx: RenderContext) => string) =>
  (reports: readonly ScanReport[], ctx: RenderContext) =>
    reports.map((r) => render(r, ctx)).join('\n');

export const FORMATS: Readonly<Record<FormatName, FormatSpec>> = {
  text: { ext: 'txt', combined: false, render: each((r, ctx) => renderText(r, { color: ctx.color })) },
  json: { ext: 'json', combined: false, render: each((r) => renderJson(r)) },
  sarif: {
    ext: 'sarif',
    combined: true,
    render: (reports, ctx) =>
      renderSarif(reports, {
        anchorFile: ctx.anchor.file,
        anchorLine: ctx.anchor.line,
        // SARIF's helpUri must be absolute; a relative base leaves the citation as helpUri.
        ...(ctx.docsBaseUrl && /^https?:\/\//i.test(ctx.docsBaseUrl) ? { docsBaseUrl: ctx.docsBaseUrl } : {}),
      }),
  },
  junit: { ext: 'junit.xml', combined: true, render: (reports) => renderJunit(reports) },
  markdown: { ext: 'md', combined: false, render: each((r, ctx) => renderMarkdown(r, docs(ctx))) },
  html: { ext: 'html', combined: false, render: each((r) => renderHtml(r)) },
  compliance: {
    ext: 'compliance.md',
    combined: false,
    render: each((r, ctx) => renderCompliance(r, docs(ctx))),
  },
  migration: {
    ext: 'migration.md',
    combined: false,
    render: each((r, ctx) => renderMigration(r, docs(ctx))),
  },
};

export function isFormatName(v: string): v is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(v);
}
