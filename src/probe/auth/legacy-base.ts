/**
 * p.as0326: the 2025-03-26 model, where the MCP server's origin is its own
 * authorization server. Metadata at `<origin>/.well-known/oauth-authorization-server`
 * (path discarded); without it, the default endpoints `/authorize`, `/token`
 * and `/register`, fetched without parameters to see whether they exist.
 */
import type { DocumentFetch, LegacyAuthorizationBase } from '../../evidence/auth-types.js';
import type { Probe } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import { sendRpc } from '../rpc.js';
import { fetchDocument, jsonObject } from './document.js';
import { AUTH_PROBES } from './plan.js';

export const LEGACY_DEFAULT_PATHS = ['/authorize', '/token', '/register'] as const;

export function legacyMetadataUrl(origin: string): string {
  return `${origin}/.well-known/oauth-authorization-server`;
}

export async function probeLegacyBase(client: HttpClient, origin: string): Promise<LegacyAuthorizationBase> {
  const metadata: Probe<DocumentFetch> = await fetchDocument(client, {
    url: legacyMetadataUrl(origin),
    probe: AUTH_PROBES.as0326,
    purpose: 'RFC 8414 metadata at the MCP origin (the 2025-03-26 authorization base URL)',
    source: 'user',
    targetOrigin: origin,
  });
  if (jsonObject(metadata)) return { metadata, defaults: [] };
  const defaults = await Promise.all(
    LEGACY_DEFAULT_PATHS.map(async (path) => ({
      path,
      probe: await sendRpc(client, {
        method: 'GET',
        url: `${origin}${path}`,
        headers: { accept: 'application/json, text/html' },
        probe: AUTH_PROBES.as0326Default,
        purpose: `the 2025-03-26 default endpoint ${path}, without parameters: does it exist?`,
        source: 'user',
        attachCredentials: false,
        rpcId: null,
        streamWindowMs: 1_000,
      }),
    })),
  );
  return { metadata, defaults };
}
