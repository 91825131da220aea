import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

import { normalizeCheckId } from '../../src/config/check-id.js';
import { configJsonSchema } from '../../src/config/schema.js';

const COMMITTED: unknown = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'schema', 'config.schema.json'), 'utf8'),
);

describe('schema/config.schema.json', () => {
  it('equals the schema generated from the zod definition (regenerate with configJsonSchema())', () => {
    expect(COMMITTED).toEqual(configJsonSchema());
  });

  it('agrees with the zod validation on valid and invalid files', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(COMMITTED as object);
    const ok = {
      defaults: { failOn: 'high', thresholds: { certExpiryDays: 14 } },
      targets: [{ name: 'prod', url: 'https://mcp.example.com/mcp', minGrade: 'A+' }],
      suppressions: [{ check: 'TRN05', reason: 'CDN', expires: '2026-12-31' }],
    };
    expect(validate(ok)).toBe(true);
    expect(validate({ targets: [{ url: 'https://x.example', failOn: 'severe' }] })).toBe(false);
    expect(validate({ targets: [{ url: 'https://x.example', failon: 'high' }] })).toBe(false);
    expect(validate({ targets: [{ url: 'https://x.example' }], suppressions: [{ check: 'TRN05' }] })).toBe(
      false,
    );
  });
});

describe('normalizeCheckId', () => {
  it('accepts the full and short forms case-insensitively', () => {
    expect(normalizeCheckId('trn01')).toBe('MCPP-TRN01');
    expect(normalizeCheckId('MCPP-trn01')).toBe('MCPP-TRN01');
    expect(normalizeCheckId(' Act10 ')).toBe('MCPP-ACT10');
    expect(normalizeCheckId('TRN1')).toBeNull();
    expect(normalizeCheckId('MCPP-')).toBeNull();
  });
});
