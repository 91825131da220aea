/**
 * The detection ladder (docs/model/revisions.md#the-detection-ladder): `server/discover`, then `initialize`
 * with each legacy version, newest first, then — only if every POST failed —
 * the HTTP+SSE GET. The discover probe and the initialize probes are
 * independent, so they are sent concurrently.
 */
import type { HttpReply, InitAttempt, Probe, RpcReply } from '../evidence/types.js';
import { modernSignal, offeredVersion } from '../evidence/derive/revision.js';
import type { ModernSignal } from '../evidence/derive/revision.js';
import { LEGACY_REVISIONS_NEWEST_FIRST } from '../spec/revisions.js';
import type { HttpClient } from './http/types.js';
import type { RpcChannel } from './channel/types.js';
import { initializeParams, POST_HEADERS, rpcRequest } from './mcp-messages.js';
import type { RpcIds } from './mcp-messages.js';
import { sendRpc } from './rpc.js';

/** An `initialize` of the ladder as sent over HTTP: the reply keeps its HTTP envelope. */
export interface HttpInitAttempt extends InitAttempt {
  readonly probe: Probe<HttpReply>;
}

/** The ladder's probe IDs (the plan entries are in ./stages/ladder.ts). */
export const LADDER_PROBES = {
  discover: 'p.discover',
  discoverResend: 'p.discover.resend',
  init: (v: string) => `p.init(${v})`,
} as const;

export interface LadderResult<R extends RpcReply = HttpReply> {
  readonly discover: Probe<R>;
  readonly modern: ModernSignal;
  readonly inits: (InitAttempt & { readonly probe: Probe<R> })[];
}

/** The channels the ladder speaks on: the modern wire and the handshake era (one channel on stdio). */
export interface LadderChannels<R extends RpcReply> {
  readonly modern: RpcChannel<R>;
  readonly handshake: RpcChannel<R>;
}

export function discover<R extends RpcReply>(
  channel: RpcChannel<R>,
  ids: RpcIds,
  probe: string = LADDER_PROBES.discover,
): Promise<Probe<R>> {
  return channel.call({
    id: ids.take(),
    method: 'server/discover',
    params: {},
    probe,
    purpose: 'server/discover (2026-07-28 wire): detect the modern era',
  });
}

/** `initialize` with its own headers, re-sendable by the Origin probes (HTTP only). */
export async function initialize(
  client: HttpClient,
  url: string,
  ids: RpcIds,
  version: string,
  probe: string,
  purpose: string,
  extraHeaders: Record<string, string> = {},
): Promise<Probe<HttpReply>> {
  const id = ids.take();
  return sendRpc(client, {
    method: 'POST',
    url,
    headers: { ...POST_HEADERS, ...extraHeaders },
    body: rpcRequest(id, 'initialize', initializeParams(version)),
    probe,
    purpose,
    source: 'user',
    rpcId: id,
  });
}

/** The ladder in flight: its `initialize` answers settle first, the whole result once discover has too. */
export interface LadderRun<R extends RpcReply> {
  /** When the ladder was sent (`performance.now()`). */
  readonly sentAt: number;
  /** Every `initialize` attempt, settled: the same objects as the result's `inits`. */
  readonly inits: Promise<LadderResult<R>['inits']>;
  /** The whole ladder: the inits, and `server/discover` (with its re-send) settled. */
  readonly result: Promise<LadderResult<R>>;
}

/**
 * `server/discover` and `initialize` with each legacy version, newest first, all at once; the
 * discover is re-sent once when it answered -32020/-32021 (a persistent error is modern evidence).
 */
export function startLadder<R extends RpcReply>(channels: LadderChannels<R>, ids: RpcIds): LadderRun<R> {
  const sentAt = performance.now();
  // Take ids up front in a fixed order so bodies are identical across scans whatever the timing.
  const discoverPromise = discover(channels.modern, ids);
  const initPromises = LEGACY_REVISIONS_NEWEST_FIRST.map((v) =>
    channels.handshake.call({
      id: ids.take(),
      method: 'initialize',
      params: initializeParams(v) as Record<string, unknown>,
      probe: LADDER_PROBES.init(v),
      purpose: `initialize with protocolVersion ${v}: detect the legacy era`,
    }),
  );
  const inits = Promise.all(initPromises).then((probes) =>
    LEGACY_REVISIONS_NEWEST_FIRST.map((requested, i) => {
      const probe = probes[i]!;
      return { requested, probe, offered: probe.kind === 'ok' ? offeredVersion(probe.value) : null };
    }),
  );
  const discovered = discoverPromise.then(async (first) => {
    const code = first.kind === 'ok' ? first.value.response?.error?.code : undefined;
    const resend =
      code === -32020 || code === -32021
        ? await discover(channels.modern, ids, LADDER_PROBES.discoverResend)
        : undefined;
    return { discover: first, modern: modernSignal(first, resend) };
  });
  const result = Promise.all([discovered, inits]).then(([d, attempts]) => ({ ...d, inits: attempts }));
  return { sentAt, inits, result };
}

/** The ladder's successful `initialize`: an offered version in a 2xx answer (null: none was served). */
export function handshakeMain<A extends HttpInitAttempt>(inits: readonly A[]): A | null {
  return inits.find((i) => i.offered !== null && i.probe.kind === 'ok' && i.probe.value.status < 300) ?? null;
}
