/**
 * The evidence of a `cimd lint` run: no MCP target, only the client metadata document
 * (`clientMetadata`) and the one exchange that fetched it. The lint checks apply to the revisions
 * that define Client ID Metadata Documents (2025-11-25 and 2026-07-28), so those are the known
 * revisions; no transport was detected (the checks decide from the document).
 */
import type { ClientMetadataSource } from '../evidence/cimd-types.js';
import type { Evidence, HttpExchange } from '../evidence/types.js';
import { EVIDENCE_SCHEMA_VERSION } from '../evidence/types.js';
import { TOOL_VERSION } from '../version.js';

export function lintRunEvidence(
  source: ClientMetadataSource,
  label: string,
  exchanges: readonly HttpExchange[],
  startedAt: Date,
  durationMs: number,
): Evidence {
  return {
    schemaVersion: EVIDENCE_SCHEMA_VERSION,
    tool: { name: 'mcp-posture', version: TOOL_VERSION },
    startedAt: startedAt.toISOString(),
    durationMs,
    target: { kind: 'http', url: source.url ?? label, scope: 'unknown' },
    settings: { mode: 'passive', pinnedRevision: null, allowPrivate: false, tokenSupplied: false },
    detection: {
      discover: {
        kind: 'skipped',
        reason: 'not_needed',
        detail: 'cimd lint reads a client metadata document',
      },
      inits: [],
      transport: null,
      targetClass: 'reachable',
      revision: {
        value: '2026-07-28',
        source: 'pinned',
        known: ['2025-11-25', '2026-07-28'],
        candidates: ['2025-11-25', '2026-07-28'],
        unconfirmed: [],
        unknownVersions: [],
        eras: [],
        how: 'cimd lint judges the document by the revisions that define Client ID Metadata Documents',
      },
      authWall: false,
    },
    modern: null,
    inventory: null,
    auth: { inUse: false, signals: [] },
    oauth: null,
    exchanges,
    clientMetadata: source,
    pin: null,
    endpoint: null,
    sessions: null,
    sse: null,
    origin: null,
    tls: [],
    plain: [],
  };
}
