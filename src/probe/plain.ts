/**
 * p.plain: for an https origin, what its cleartext counterpart answers. A GET of
 * the same path on http (port 80 for 443; explicit ports kept), never followed;
 * when the answer looks like a live endpoint (2xx, 401, 405), one
 * `server/discover`-shaped POST over cleartext shows whether MCP is served.
 */
import type { PlainObservation, Probe, HttpReply } from '../evidence/types.js';
import type { HttpClient } from './http/types.js';
import { discoverHeaders, modernMeta, rpcRequest } from './mcp-messages.js';
import type { RpcIds } from './mcp-messages.js';
import { sendRpc } from './rpc.js';

export function cleartextUrl(httpsUrl: Readonly<URL>): string {
  // A copy: the protocol changes.
  const u = new URL(httpsUrl.href);
  const explicitPort = u.port !== '';
  u.protocol = 'http:';
  // Changing the protocol drops a default port; an explicit non-default port is kept as given.
  if (!explicitPort) u.port = '';
  return u.toString();
}

export async function probePlain(
  client: HttpClient,
  httpsUrl: Readonly<URL>,
  ids: RpcIds,
  source: 'user' | 'learned',
): Promise<PlainObservation> {
  const url = cleartextUrl(httpsUrl);
  const get = await sendRpc(client, {
    method: 'GET',
    url,
    headers: { accept: 'application/json, text/event-stream', 'accept-encoding': 'identity' },
    probe: 'p.plain',
    purpose: 'GET the cleartext counterpart of an https origin (expects refusal or a redirect to https)',
    source,
    attachCredentials: false,
    rpcId: null,
    streamWindowMs: 1_000,
  });
  let post: Probe<HttpReply> = { kind: 'skipped', reason: 'not_needed' };
  if (
    get.kind === 'ok' &&
    ((get.value.status >= 200 && get.value.status < 300) ||
      get.value.status === 401 ||
      get.value.status === 405)
  ) {
    const id = ids.take();
    post = await sendRpc(client, {
      method: 'POST',
      url,
      headers: discoverHeaders(),
      body: rpcRequest(id, 'server/discover', { _meta: modernMeta() }),
      probe: 'p.plain.post',
      purpose: 'server/discover over cleartext http: is MCP served without TLS?',
      source,
      attachCredentials: false,
      rpcId: id,
    });
  }
  return { httpsOrigin: httpsUrl.origin, url, get, post };
}
