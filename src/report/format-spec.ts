/**
 * The output formats as data: names, file extension, whether one file covers several targets,
 * and how each renderer module is bound to a `render` function. No renderer is imported here
 * (only their types): ./formats.ts binds them all eagerly for the library, ./format-loader.ts
 * one at a time for the CLI, so a scan loads only the renderers it writes.
 */
import type * as Compliance from './compliance.js';
import type * as Html from './html.js';
import type * as Json from './json.js';
import type * as Junit from './junit.js';
import type * as Markdown from './markdown.js';
import type * as Migration from './migration.js';
import type { ScanReport } from './model.js';
import type * as Sarif from './sarif.js';
import type * as Text from './text.js';

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
  /** The text format lists every not-applicable check instead of grouping them (`--verbose`). */
  readonly verbose?: boolean;
}

export interface FormatSpec {
  readonly ext: string;
  /** One file for all targets (true) or one file per target (false). */
  readonly combined: boolean;
  render(reports: readonly ScanReport[], ctx: RenderContext): string;
}

/** The module each format is rendered by. */
export interface RendererModules {
  readonly text: typeof Text;
  readonly json: typeof Json;
  readonly sarif: typeof Sarif;
  readonly junit: typeof Junit;
  readonly markdown: typeof Markdown;
  readonly html: typeof Html;
  readonly compliance: typeof Compliance;
  readonly migration: typeof Migration;
}

const docs = (ctx: RenderContext) => (ctx.docsBaseUrl ? { docsBaseUrl: ctx.docsBaseUrl } : {});

const each =
  (render: (r: ScanReport, ctx: RenderContext) => string) =>
  (reports: readonly ScanReport[], ctx: RenderContext) =>
    reports.map((r) => render(r, ctx)).join('\n');

/** How each format is written: its file extension, and whether one file covers every target. */
export const FORMAT_FILES: {
  readonly [N in FormatName]: Pick<FormatSpec, 'ext' | 'combined'>;
} = {
  text: { ext: 'txt', combined: false },
  json: { ext: 'json', combined: false },
  sarif: { ext: 'sarif', combined: true },
  junit: { ext: 'junit.xml', combined: true },
  markdown: { ext: 'md', combined: false },
  html: { ext: 'html', combined: false },
  compliance: { ext: 'compliance.md', combined: false },
  migration: { ext: 'migration.md', combined: false },
};

/** Binds a format's renderer module to its spec. */
export const BIND_FORMAT: { readonly [N in FormatName]: (m: RendererModules[N]) => FormatSpec } = {
  text: (m) => ({
    ...FORMAT_FILES.text,
    render: each((r, ctx) => m.renderText(r, { color: ctx.color, verbose: ctx.verbose === true })),
  }),
  json: (m) => ({ ...FORMAT_FILES.json, render: each((r) => m.renderJson(r)) }),
  sarif: (m) => ({
    ...FORMAT_FILES.sarif,
    render: (reports, ctx) =>
      m.renderSarif(reports, {
        anchorFile: ctx.anchor.file,
        anchorLine: ctx.anchor.line,
        // SARIF's helpUri must be absolute; a relative base leaves the citation as helpUri.
        ...(ctx.docsBaseUrl && /^https?:\/\//i.test(ctx.docsBaseUrl) ? { docsBaseUrl: ctx.docsBaseUrl } : {}),
      }),
  }),
  junit: (m) => ({ ...FORMAT_FILES.junit, render: (reports) => m.renderJunit(reports) }),
  markdown: (m) => ({ ...FORMAT_FILES.markdown, render: each((r, ctx) => m.renderMarkdown(r, docs(ctx))) }),
  html: (m) => ({ ...FORMAT_FILES.html, render: each((r) => m.renderHtml(r)) }),
  compliance: (m) => ({
    ...FORMAT_FILES.compliance,
    render: each((r, ctx) => m.renderCompliance(r, docs(ctx))),
  }),
  migration: (m) => ({
    ...FORMAT_FILES.migration,
    render: each((r, ctx) => m.renderMigration(r, docs(ctx))),
  }),
};

export function isFormatName(v: string): v is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(v);
}
