/**
 * The detection ladder (catalogue §5.2): `server/discover`, then `initialize`
 * with each legacy version, newest first, then — only if every POST failed —
 * the HTTP+SSE GET. The discover probe and the initialize probes are
 * independent, so they are sent concurrently.
 */
import type { HttpReply, InitAttempt, Probe } from '../evidence/types.js';
import { modernSignal, offeredVersion } from '../evidence/derive/revision.js';
import type { ModernSignal } from '../evidence/derive/revision.js';
import { LEGACY_REVISIONS_NEWEST_FIRST } from '../spec/revisions.js';
import type { HttpClient } from './http/types.js';
import { discoverHeaders, initializeParams, modernMeta, POST_HEADERS, rpcRequest } from './mcp-messages.js';
import type { RpcIds } from './mcp-messages.js';
import { sendRpc } from './rpc.js';

/** An `initialize` of the ladder as sent over HTTP: the reply keeps its HTTP envelope. */
export interface HttpInitAttempt extends InitAttempt {
  readonly probe: Probe<HttpReply>;
}

export interface LadderResult {
  readonly discover: Probe<HttpReply>;
  readonly modern: ModernSignal;
  readonly inits: HttpInitAttempt[];
}

export async function discover(
  client: HttpClient,
  url: string,
  ids: RpcIds,
  probe = 'p.discover',
): Promise<Probe<HttpReply>> {
  const id = ids.take();
  return sendRpc(client, {
    method: 'POST',
    url,
    headers: discoverHeaders(),
    body: rpcRequest(id, 'server/discover', { _meta: modernMeta() }),
    probe,
    purpose: 'server/discover (2026-07-28 wire): detect the modern era',
    source: 'user',
    rpcId: id,
  });
}

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

export async function runLadder(client: HttpClient, url: string, ids: RpcIds): Promise<LadderResult> {
  // Take ids up front in a fixed order so bodies are identical across scans whatever the timing.
  const discoverPromise = discover(client, url, ids);
  const initPromises = LEGACY_REVISIONS_NEWEST_FIRST.map((v) =>
    initialize(
      client,
      url,
      ids,
      v,
      `p.init(${v})`,
      `initialize with protocolVersion ${v}: detect the legacy era`,
    ),
  );
  const first = await discoverPromise;
  let resend: Probe<HttpReply> | undefined;
  const code = first.kind === 'ok' ? first.value.response?.error?.code : undefined;
  if (code === -32020 || code === -32021) resend = await discover(client, url, ids, 'p.discover.resend');
  const probes = await Promise.all(initPromises);
  const inits: HttpInitAttempt[] = LEGACY_REVISIONS_NEWEST_FIRST.map((requested, i) => {
    const probe = probes[i]!;
    return { requested, probe, offered: probe.kind === 'ok' ? offeredVersion(probe.value) : null };
  });
  return { discover: first, modern: modernSignal(first, resend), inits };
}
