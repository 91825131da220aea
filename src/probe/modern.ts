/**
 * Safe probes of the 2026-07-28 wire, sent only when the server showed modern
 * evidence. Each is a single, well-formed-but-wrong `server/discover`.
 */
import type { Mode, ModernEvidence, Probe, RpcReply } from '../evidence/types.js';
import type { HttpClient } from './http/types.js';
import { discoverHeaders, modernMeta, rpcRequest } from './mcp-messages.js';
import type { RpcIds } from './mcp-messages.js';
import { sendRpc } from './rpc.js';

export const BOGUS_VERSION = '1900-01-01';

export async function probeModern(
  client: HttpClient,
  url: string,
  ids: RpcIds,
  mode: Mode,
): Promise<ModernEvidence> {
  if (mode === 'passive') {
    const disabled: Probe<RpcReply> = {
      kind: 'skipped',
      reason: 'mode_disabled',
      detail: 'needs --mode safe',
    };
    return { versionBad: disabled };
  }
  const id = ids.take();
  const versionBad = await sendRpc(client, {
    method: 'POST',
    url,
    headers: discoverHeaders(BOGUS_VERSION),
    body: rpcRequest(id, 'server/discover', { _meta: modernMeta(BOGUS_VERSION) }),
    probe: 's.version.bad.modern',
    purpose: `server/discover with MCP-Protocol-Version ${BOGUS_VERSION} in the header and _meta (expects 400, -32022)`,
    source: 'user',
    rpcId: id,
  });
  return { versionBad };
}
