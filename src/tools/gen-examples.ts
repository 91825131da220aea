/**
 * Regenerates docs/examples/demo-report.* from the saved demo evidence bundle:
 * one file per output format, rendered through the same format table the CLI
 * uses. The golden test re-renders them and compares byte for byte, so any
 * renderer change shows up in review as a diff of these files.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { anchorFor, MANIFEST_NAME } from '../cli/manifest.js';
import { parseEvidence } from '../evidence/bundle.js';
import { evaluate } from '../api.js';
import { FORMAT_NAMES, FORMATS } from '../report/formats.js';
import type { ScanReport } from '../report/model.js';

export const EXAMPLE_BUNDLE = 'test/fixtures/evidence/demo.json';
export const EXAMPLES_DIR = 'docs/examples';

// Fixed clock and timings: the examples must not change unless a renderer or a check does.
const NOW = new Date('2026-01-01T00:00:00.000Z');
const GENERATED_AT = '2026-01-01T00:00:00.000Z';
const DURATION_MS = 2500;

export function exampleReport(root = process.cwd()): ScanReport {
  const evidence = parseEvidence(readFileSync(join(root, EXAMPLE_BUNDLE), 'utf8'));
  const { report } = evaluate(evidence, { now: NOW });
  return { ...report, generatedAt: GENERATED_AT, durationMs: DURATION_MS };
}

/** File name (inside EXAMPLES_DIR) → content, for every format. */
/** The check doc pages, seen from docs/examples/. */
export const EXAMPLE_DOCS_BASE = '../checks';

export function renderExamples(root = process.cwd()): Map<string, string> {
  const report = exampleReport(root);
  // As `mcp-posture evaluate` without a config file anchors SARIF results.
  // Doc links relative to docs/examples/, so they resolve where the examples are committed.
  const ctx = { anchor: anchorFor(MANIFEST_NAME, ''), color: false, docsBaseUrl: EXAMPLE_DOCS_BASE };
  return new Map(
    FORMAT_NAMES.map((f) => [`demo-report.${FORMATS[f].ext}`, FORMATS[f].render([report], ctx)] as const),
  );
}

const README_START = /<!-- demo-report:start[^>]*-->\n/;
const README_END = '<!-- demo-report:end -->';
/** The README shows the head of the demo's text report: the summary and the first findings. */
const README_LINES = 24;

/** The README with its example block replaced by the head of the demo's text report. */
export function readmeWithExample(readme: string, textReport: string): string {
  const start = README_START.exec(readme);
  const end = readme.indexOf(README_END);
  if (start === null || end < start.index)
    throw new Error('README.md has no <!-- demo-report:start --> … <!-- demo-report:end --> block');
  const lines = textReport.trimEnd().split('\n');
  const head = lines.slice(0, README_LINES).join('\n');
  const more = lines.length > README_LINES ? '\n…' : '';
  const block = '\n```text\n' + head + more + '\n```\n\n';
  return readme.slice(0, start.index + start[0].length) + block + readme.slice(end);
}

function main(): void {
  const dir = join(process.cwd(), EXAMPLES_DIR);
  mkdirSync(dir, { recursive: true });
  const files = renderExamples();
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  const readme = join(process.cwd(), 'README.md');
  writeFileSync(readme, readmeWithExample(readFileSync(readme, 'utf8'), files.get('demo-report.txt')!));
  console.log(`wrote ${files.size} example reports to ${EXAMPLES_DIR} and the example in README.md`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
