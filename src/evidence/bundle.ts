/**
 * Evidence bundles: a scan's evidence saved as JSON, so `evaluate` can re-run
 * the checks offline with the same results. Exchanges are already redacted by
 * the HTTP layer, so a bundle holds no user credential. Bundles of an older
 * schema version are upgraded on load (./bundle-upgrade.ts).
 */
import { z } from 'zod';

import { upgradeBundle } from './bundle-upgrade.js';
import { BundleError } from './bundle-write.js';
import type { Evidence } from './types.js';
import { EVIDENCE_SCHEMA_VERSION } from './types.js';

export { serializeEvidence } from './bundle-write.js';

/** The outer shape is validated; the inner structure is trusted as produced by this tool's own scans. */
const BundleShape = z
  .object({
    schemaVersion: z.literal(EVIDENCE_SCHEMA_VERSION),
    tool: z.object({ name: z.string(), version: z.string() }),
    startedAt: z.string(),
    durationMs: z.number(),
    target: z.object({ kind: z.enum(['http', 'stdio']), url: z.string() }).loose(),
    settings: z.object({ mode: z.enum(['passive', 'safe', 'intrusive']) }).loose(),
    detection: z.object({ revision: z.object({}).loose(), targetClass: z.string() }).loose(),
    auth: z.object({ inUse: z.boolean() }).loose(),
    endpoint: z
      .object({ origin: z.string(), scheme: z.enum(['http', 'https']), hostname: z.string() })
      .loose()
      .nullable(),
    tls: z.array(z.unknown()),
    plain: z.array(z.unknown()),
    exchanges: z.array(z.object({ id: z.string().regex(/^x\d+$/) }).loose()),
  })
  .loose();

export function parseEvidence(text: string): Evidence {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new BundleError(`not JSON: ${(err as Error).message}`);
  }
  const upgraded = upgradeBundle(raw);
  if (typeof upgraded === 'string') throw new BundleError(upgraded);
  const r = BundleShape.safeParse(upgraded);
  if (!r.success) {
    const first = r.error.issues[0]!;
    throw new BundleError(`not an evidence bundle: ${first.path.join('.') || '(root)'}: ${first.message}`);
  }
  return upgraded as Evidence;
}
