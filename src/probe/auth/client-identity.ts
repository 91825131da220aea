/**
 * `i.client` (intrusive): when the user designated no OAuth client, one anonymous RFC 7591
 * registration at the first authorization server's open `registration_endpoint` gives the
 * `i.authz` requests a client identity: a native public client (`application_type: native`,
 * `token_endpoint_auth_method: none`) with the loopback redirect URI `http://127.0.0.1/callback`
 * (RFC 8252 §7.3; nothing listens there and no redirect is ever followed). It is deleted through
 * RFC 7592 as soon as the authorization requests are done (`i.client.cleanup`); where the server
 * returns no management URI, its name (`mcp-posture-probe (delete me)`) lets an administrator find
 * it. The registration access token stays in memory, redacted from the recorded exchanges.
 */
import type {
  AuthorizationServerObservation,
  ClientRegistration,
  DcrDeletion,
} from '../../evidence/auth-types.js';
import type { Probe } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import { CLIENT_PROBES, DCR_CLIENT_NAME, PROBE_CLIENT_REDIRECT_URI } from './plan.js';

export interface RegisteredProbeClient {
  /** The client as a designated one would be given (`clientId`, `redirectUri`). */
  readonly designation: { readonly clientId: string; readonly redirectUri: string };
  /** Deletes the client (RFC 7592 §2.3) and returns the registration's evidence. */
  readonly cleanup: () => Promise<ClientRegistration>;
}

type Skip = Extract<Probe<never>, { kind: 'skipped' }>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A JSON object body (a registration's answer), or null for anything else. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const j: unknown = JSON.parse(text);
    return typeof j === 'object' && j !== null && !Array.isArray(j) ? (j as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The registration endpoint of the first authorization server, or null. */
function endpointOf(server: AuthorizationServerObservation | undefined): string | null {
  const e = server?.found?.metadata['registration_endpoint'];
  if (typeof e !== 'string') return null;
  try {
    const u = new URL(e);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * Registers the probe client, or says why none could be had (a skip the `i.authz` evidence
 * carries: `not_designated`, with the registration's answer in the detail).
 */
export async function registerProbeClient(
  client: HttpClient,
  server: AuthorizationServerObservation | undefined,
  probes: { readonly register: string; readonly cleanup: string } = CLIENT_PROBES,
): Promise<RegisteredProbeClient | Skip> {
  const endpoint = endpointOf(server);
  if (endpoint === null)
    return {
      kind: 'skipped',
      reason: 'not_designated',
      detail:
        'needs --oauth-client-id and --oauth-redirect-uri (no client was designated and the authorization server offers no registration)',
    };
  const result = await client.send({
    method: 'POST',
    url: endpoint,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_name: DCR_CLIENT_NAME,
      application_type: 'native',
      redirect_uris: [PROBE_CLIENT_REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
    probe: probes.register,
    purpose:
      'an anonymous registration of a native public client for the intrusive authorization requests (deleted right after them)',
    source: 'learned',
    attachCredentials: false,
    secretResponseMembers: ['registration_access_token', 'client_secret'],
  });
  const res = result.response;
  const body = res ? parseJsonObject(res.text) : null;
  const clientId = str(body?.['client_id']);
  if (!res || res.status < 200 || res.status >= 300 || clientId === null)
    return {
      kind: 'skipped',
      reason: 'not_designated',
      detail: `needs --oauth-client-id and --oauth-redirect-uri (no client was designated, and registration at ${endpoint} answered ${res ? res.status : (result.error?.message ?? 'nothing')})`,
    };
  const uri = str(body?.['registration_client_uri']);
  const token = str(body?.['registration_access_token']);
  return {
    designation: { clientId, redirectUri: PROBE_CLIENT_REDIRECT_URI },
    cleanup: async () => {
      let deletion: DcrDeletion | null = null;
      if (uri !== null && token !== null) {
        const del = await client.send({
          method: 'DELETE',
          url: uri,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          probe: probes.cleanup,
          purpose: 'RFC 7592: delete the client registered for the intrusive authorization requests',
          source: 'learned',
          attachCredentials: false,
          secrets: [token],
        });
        const status = del.response?.status ?? null;
        deletion = {
          status,
          deleted: status !== null && status >= 200 && status < 300,
          exchange: del.exchangeId,
        };
      }
      return { registrationEndpoint: endpoint, exchange: result.exchangeId, deletion };
    },
  };
}
