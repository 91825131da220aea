/**
 * One scan's evidence: sets up the HTTP client (credentials bound to the target's origin,
 * timeouts, the address policy), lets the scheduler run the probe stages (./collect.ts), then
 * puts the exchanges in a deterministic order and scrubs the credentials from everything.
 * Nothing here throws for network reasons: errors are data.
 */
import type { Evidence } from '../evidence/types.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { collect } from './collect.js';
import { hasCredentials, scanCredentials } from './credentials.js';
import { canonicalizeEvidence, provisionalIdOffset } from './exchange-order.js';
import { createHttpClient } from './http/client.js';
import { createRedactor } from './http/redact.js';
import { RpcIds } from './mcp-messages.js';
import { notSentProbes } from './not-sent.js';
import { buildPlan } from './plan.js';
import type { CollectOptions } from './scan-options.js';

export type { CollectOptions } from './scan-options.js';

export async function collectEvidence(opts: CollectOptions): Promise<Evidence> {
  const started = Date.now();
  const target = new URL(opts.url);
  const mode = opts.mode ?? 'safe';
  const credentials = scanCredentials(opts, target);
  const client = createHttpClient({
    target,
    allowPrivate: opts.allowPrivate ?? false,
    requestTimeoutMs: opts.requestTimeoutMs ?? 10_000,
    deadline: started + (opts.scanTimeoutMs ?? 120_000),
    ...(opts.maxBodyBytes ? { maxBodyBytes: opts.maxBodyBytes } : {}),
    ...(hasCredentials(credentials) ? { credentials } : {}),
    ...(opts.ca ? { ca: opts.ca } : {}),
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
    userAgent: `${TOOL_NAME}/${TOOL_VERSION}`,
    // Provisional ids; renumbered below so two scans of one server number their exchanges alike.
    exchangeIdOffset: provisionalIdOffset(),
  });
  try {
    const resolved = await client.resolveScope(target.hostname);
    const url = target.toString();
    const evidence = await collect(
      {
        client,
        opts,
        url,
        origin: target.origin,
        scope: resolved.scope,
        address: resolved.address,
        mode,
        ids: new RpcIds(),
        progress: opts.onProgress ?? (() => undefined),
      },
      started,
    );
    // Concurrent probes issue requests in an order that depends on server timing: put the
    // exchanges in a deterministic order (plan order, then what was sent) and renumber them.
    // Parsed server data is not redacted by the HTTP layer: scrub the credentials from it too.
    const plan = buildPlan(opts.url, mode);
    const notSent = notSentProbes(evidence, plan, Boolean(opts.token));
    return canonicalizeEvidence(notSent.length ? { ...evidence, notSent } : evidence, {
      planOrder: plan.map((p) => p.probe),
      redact: createRedactor(credentials).text,
    });
  } finally {
    await client.close();
  }
}
