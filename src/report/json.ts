import { escapeJsonText } from '../escape/json.js';
import { findingsJson } from './findings.js';
import type { ScanReport } from './model.js';

/**
 * The JSON report (schema/report.schema.json), with every server-supplied control character
 * escaped. Every result stays; `findings` adds the grouping the other formats show (one finding
 * per failing check, naming its results by fingerprint), computed here from the results so it
 * can never disagree with them.
 */
export function renderJson(report: ScanReport): string {
  return escapeJsonText(JSON.stringify({ ...report, findings: findingsJson(report) }, null, 2)) + '\n';
}
