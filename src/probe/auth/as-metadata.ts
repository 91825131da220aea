/**
 * p.as(i): an authorization server's metadata, looked up in MCP client order
 * (the SDK's `buildDiscoveryUrls`): an issuer with a path T tries
 * `/.well-known/oauth-authorization-server/T`, `/.well-known/openid-configuration/T`,
 * then `T/.well-known/openid-configuration`; an issuer without a path tries the
 * RFC 8414 URL, then OpenID Connect. The first 2xx JSON object wins.
 * Then, per AS: s.dcr.malformed and the resolution of its endpoint hosts.
 */
import type {
  AddressObservation,
  AsMetadataAttempt,
  AuthorizationServerObservation,
} from '../../evidence/auth-types.js';
import type { Mode, Probe, HttpReply } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import { sendRpc } from '../rpc.js';
import type { ResolveRole } from './addresses.js';
import { fetchDocument, jsonObject } from './document.js';
import { AUTH_PROBES } from './plan.js';

export interface MetadataUrl {
  readonly url: string;
  readonly kind: 'oauth' | 'openid';
}

/** Null when the issuer is not an http(s) URL. */
export function asMetadataUrls(issuer: string): MetadataUrl[] | null {
  let u: URL;
  try {
    u = new URL(issuer);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  // A terminating "/" is removed before insertion (RFC 8414 §3.1); "/" alone is no path.
  const path = u.pathname.endsWith('/') ? u.pathname.slice(0, -1) : u.pathname;
  const at = (p: string): string => `${u.origin}${p}`;
  if (path === '') {
    return [
      { url: at('/.well-known/oauth-authorization-server'), kind: 'oauth' },
      { url: at('/.well-known/openid-configuration'), kind: 'openid' },
    ];
  }
  return [
    { url: at(`/.well-known/oauth-authorization-server${path}`), kind: 'oauth' },
    { url: at(`/.well-known/openid-configuration${path}`), kind: 'openid' },
    { url: at(`${path}/.well-known/openid-configuration`), kind: 'openid' },
  ];
}

export interface AsDiscovery {
  readonly attempts: AsMetadataAttempt[];
  readonly found: AuthorizationServerObservation['found'];
}

/** Tries the metadata URLs one after the other, as a client does, until one yields a JSON object. */
export async function discoverAsMetadata(
  client: HttpClient,
  issuer: string,
  probe: string,
  targetOrigin: string,
): Promise<AsDiscovery> {
  const attempts: AsMetadataAttempt[] = [];
  for (const { url, kind } of asMetadataUrls(issuer) ?? []) {
    const fetch = await fetchDocument(client, {
      url,
      probe,
      purpose: `${kind === 'oauth' ? 'RFC 8414' : 'OpenID Connect'} metadata of the authorization server ${issuer}`,
      source: 'learned',
      targetOrigin,
    });
    attempts.push({ url, kind, fetch });
    const metadata = jsonObject(fetch);
    if (metadata) return { attempts, found: { attempt: attempts.length - 1, metadata } };
  }
  return { attempts, found: null };
}

/** s.dcr.malformed: POST `{` to the registration endpoint. Invalid JSON cannot create a client. */
export async function probeDcrMalformed(
  client: HttpClient,
  metadata: Readonly<Record<string, unknown>> | null,
  mode: Mode,
): Promise<Probe<HttpReply>> {
  if (mode === 'passive') return { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode safe' };
  if (metadata === null) {
    return { kind: 'skipped', reason: 'dependency_failed', detail: 'no authorization-server metadata' };
  }
  const endpoint = metadata['registration_endpoint'];
  if (typeof endpoint !== 'string') {
    return { kind: 'skipped', reason: 'not_needed', detail: 'no registration endpoint' };
  }
  return sendRpc(client, {
    method: 'POST',
    url: endpoint,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{',
    probe: AUTH_PROBES.dcr,
    purpose: 'POST invalid JSON to the registration endpoint: open (400) or protected (401/403)?',
    source: 'learned',
    attachCredentials: false,
    rpcId: null,
    streamWindowMs: 1_000,
  });
}

/** The members whose hosts are resolved: the issuer, every `*_endpoint` and `jwks_uri`. */
function urlMembers(issuer: string, metadata: Readonly<Record<string, unknown>> | null): [string, string][] {
  const out: [string, string][] = [['issuer', issuer]];
  for (const [key, value] of Object.entries(metadata ?? {})) {
    if (typeof value === 'string' && (key.endsWith('_endpoint') || key === 'jwks_uri'))
      out.push([key, value]);
  }
  return out;
}

export async function resolveAsAddresses(
  resolve: ResolveRole,
  issuer: string,
  metadata: Readonly<Record<string, unknown>> | null,
): Promise<AddressObservation[]> {
  return Promise.all(urlMembers(issuer, metadata).map(([role, url]) => resolve(role, url)));
}

export interface AsContext {
  readonly client: HttpClient;
  readonly mode: Mode;
  readonly targetOrigin: string;
  readonly resolve: ResolveRole;
}

/** One listed authorization server, evaluated on its own. */
export async function observeAuthorizationServer(
  ctx: AsContext,
  issuer: string,
  index: number,
): Promise<AuthorizationServerObservation> {
  const { attempts, found } = await discoverAsMetadata(
    ctx.client,
    issuer,
    AUTH_PROBES.as(index),
    ctx.targetOrigin,
  );
  const metadata = found?.metadata ?? null;
  const [dcrMalformed, addresses] = await Promise.all([
    probeDcrMalformed(ctx.client, metadata, ctx.mode),
    resolveAsAddresses(ctx.resolve, issuer, metadata),
  ]);
  return { issuer, via: 'prm', attempts, found, dcrMalformed, addresses };
}
