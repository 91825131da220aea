/**
 * Upgrades evidence bundles saved by earlier versions to the current schema, so a bundle
 * saved once can be re-evaluated by every later release. Each step is pure and moves
 * members without changing their values.
 */
import { EVIDENCE_SCHEMA_VERSION } from './types.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Version 1 → 2: the HTTP details left the transport-neutral core. `target` kept its
 * identity (`url`, `scope`) and gained `kind`; origin, scheme, hostname, address, the
 * HTTP+SSE GET and the redirect moved to `endpoint`; `legacy` became `sessions`.
 */
function v1ToV2(b: Json): Json | string {
  const target = b['target'];
  const detection = b['detection'];
  if (!isObject(target) || !isObject(detection))
    return 'not an evidence bundle: version 1 without target or detection';
  const { origin, scheme, hostname, address, ...targetRest } = target;
  const { sseGet, redirect, ...detectionRest } = detection;
  const {
    legacy,
    modern,
    sse,
    origin: originProbes,
    tls,
    plain,
    inventory,
    auth,
    oauth,
    exchanges,
    ...rest
  } = b;
  return {
    ...rest,
    schemaVersion: 2,
    target: { kind: 'http', url: targetRest['url'], scope: targetRest['scope'] },
    detection: detectionRest,
    modern,
    inventory,
    auth,
    oauth,
    exchanges,
    endpoint: { origin, scheme, hostname, address, sseGet, redirect },
    sessions: legacy,
    sse,
    origin: originProbes,
    tls,
    plain,
  };
}

const STEPS: Readonly<Record<number, (b: Json) => Json | string>> = { 1: v1ToV2 };

/** The bundle at the current schema version, or why it cannot be read. */
export function upgradeBundle(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  let b: Json = raw;
  for (;;) {
    const v = b['schemaVersion'];
    if (v === EVIDENCE_SCHEMA_VERSION || typeof v !== 'number') return b;
    if (v > EVIDENCE_SCHEMA_VERSION)
      return `evidence bundle version ${v} is newer than this mcp-posture reads (${EVIDENCE_SCHEMA_VERSION}); upgrade mcp-posture`;
    const step = STEPS[v];
    if (!step) return `evidence bundle version ${v} is not supported`;
    const next = step(b);
    if (typeof next === 'string') return next;
    b = next;
  }
}
