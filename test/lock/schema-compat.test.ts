/**
 * The lock file is validated with zod (src/lock/schema.ts) and its published schema is generated
 * from that (schema/lock.schema.json). Before, the hand-written JSON Schema, frozen in
 * test/fixtures/lock/schema-v1-handwritten.json, was the validator's source (ajv + ajv-formats).
 * This proves the two judge alike: every valid lock, every lock with one member deleted, retyped
 * or added at any depth, and a set of date-time edge cases. The generated schema judges alike too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { lockFileSchema, lockJsonSchema } from '../../src/lock/schema.js';
import { authServer, entry, surface } from './pin-evidence.js';

const ROOT = join(import.meta.dirname, '..', '..');
const json = (p: string): object => JSON.parse(readFileSync(join(ROOT, p), 'utf8')) as object;
const ajvOf = (schema: object) => {
  const ajv = new Ajv({ allErrors: false, strict: false });
  addFormats.default(ajv);
  return ajv.compile(schema);
};
const before = ajvOf(json('test/fixtures/lock/schema-v1-handwritten.json'));
const generated = ajvOf(lockJsonSchema(z));
const zodLock = lockFileSchema(z).file;

const VALID: unknown[] = [
  { schemaVersion: 1, targets: {} },
  { schemaVersion: 1, targets: { 'https://a.test/mcp': { anonymous: entry() } } },
  {
    schemaVersion: 1,
    targets: {
      'https://a.test/mcp': {
        anonymous: entry({ surface: null, prm: null }),
        token: entry({ authRequired: true }),
      },
      'stdio:npx -y server': { token: entry({ transport: null, surface: surface({}) }) },
    },
  },
  {
    schemaVersion: 1,
    targets: { x: { anonymous: { ...entry(), authorizationServers: { 'https://as': authServer() } } } },
  },
];

/** Every document with one change at one place: deleted, replaced by another type, or an extra member. */
function mutants(doc: unknown): unknown[] {
  const out: unknown[] = [];
  const replacements: unknown[] = [null, 1, 'x', true, {}, [], ['x'], 'sha256:00'];
  const walk = (node: unknown, rebuild: (v: unknown) => unknown, depth: number): void => {
    if (depth > 12) return;
    for (const r of replacements) out.push(rebuild(r));
    if (Array.isArray(node)) {
      const list = node as unknown[];
      list.forEach((child, i) =>
        walk(child, (v) => rebuild(list.map((c, j) => (j === i ? v : c))), depth + 1),
      );
    } else if (typeof node === 'object' && node !== null) {
      const o = node as Record<string, unknown>;
      out.push(rebuild({ ...o, extra: 1 }));
      for (const k of Object.keys(o)) {
        const { [k]: _gone, ...rest } = o;
        out.push(rebuild(rest));
        walk(o[k], (v) => rebuild({ ...o, [k]: v }), depth + 1);
      }
    }
  };
  walk(doc, (v) => v, 0);
  return out;
}

const DATES = [
  '2026-01-01T00:00:00.000Z',
  '2026-01-01t00:00:00z',
  '2026-01-01 00:00:00Z',
  '2026-01-01T00:00:00',
  '2026-01-01T00:00:00+0200',
  '2026-01-01T00:00:00+02',
  '2026-02-29T00:00:00Z',
  '2024-02-29T00:00:00Z',
  '2026-04-31T00:00:00Z',
  '2026-12-31T23:59:60Z',
  '2026-12-31T22:59:60-01:00',
  '2026-12-31T23:59:60+01:00',
  '2026-01-01T24:00:00Z',
  '2026-01-01T00:00:00+23:60',
  '2026-01-01',
  'yesterday',
];

describe('the lock schema in zod judges as the hand-written JSON Schema did', () => {
  const corpus = [
    ...VALID,
    ...VALID.flatMap(mutants),
    ...DATES.map((recordedAt) => ({
      schemaVersion: 1,
      targets: { x: { anonymous: { ...entry(), recordedAt } } },
    })),
  ];

  it('on every valid lock, every one-change mutant and every date-time edge case', () => {
    expect(corpus.length).toBeGreaterThan(1000);
    const disagreements = corpus.filter((doc) => before(doc) !== zodLock.safeParse(doc).success);
    expect(disagreements).toEqual([]);
    expect(VALID.every((d) => zodLock.safeParse(d).success)).toBe(true);
    // Both verdicts occur: the corpus tests the validator, not only its happy path.
    expect(corpus.filter((d) => !before(d)).length).toBeGreaterThan(500);
  });

  it('and so does the generated schema/lock.schema.json', () => {
    expect(corpus.filter((doc) => before(doc) !== generated(doc))).toEqual([]);
    expect(json('schema/lock.schema.json')).toEqual(lockJsonSchema(z));
  });
});
