import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const schema: unknown = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'schema', 'report.schema.json'), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(schema as object);

/** Validates a JSON report against the published schema; returns the errors (empty when valid). */
export function validateReport(json: string): string[] {
  return validate(JSON.parse(json))
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
