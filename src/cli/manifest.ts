/**
 * Code scanning needs every SARIF result anchored to a file in the repository.
 * The anchor is the config file that lists the targets (each result points at
 * the line naming its target), or, without one, a small manifest the tool
 * writes next to the reports.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { RenderContext } from '../report/format-spec.js';
import type { ScanReport } from '../report/model.js';

export const MANIFEST_NAME = 'mcp-posture.targets.json';

/** Anchors results to `file`, at the first line of `text` that names the target URL (line 1 otherwise). */
export function anchorFor(file: string, text: string): RenderContext['anchor'] {
  const lines = text.split('\n');
  return {
    file,
    line: (report) => {
      const candidates = [report.target.url, report.target.url.replace(/\/$/, '')];
      const i = lines.findIndex((l) => candidates.some((c) => l.includes(c)));
      return i >= 0 ? i + 1 : 1;
    },
  };
}

export function writeManifest(dir: string, reports: readonly ScanReport[]): RenderContext['anchor'] {
  const text = JSON.stringify({ targets: reports.map((r) => r.target.url) }, null, 2) + '\n';
  mkdirSync(dir, { recursive: true });
  const path = join(dir, MANIFEST_NAME);
  writeFileSync(path, text);
  return anchorFor(relative(process.cwd(), path), text);
}
