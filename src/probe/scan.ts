/**
 * One scan's evidence: sets up the HTTP client (credentials bound to the target's origin,
 * timeouts, the address policy), lets the scheduler run the probe stages (./collect.ts), then
 * puts the exchanges in a deterministic order and scrubs the credentials from everything.
 * Nothing here throws for network reasons: errors are data.
 */
import type { Evidence } from '../evidence/types.js';
import type { HttpTarget } from '../targets/target.js';
import { isTargetError, parseHttpTarget } from '../targets/target.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { collect } from './collect.js';
import { ScanCredentials } from './credentials.js';
import type { SuppliedCredentials } from './credentials.js';
import { canonicalizeEvidence, provisionalIdOffset } from './exchange-order.js';
import { createHttpClient } from './http/client.js';
import { createRedactor } from './http/redact.js';
import { RpcIds } from './mcp-messages.js';
import { notSentProbes } from './not-sent.js';
import { buildPlan } from './plan.js';
import type { CollectOptions, ProbeOptions } from './scan-options.js';

export type { CollectOptions } from './scan-options.js';

/** The evidence of one scan of `opts.url` (parsed here once; the run loop passes a parsed target). */
export function collectEvidence(opts: CollectOptions): Promise<Evidence> {
  const target = parseHttpTarget(opts.url);
  if (isTargetError(target)) throw new TypeError(`collectEvidence: ${target.error}`);
  const { url: _url, ...rest } = opts;
  return collectHttpEvidence(target, rest);
}

/** The evidence of one scan of a parsed HTTP target. */
export async function collectHttpEvidence(
  target: HttpTarget,
  opts: ProbeOptions & SuppliedCredentials,
): Promise<Evidence> {
  const started = Date.now();
  const mode = opts.mode ?? 'safe';
  const { token, secondToken, narrowToken, expiredToken, headers, ...probeOpts } = opts;
  const credentials = new ScanCredentials(
    { token, secondToken, narrowToken, expiredToken, headers },
    target.origin,
  );
  const clientCredentials = credentials.forClient();
  const client = createHttpClient({
    target: target.url,
    allowPrivate: opts.allowPrivate ?? false,
    requestTimeoutMs: opts.requestTimeoutMs ?? 10_000,
    deadline: started + (opts.scanTimeoutMs ?? 120_000),
    ...(opts.maxBodyBytes ? { maxBodyBytes: opts.maxBodyBytes } : {}),
    ...(credentials.present ? { credentials: clientCredentials } : {}),
    ...(opts.ca ? { ca: opts.ca } : {}),
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
    userAgent: `${TOOL_NAME}/${TOOL_VERSION}`,
    // Provisional ids; renumbered below so two scans of one server number their exchanges alike.
    exchangeIdOffset: provisionalIdOffset(),
  });
  try {
    const resolved = await client.resolveScope(target.hostname);
    const evidence = await collect(
      {
        client,
        target,
        credentials,
        opts: probeOpts,
        scope: resolved.scope,
        address: resolved.address,
        mode,
        ids: new RpcIds(),
        progress: opts.onProgress ?? (() => undefined),
        startedAt: new Date(started).toISOString(),
      },
      started,
    );
    // Concurrent probes issue requests in an order that depends on server timing: put the
    // exchanges in a deterministic order (plan order, then what was sent) and renumber them.
    // Parsed server data is not redacted by the HTTP layer: scrub the credentials from it too.
    const plan = buildPlan(target.url, mode);
    const notSent = notSentProbes(evidence, plan, credentials.bearer);
    return canonicalizeEvidence(notSent.length ? { ...evidence, notSent } : evidence, {
      planOrder: plan.map((p) => p.probe),
      redact: createRedactor(clientCredentials).text,
    });
  } finally {
    await client.close();
  }
}
