/**
 * s.origin, s.preflight and s.host: the first MCP request that produced an
 * answer, repeated with a foreign, a `null` and a look-alike Origin; a CORS
 * preflight from a foreign origin; and (local targets only) a foreign Host.
 */
import type { AddressScope, Mode, OriginProbes, Probe, HttpReply } from '../evidence/types.js';
import type { HttpClient } from './http/types.js';
import { sendRpc } from './rpc.js';

export const FOREIGN_ORIGIN = 'https://evil.example';
export const LOOKALIKE_ORIGIN = 'http://localhost.evil.example';
export const FOREIGN_HOST = 'evil.example';

/** A request that can be re-sent with extra headers (a fresh JSON-RPC id each time). */
export interface Replayable {
  readonly reply: HttpReply | null;
  send(extraHeaders: Record<string, string>, probe: string, purpose: string): Promise<Probe<HttpReply>>;
}

export async function probeOrigin(
  client: HttpClient,
  url: string,
  mode: Mode,
  scope: AddressScope,
  baseline: Replayable | null,
): Promise<OriginProbes> {
  const disabled: Probe<HttpReply> = {
    kind: 'skipped',
    reason: 'mode_disabled',
    detail: 'needs --mode safe',
  };
  if (mode === 'passive' || baseline === null) {
    const none: Probe<HttpReply> =
      baseline === null
        ? { kind: 'skipped', reason: 'dependency_failed', detail: 'no MCP request was answered' }
        : disabled;
    return {
      baseline: baseline?.reply ?? null,
      foreign: none,
      nullOrigin: none,
      lookalike: none,
      preflight: none,
      host: none,
    };
  }
  const local = scope === 'loopback' || scope === 'private';
  const [foreign, nullOrigin, lookalike, preflight, host] = await Promise.all([
    baseline.send(
      { origin: FOREIGN_ORIGIN },
      's.origin.foreign',
      `the first MCP request with Origin: ${FOREIGN_ORIGIN} (expects 403)`,
    ),
    baseline.send(
      { origin: 'null' },
      's.origin.null',
      'the first MCP request with Origin: null (expects 403)',
    ),
    baseline.send(
      { origin: LOOKALIKE_ORIGIN },
      's.origin.lookalike',
      `the first MCP request with Origin: ${LOOKALIKE_ORIGIN} (expects 403)`,
    ),
    sendRpc(client, {
      method: 'OPTIONS',
      url,
      headers: {
        origin: FOREIGN_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'authorization, content-type, mcp-protocol-version, mcp-session-id, mcp-method',
      },
      probe: 's.preflight',
      purpose: 'CORS preflight from a foreign origin',
      source: 'user',
      rpcId: null,
    }),
    local
      ? baseline.send(
          { host: FOREIGN_HOST },
          's.host',
          `the first MCP request with Host: ${FOREIGN_HOST} (local targets; expects 4xx)`,
        )
      : Promise.resolve<Probe<HttpReply>>({
          kind: 'skipped',
          reason: 'target_scope',
          detail: 'only for loopback and private targets',
        }),
  ]);
  return { baseline: baseline.reply, foreign, nullOrigin, lookalike, preflight, host };
}
