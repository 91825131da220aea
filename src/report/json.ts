import type { ScanReport } from './model.js';

/** The JSON report (schema/report.schema.json). JSON.stringify escapes every control character. */
export function renderJson(report: ScanReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}
