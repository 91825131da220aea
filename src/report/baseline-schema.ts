/** The expected-failures baseline file: its schema and types (a leaf of the report model). */
import { z } from 'zod';

export const BASELINE_FILE_NAME = 'mcp-posture.baseline.json';
export const BASELINE_VERSION = 1;

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

export const BaselineSchema = z.strictObject({
  version: z.literal(BASELINE_VERSION),
  entries: z.array(EntrySchema),
});

export type BaselineEntry = z.infer<typeof EntrySchema>;
export type Baseline = z.infer<typeof BaselineSchema>;
