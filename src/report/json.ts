import { escapeJsonText } from '../escape/json.js';
import type { ScanReport } from './model.js';

/** The JSON report (schema/report.schema.json), with every server-supplied control character escaped. */
export function renderJson(report: ScanReport): string {
  return escapeJsonText(JSON.stringify(report, null, 2)) + '\n';
}
