/**
 * Expected-failures baseline, with the semantics of the MCP conformance
 * suite's `--expected-failures`: listed failures are tolerated, only NEW
 * failures fail the run, and a STALE entry (its finding no longer fails) also
 * fails the run, so a baseline can only burn down. An entry whose check is now
 * inconclusive or errored proves nothing either way: it is "unverifiable".
 *
 * This module reads and validates baseline files (zod); the comparison, the writing and the
 * summary live in ./baseline-compare.ts, which a scan without `--baseline` loads alone.
 */
import { readFileSync } from 'node:fs';

import { z } from 'zod';

import { formatIssues } from '../config/load.js';
import type { Baseline } from './baseline-compare.js';
import { BASELINE_VERSION, BaselineError } from './baseline-compare.js';

export {
  BaselineError,
  compareWithBaseline,
  renderBaselineSummary,
  serializeBaseline,
  writeBaseline,
} from './baseline-compare.js';
export type { Baseline, BaselineComparison, BaselineEntry } from './baseline-compare.js';

/** `MCPP-TRN12`, `trn12`, or with a key: `TRN12:local-open`. */
const CHECK_REF = /^(?:MCPP-)?[A-Z]+[0-9]{2}(?::.+)?$/i;

const EntrySchema = z
  .strictObject({
    target: z.string().min(1).describe('Target URL (or config name).'),
    check: z.string().regex(CHECK_REF, {
      error: 'expected a check ID, optionally with a key: MCPP-TRN12 or TRN12:local-open',
    }),
    key: z.string().min(1).optional(),
    location: z.string().min(1).optional(),
    fingerprint: z
      .string()
      .regex(/^[0-9a-f]{32}$/, { error: 'expected the 32-hex-digit fingerprint of a report result' })
      .optional(),
    reason: z.string().optional(),
  })
  .superRefine((e, ctx) => {
    const i = e.check.indexOf(':');
    if (i > 0 && e.key !== undefined && e.key !== e.check.slice(i + 1))
      ctx.addIssue({ code: 'custom', path: ['key'], message: `conflicts with the key in "${e.check}"` });
  });

const BaselineSchema = z.strictObject({
  version: z.literal(BASELINE_VERSION),
  entries: z.array(EntrySchema),
});

// The file format and the types the comparison works on are one and the same.
const _sameShape: z.ZodType<Baseline> = BaselineSchema;
void _sameShape;

export function parseBaseline(text: string, source = 'baseline'): Baseline {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new BaselineError(source, [`not valid JSON: ${(err as Error).message}`]);
  }
  const r = BaselineSchema.safeParse(raw);
  if (!r.success) throw new BaselineError(source, formatIssues(r.error.issues, raw));
  return r.data;
}

export function loadBaseline(path: string): Baseline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new BaselineError(path, [`cannot read: ${(err as Error).message}`]);
  }
  return parseBaseline(text, path);
}
