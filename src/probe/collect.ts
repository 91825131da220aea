/**
 * The HTTP collector: the probe stages of one scan as a table of phases, run by the scheduler
 * (./scheduler.ts), and the evidence assembled from what they produced.
 *
 *   independent  TLS and the cleartext counterpart (https only), from the start, joined at the end
 *   detect       the ladder, then HTTP+SSE only when every POST failed (its tool probes over the
 *                stream's endpoint), then what detection settled; the session's head start when
 *                `server/discover` is late and an `initialize` was answered (./stages/sessions.ts)
 *   era          the OAuth chain first (when the ladder shows authorization or a token was given),
 *                Origin, the modern wire, the session with its listings and tool probes, its
 *                variants and the batch on the ladder's 2025-03-26 session
 *   late auth    the OAuth chain when a later request was answered 401, or PRM is published
 *   cleanup      sessions the Origin probes opened; the inventory
 *   pin          with a lock: the authorization servers' key sets, and the `pin` section
 *
 * Every stage declares its plan entries; `--plan` (./plan.ts) is built from this table, so what
 * runs here and what the plan shows cannot drift apart. Judgements about what the ladder saw
 * are pure functions in ../evidence/derive/.
 */
import type { Evidence } from '../evidence/types.js';
import { EVIDENCE_SCHEMA_VERSION } from '../evidence/types.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { runPhases } from './scheduler.js';
import type { Phase } from './stage.js';
import { need } from './stage.js';
import { BATCH_0326_STAGE } from './stages/batch-0326.js';
import { EARLY_AUTH_STAGE, LATE_AUTH_STAGE, PUBLISHED_PRM_STAGE } from './stages/auth.js';
import type { StageContext } from './stages/context.js';
import { DETECTION_STAGE } from './stages/detection.js';
import { SSE_CLOSE_STAGE, SSE_OPEN_STAGE, SSE_TOOL_PROBES_STAGE } from './stages/http-sse.js';
import { INVENTORY_STAGE } from './stages/inventory.js';
import { LADDER_SETTLED_STAGE, LADDER_STAGE } from './stages/ladder.js';
import { MODERN_STAGE, MODERN_TOOL_PROBES_STAGE } from './stages/modern.js';
import { CLEANUP_STAGE, ORIGIN_STAGE, originNotProbed } from './stages/origin.js';
import { PIN_STAGE } from './stages/pin.js';
import {
  SESSION_CLOSE_STAGE,
  SESSION_HEAD_START_STAGE,
  SESSION_LISTS_STAGE,
  SESSION_OPEN_STAGE,
  SESSION_TOOL_PROBES_STAGE,
  SESSION_VARIANTS_STAGE,
} from './stages/sessions.js';
import type { HttpSofar } from './stages/state.js';
import { TRANSPORT_SECURITY_STAGE } from './stages/transport-security.js';

export const HTTP_PHASES: readonly Phase<StageContext, HttpSofar>[] = [
  { id: 'independent', stages: [TRANSPORT_SECURITY_STAGE], detached: true },
  {
    id: 'detect',
    stages: [
      LADDER_STAGE,
      LADDER_SETTLED_STAGE,
      SESSION_HEAD_START_STAGE,
      SSE_OPEN_STAGE,
      SSE_TOOL_PROBES_STAGE,
      SSE_CLOSE_STAGE,
      DETECTION_STAGE,
    ],
  },
  {
    id: 'era',
    stages: [
      EARLY_AUTH_STAGE,
      ORIGIN_STAGE,
      MODERN_STAGE,
      PUBLISHED_PRM_STAGE,
      SESSION_OPEN_STAGE,
      SESSION_LISTS_STAGE,
      SESSION_TOOL_PROBES_STAGE,
      SESSION_VARIANTS_STAGE,
      BATCH_0326_STAGE,
      SESSION_CLOSE_STAGE,
      MODERN_TOOL_PROBES_STAGE,
    ],
  },
  { id: 'late auth', stages: [LATE_AUTH_STAGE] },
  { id: 'cleanup', stages: [CLEANUP_STAGE, INVENTORY_STAGE] },
  { id: 'pin', stages: [PIN_STAGE] },
];

/**
 * The order of the plan (and of the exchanges in the evidence): the order a reader follows an
 * endpoint's story in, not the order the stages start in.
 */
export const HTTP_PLAN_ORDER: readonly string[] = [
  LADDER_STAGE.id,
  LADDER_SETTLED_STAGE.id,
  SESSION_HEAD_START_STAGE.id,
  SSE_OPEN_STAGE.id,
  SSE_CLOSE_STAGE.id,
  SESSION_OPEN_STAGE.id,
  SESSION_LISTS_STAGE.id,
  SESSION_VARIANTS_STAGE.id,
  SESSION_CLOSE_STAGE.id,
  BATCH_0326_STAGE.id,
  SESSION_TOOL_PROBES_STAGE.id,
  SSE_TOOL_PROBES_STAGE.id,
  MODERN_TOOL_PROBES_STAGE.id,
  ORIGIN_STAGE.id,
  CLEANUP_STAGE.id,
  TRANSPORT_SECURITY_STAGE.id,
  MODERN_STAGE.id,
  EARLY_AUTH_STAGE.id,
  PIN_STAGE.id,
  DETECTION_STAGE.id,
  PUBLISHED_PRM_STAGE.id,
  LATE_AUTH_STAGE.id,
  INVENTORY_STAGE.id,
];

export async function collect(ctx: StageContext, started: number): Promise<Evidence> {
  const s = await runPhases(ctx, HTTP_PHASES);
  const detected = need(s, 'detected');
  const auth = s.auth ?? { oauth: null, signals: detected.authSignals };
  const { tls, plain } = need(s, 'transportSecurity');
  return {
    schemaVersion: EVIDENCE_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    startedAt: ctx.startedAt,
    durationMs: Date.now() - started,
    target: { kind: 'http', url: ctx.target.href, scope: ctx.scope },
    settings: {
      mode: ctx.mode,
      pinnedRevision: ctx.opts.spec ?? null,
      allowPrivate: ctx.opts.allowPrivate ?? false,
      tokenSupplied: ctx.credentials.bearer,
    },
    detection: detected.detection,
    modern: s.modern ?? null,
    inventory: s.inventory ?? null,
    toolProbes: s.sseToolProbes ?? s.sessionToolProbes ?? s.modernToolProbes ?? null,
    auth: { inUse: auth.signals.length > 0, signals: [...auth.signals] },
    oauth: auth.oauth,
    exchanges: ctx.client.exchanges(),
    pin: s.pin ?? null,
    endpoint: detected.endpoint,
    sessions: s.sessions ?? null,
    sse: detected.sse?.evidence ?? null,
    origin: s.origin ?? originNotProbed(),
    tls,
    plain,
    stdio: null,
  };
}
