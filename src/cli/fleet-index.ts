/**
 * A fleet run's per-target table written beside its per-target reports (`--output-dir`):
 * `index.html`, `index.md`, `index.json`, `index.txt`, one for each format the run writes
 * that has a fleet form, each linking to the reports of its own format.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { INDEX_STEM } from '../fleet/report/file-names.js';
import type { FleetReport } from '../fleet/report/model.js';
import type { FormatName } from '../report/format-spec.js';
import { FORMAT_FILES } from '../report/format-spec.js';

const INDEXED: readonly FormatName[] = ['html', 'markdown', 'json', 'text'];

/** The table's files among the formats written. */
export function indexFiles(formats: readonly FormatName[]): string[] {
  return formats.filter((f) => INDEXED.includes(f)).map((f) => `${INDEX_STEM}.${FORMAT_FILES[f].ext}`);
}

export async function writeFleetIndex(
  dir: string,
  formats: readonly FormatName[],
  report: FleetReport,
): Promise<void> {
  for (const f of formats) {
    const ext = FORMAT_FILES[f].ext;
    const file = join(dir, `${INDEX_STEM}.${ext}`);
    if (f === 'html') {
      const { renderFleetHtml } = await import('../fleet/report/render-html.js');
      writeFileSync(file, renderFleetHtml(report, { reportExt: ext }));
    } else if (f === 'markdown') {
      const { renderFleetMarkdown } = await import('../fleet/report/render-markdown.js');
      writeFileSync(file, renderFleetMarkdown(report, { reportExt: ext }));
    } else if (f === 'json') {
      const { renderFleetJson } = await import('../fleet/report/render-json.js');
      writeFileSync(file, renderFleetJson(report));
    } else if (f === 'text') {
      const { renderFleetText } = await import('../fleet/report/render-text.js');
      writeFileSync(file, renderFleetText(report, { reportExt: ext }));
    }
  }
}
