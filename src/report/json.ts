import type { ScanReport } from './model.js';

/**
 * Characters JSON.stringify leaves raw that a terminal or editor acts on: DEL and C1 controls
 * (U+009B starts an escape sequence on some terminals), bidi controls and zero-width characters.
 * They can only occur inside JSON strings, so escaping them keeps the same JSON value.
 */
const UNSAFE_IN_OUTPUT = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

export function escapeJsonText(json: string): string {
  return json.replace(UNSAFE_IN_OUTPUT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The JSON report (schema/report.schema.json), with every server-supplied control character escaped. */
export function renderJson(report: ScanReport): string {
  return escapeJsonText(JSON.stringify(report, null, 2)) + '\n';
}
