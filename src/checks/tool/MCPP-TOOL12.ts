import { createRequire } from 'node:module';

import type { Ajv } from 'ajv';
import type { Ajv2019 } from 'ajv/dist/2019.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';

import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, toolsOf, WALL_TRAP } from './common.js';
import { isPlainSchema } from './plain-schema.js';

type Validator = { validateSchema(s: object): boolean | Promise<unknown>; errorsText(): string };

// Each ajv build is loaded when a schema of its dialect is first met, not with the registry:
// most scans need one dialect, and a scan's memory matters on hostile targets.
const load = createRequire(import.meta.url);
const OPTIONS = { strict: false, validateFormats: false };

const DIALECTS: readonly { readonly re: RegExp; readonly make: () => Validator }[] = [
  {
    re: /json-schema\.org\/draft\/2020-12\/schema#?$/,
    make: () => new (load('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020(OPTIONS),
  },
  {
    re: /json-schema\.org\/draft\/2019-09\/schema#?$/,
    make: () => new (load('ajv/dist/2019.js') as { Ajv2019: typeof Ajv2019 }).Ajv2019(OPTIONS),
  },
  {
    re: /json-schema\.org\/draft-07\/schema#?$/,
    make: () => new (load('ajv') as { Ajv: typeof Ajv }).Ajv(OPTIONS),
  },
];
const made = new Map<number, Validator>();
const validator = (i: number): Validator => {
  let v = made.get(i);
  if (!v) {
    v = DIALECTS[i]!.make();
    made.set(i, v);
  }
  return v;
};

/** The schema without its `$schema` (the dialect was read already; plain schemas are valid in all three). */
const withoutDialect = (o: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== '$schema'));

/** The index of the dialect a schema declares (none: 2020-12), or -1 when it is unknown. */
function dialectOf(schema: Record<string, unknown>): number {
  const declared = schema['$schema'];
  if (declared === undefined) return 0;
  if (typeof declared !== 'string') return -1;
  return DIALECTS.findIndex((d) => d.re.test(declared.trim()));
}

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL12',
    title: 'Input schemas valid',
    requirement:
      'Each `inputSchema` is a JSON Schema object (not null) whose root has `type: "object"`, valid in its declared or default (2020-12) dialect.',
    keyword: 'MUST',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      null: 'the tool has no `inputSchema` object (missing, null or not an object)',
      'root-type': 'the schema root does not have `type: "object"`',
      invalid: 'the schema is not valid against the meta-schema of its dialect',
      ambiguous: 'the schema declares a dialect the scanner does not know (inconclusive)',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'server/tools', 'Tool'),
      mcp('2026-07-28', 'server/tools', 'Tool'),
      mcp('2026-07-28', 'basic/index', 'Schema Validation'),
    ],
    rationale:
      'Clients validate arguments against the schema and some drop tools whose schema they cannot compile; an invalid schema makes the tool unusable or unvalidated.',
    remediation:
      'Publish an object schema (`{"type": "object", …}`) valid in the dialect it declares, or in 2020-12 when it declares none.',
    evidence:
      'Meta-schema validation (ajv) of each `inputSchema` per declared dialect: 2020-12 (default), 2019-09, draft-07; a plain schema (typed properties and the common keywords, with values every dialect accepts) is recognised as valid without loading the validator.',
    traps: `A draft-07 \`$schema\` is validated as draft-07; unknown dialects must be handled gracefully by clients, hence inconclusive. ${WALL_TRAP}`,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const tools = toolsOf(s.surface);
    const out: Verdict[] = [];
    for (const t of tools) {
      const loc = locationOf(t);
      const schema = t.raw?.['inputSchema'];
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
        out.push(ctx.fail(`${loc} has no inputSchema object.`, s.evidence, { location: loc, key: 'null' }));
        continue;
      }
      const obj = schema as Record<string, unknown>;
      if (obj['type'] !== 'object')
        out.push(
          ctx.fail(
            `${loc}: the inputSchema root has type ${escapeExcerpt(JSON.stringify(obj['type'] ?? null))}, not "object".`,
            s.evidence,
            { location: loc, key: 'root-type' },
          ),
        );
      const d = dialectOf(obj);
      if (d < 0) {
        out.push(
          ctx.inconclusive(
            'ambiguous',
            `${loc} declares an unknown dialect (${escapeExcerpt(String(obj['$schema']))}).`,
            s.evidence,
            { location: loc, key: 'ambiguous' },
          ),
        );
        continue;
      }
      let valid: boolean;
      let why = '';
      try {
        // Plain schemas are valid in every dialect; only the others need the meta-schema validator.
        const v = isPlainSchema(withoutDialect(obj)) ? null : validator(d);
        valid = v === null || v.validateSchema(obj) === true;
        if (!valid && v) why = v.errorsText();
      } catch (err) {
        valid = false;
        why = (err as Error).message;
      }
      if (!valid)
        out.push(
          ctx.fail(`${loc}: the inputSchema is not valid: ${escapeExcerpt(why, 200)}`, s.evidence, {
            location: loc,
            key: 'invalid',
          }),
        );
    }
    if (out.length > 0) return out;
    return ctx.pass(`${tools.length} input schemas are valid object schemas.`, s.evidence);
  },
});
