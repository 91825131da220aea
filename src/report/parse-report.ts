/**
 * Reads a JSON report back (for `diff`), validated against the published
 * schema so a truncated or foreign file is refused with the path of the problem.
 */
import { readFileSync } from 'node:fs';

import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

import type { ScanReport } from './model.js';

export class ReportParseError extends Error {}

let validator: ReturnType<Ajv['compile']> | null = null;

function validate(): ReturnType<Ajv['compile']> {
  if (validator) return validator;
  const schema: unknown = JSON.parse(
    readFileSync(new URL('../../schema/report.schema.json', import.meta.url), 'utf8'),
  );
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  validator = ajv.compile(schema as object);
  return validator;
}

export function parseReport(text: string, source: string): ScanReport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ReportParseError(`${source}: not JSON: ${(err as Error).message}`);
  }
  const v = validate();
  if (!v(raw)) {
    const first = v.errors?.[0];
    throw new ReportParseError(
      `${source}: not an mcp-posture report: ${first?.instancePath || '(root)'} ${first?.message ?? ''}`,
    );
  }
  return raw as ScanReport;
}
