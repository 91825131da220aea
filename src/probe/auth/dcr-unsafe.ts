/**
 * `i.dcr(unsafe)` (intrusive): two anonymous RFC 7591 registrations at the first authorization
 * server's `registration_endpoint`, one after the other, each a public client
 * (`token_endpoint_auth_method: none`, `authorization_code`) with a single redirect URI that is
 * neither https nor loopback: `http://evil.example/cb`, then `javascript:alert(1)`. An AS that
 * accepts one has created a client: when the answer carries `registration_client_uri` and a
 * `registration_access_token`, the client is deleted again at once (RFC 7592 §2.3). The token
 * stays in memory only: it is redacted from the recorded exchanges and never put in evidence.
 * The endpoint is a URL learned from metadata: every request goes through the address policy
 * (`source: 'learned'`) and carries no user credential.
 */
import type {
  AuthorizationServerObservation,
  DcrDeletion,
  DcrUnsafeAnswer,
  DcrUnsafeProbes,
} from '../../evidence/auth-types.js';
import type { Mode, Probe } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import { DCR_CLIENT_NAME, DCR_PROBES, UNSAFE_REDIRECT_URIS } from './plan.js';

export interface DcrUnsafeContext {
  readonly client: HttpClient;
  readonly mode: Mode;
  /** The first discovered authorization server (PRM-listed, or the 2025-03-26 origin), if any. */
  readonly server: AuthorizationServerObservation | undefined;
}

/** Members of a registration answer that are secrets the AS hands out. */
const SECRET_MEMBERS = ['registration_access_token', 'client_secret'] as const;

type Skip = Extract<Probe<never>, { kind: 'skipped' }>;
const skipped = (reason: Skip['reason'], detail: string): Skip => ({ kind: 'skipped', reason, detail });

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The client metadata registered (RFC 7591 §2). */
export function unsafeClientMetadata(redirectUri: string): Record<string, unknown> {
  return {
    client_name: DCR_CLIENT_NAME,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/** RFC 7592 §2.3: delete the client with its registration access token. */
async function deleteClient(client: HttpClient, uri: string, token: string): Promise<DcrDeletion> {
  const result = await client.send({
    method: 'DELETE',
    url: uri,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    probe: DCR_PROBES.cleanup,
    purpose: 'RFC 7592: delete the client the unsafe registration created',
    source: 'learned',
    attachCredentials: false,
    secrets: [token],
  });
  const status = result.response?.status ?? null;
  return {
    status,
    deleted: status !== null && status >= 200 && status < 300,
    exchange: result.exchangeId,
  };
}

async function register(
  client: HttpClient,
  endpoint: string,
  probe: string,
  redirectUri: string,
): Promise<Probe<DcrUnsafeAnswer>> {
  const result = await client.send({
    method: 'POST',
    url: endpoint,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(unsafeClientMetadata(redirectUri)),
    probe,
    purpose: `an anonymous registration with redirect_uris ["${redirectUri}"] (expects 400 invalid_redirect_uri)`,
    source: 'learned',
    attachCredentials: false,
    secretResponseMembers: SECRET_MEMBERS,
  });
  const res = result.response;
  if (!res) {
    return {
      kind: 'failed',
      error: result.error ?? { code: 'protocol', message: 'no response' },
      exchanges: [result.exchangeId],
    };
  }
  const body = jsonObject(res.text);
  const registrationClientUri = str(body?.['registration_client_uri']);
  // Kept in memory for the cleanup only: never returned.
  const token = str(body?.['registration_access_token']);
  const created = res.status >= 200 && res.status < 300 && str(body?.['client_id']) !== null;
  const deletion =
    created && registrationClientUri !== null && token !== null && token !== ''
      ? await deleteClient(client, registrationClientUri, token)
      : null;
  return {
    kind: 'ok',
    value: {
      redirectUri,
      status: res.status,
      error: str(body?.['error']),
      errorDescription: str(body?.['error_description']),
      clientId: str(body?.['client_id']) !== null,
      registrationClientUri,
      registrationAccessToken: token !== null,
      challenged: (res.headers['www-authenticate'] ?? []).length > 0,
      exchange: result.exchangeId,
      deletion,
    },
    exchanges: deletion ? [result.exchangeId, deletion.exchange] : [result.exchangeId],
  };
}

/** The endpoint to register at, or why there is none. */
function endpointOf(server: AuthorizationServerObservation | undefined): string | Skip {
  if (!server) return skipped('not_needed', 'no authorization server was discovered');
  const metadata = server.found?.metadata;
  if (!metadata) return skipped('dependency_failed', `no metadata was found for ${server.issuer}`);
  const endpoint = metadata['registration_endpoint'];
  if (typeof endpoint !== 'string')
    return skipped('not_needed', `${server.issuer} publishes no registration_endpoint`);
  try {
    const u = new URL(endpoint);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.href;
  } catch {
    // fall through
  }
  return skipped('not_needed', `the registration_endpoint of ${server.issuer} is not an http(s) URL`);
}

export async function probeDcrUnsafe(ctx: DcrUnsafeContext): Promise<Probe<DcrUnsafeProbes>> {
  if (ctx.mode !== 'intrusive')
    return skipped('mode_disabled', 'needs --mode intrusive (an accepted registration creates a client)');
  const endpoint = endpointOf(ctx.server);
  if (typeof endpoint !== 'string') return endpoint;
  // Sequential: registration endpoints are often rate-limited.
  const http = await register(ctx.client, endpoint, DCR_PROBES.http, UNSAFE_REDIRECT_URIS.http);
  const javascript = await register(
    ctx.client,
    endpoint,
    DCR_PROBES.javascript,
    UNSAFE_REDIRECT_URIS.javascript,
  );
  return {
    kind: 'ok',
    value: { issuer: ctx.server!.issuer, registrationEndpoint: endpoint, http, javascript },
    exchanges: [http, javascript].flatMap((p) => (p.kind === 'skipped' ? [] : p.exchanges)),
  };
}
