/** The plain-schema fast path of TOOL12: only ever true where the meta-schema validators agree. */
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isPlainSchema } from '../../../src/checks/tool/plain-schema.js';

const validators = [Ajv, Ajv2019, Ajv2020].map((A) => new A({ strict: false, validateFormats: false }));
const validEverywhere = (s: unknown) => validators.every((v) => v.validateSchema(s as object) === true);

const PLAIN = [
  { type: 'object', properties: {} },
  {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'A path', minLength: 1 },
      n: { type: ['integer', 'null'], minimum: 0, default: 3 },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, uniqueItems: true },
      opt: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    },
    required: ['path'],
    additionalProperties: false,
  },
  true,
];

describe('isPlainSchema', () => {
  it.each(PLAIN.map((s) => [s]))('plain and valid in every dialect: %j', (s) => {
    expect(isPlainSchema(s)).toBe(true);
    expect(validEverywhere(s)).toBe(true);
  });

  it.each([
    [{ type: 'object', properties: { a: { $ref: '#/$defs/x' } } }],
    [{ type: 'string', pattern: '[' }],
    [{ type: 'strin' }],
    [{ type: [] }],
    [{ required: 'a' }],
    [{ required: ['a', 'a'] }],
    [{ minLength: -1 }],
    [{ multipleOf: 0 }],
    [{ anyOf: [] }],
    [{ items: [{ type: 'string' }] }],
    [{ description: 3 }],
  ])('left to the validator: %j', (s) => {
    expect(isPlainSchema(s)).toBe(false);
  });

  it('never says true where a meta-schema validator says invalid (random schemas)', () => {
    const leaf = fc.oneof(
      fc.constantFrom(
        'string',
        'object',
        'number',
        'strin',
        3,
        null,
        true,
        [],
        ['a'],
        ['a', 'a'],
        -1,
        0,
        1.5,
      ),
      fc.string({ maxLength: 3 }),
    );
    const key = fc.constantFrom(
      'type',
      'description',
      'title',
      'minimum',
      'minLength',
      'required',
      'enum',
      'examples',
      'multipleOf',
      'uniqueItems',
      'default',
      'format',
      'exclusiveMinimum',
      'maxItems',
      'x-custom',
    );
    const schema = fc.letrec((tie) => ({
      node: fc.dictionary(key, fc.oneof(leaf, tie('props'), tie('node')), { maxKeys: 4 }),
      props: fc.record({
        properties: fc.dictionary(fc.string({ maxLength: 3 }), tie('node'), { maxKeys: 3 }),
      }),
    })).node;
    fc.assert(
      fc.property(schema, (s) => {
        if (isPlainSchema(s)) expect(validEverywhere(s), JSON.stringify(s)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
