/**
 * The rules of CIMD50–CIMD57 on a client's own Client ID Metadata Document, as pure functions of
 * what was fetched (or read from a file). A failure names its key; its severity is the check's,
 * by key (`keySeverity` in each check's meta), given by `ctx.fail` in a scan and by
 * ./lint-document.ts, with which the login vets a `--client-metadata-url` document
 * (docs/login.md#client-identity).
 */
import type { ClientMetadataSource } from '../../evidence/cimd-types.js';

export interface LintFinding {
  readonly id: `MCPP-CIMD5${number}`;
  readonly status: 'pass' | 'fail' | 'not_applicable';
  readonly key: string | null;
  /** The item a per-item finding is about (a redirect URI, a key's `kid` or index); null otherwise. */
  readonly where?: string;
  readonly message: string;
}

/** An AS fetching a document should refuse bigger ones (CIMD-02 §8.7). */
export const CIMD_MAX_BYTES = 5 * 1024;

const pass = (id: LintFinding['id'], message: string): LintFinding => ({
  id,
  status: 'pass',
  key: null,
  message,
});
const fail = (id: LintFinding['id'], key: string, message: string): LintFinding => ({
  id,
  status: 'fail',
  key,
  message,
});

function object(source: ClientMetadataSource): Record<string, unknown> | null {
  const d = source.document;
  return typeof d === 'object' && d !== null && !Array.isArray(d) ? (d as Record<string, unknown>) : null;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** CIMD50: the client ID URL shape. */
export function lintClientIdUrl(url: string): LintFinding[] {
  const id = 'MCPP-CIMD50';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [fail(id, 'scheme', `${url} is not an absolute URL`)];
  }
  const out: LintFinding[] = [];
  if (u.protocol !== 'https:') out.push(fail(id, 'scheme', `the client ID uses ${u.protocol}, not https:`));
  if (u.hostname === '') out.push(fail(id, 'host', 'the client ID has no host'));
  if (u.hostname.startsWith('[') || IPV4.test(u.hostname))
    out.push(fail(id, 'ip-literal', `the client ID host ${u.hostname} is an IP literal`));
  if (u.username !== '' || u.password !== '')
    out.push(fail(id, 'userinfo', 'the client ID carries userinfo'));
  if (url.includes('#')) out.push(fail(id, 'fragment', 'the client ID carries a fragment'));
  // The URL parser resolves dot segments: look at the text as written.
  const rawPath = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '';
  if (
    rawPath
      .split('/')
      .some((s) => s === '.' || s === '..' || /^%2e(%2e)?$/i.test(s) || /^\.%2e$|^%2e\.$/i.test(s))
  )
    out.push(fail(id, 'dot-segment', 'the client ID path has dot segments'));
  if (u.pathname === '/' || u.pathname === '')
    out.push(fail(id, 'path', 'the client ID has no path (the root URL cannot be a client ID)'));
  if (u.search !== '') out.push(fail(id, 'query', 'the client ID carries a query string (SHOULD NOT)'));
  return out.length > 0 ? out : [pass(id, `${url} is a valid client ID URL`)];
}

/** CIMD51: `client_id` equals the document URL. */
export function lintClientIdEquality(source: ClientMetadataSource): LintFinding[] {
  const id = 'MCPP-CIMD51';
  const doc = object(source);
  if (source.url === null) return [{ ...pass(id, 'no URL given'), status: 'not_applicable' }];
  const cid = doc?.['client_id'];
  if (typeof cid !== 'string') return [fail(id, 'missing', 'the document has no string client_id')];
  if (cid !== source.url)
    return [fail(id, 'mismatch', `client_id ${JSON.stringify(cid)} is not the document URL ${source.url}`)];
  return [pass(id, 'client_id equals the document URL')];
}

/** CIMD52: a JSON object with client_id, client_name and redirect_uris. */
export function lintRequiredMembers(source: ClientMetadataSource): LintFinding[] {
  const id = 'MCPP-CIMD52';
  const doc = object(source);
  if (!doc)
    return [
      fail(
        id,
        'document',
        source.parseError
          ? `the document is not JSON: ${source.parseError}`
          : 'the document is not a JSON object',
      ),
    ];
  const out: LintFinding[] = [];
  if (typeof doc['client_id'] !== 'string') out.push(fail(id, 'client_id', 'client_id is missing'));
  const name = doc['client_name'];
  if (typeof name !== 'string' || name.trim() === '')
    out.push(fail(id, 'client_name', 'client_name is missing or blank'));
  const r = doc['redirect_uris'];
  if (!Array.isArray(r) || r.length === 0 || !r.every((x) => typeof x === 'string'))
    out.push(fail(id, 'redirect_uris', 'redirect_uris is not a non-empty array of strings'));
  return out.length > 0 ? out : [pass(id, 'client_id, client_name and redirect_uris are present')];
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const SCRIPT_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:']);

/** CIMD53: redirect URIs https or loopback http, no wildcard or fragment, no script schemes. */
export function lintRedirectUris(source: ClientMetadataSource): LintFinding[] {
  const id = 'MCPP-CIMD53';
  const list = object(source)?.['redirect_uris'];
  const uris = Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  if (uris.length === 0)
    return [{ ...pass(id, 'no redirect URIs (CIMD52 reports)'), status: 'not_applicable' }];
  const out: LintFinding[] = [];
  let loopback = 0;
  const bad = (uri: string, message: string): LintFinding => ({
    ...fail(id, 'unsafe', message),
    where: uri,
  });
  for (const uri of uris) {
    const shown = JSON.stringify(uri);
    let u: URL;
    try {
      u = new URL(uri);
    } catch {
      out.push(bad(uri, `${shown} is not an absolute URI`));
      continue;
    }
    if (uri.includes('*')) out.push(bad(uri, `${shown} has a wildcard`));
    else if (uri.includes('#')) out.push(bad(uri, `${shown} has a fragment`));
    else if (SCRIPT_SCHEMES.has(u.protocol)) out.push(bad(uri, `${shown} uses the ${u.protocol} scheme`));
    else if (u.protocol === 'http:') {
      if (LOOPBACK_HOSTS.has(u.hostname)) loopback++;
      else out.push(bad(uri, `${shown} is http on a non-loopback host`));
    } else if (u.protocol !== 'https:' && !/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+:$/.test(u.protocol)) {
      // Private-use schemes must be reverse-DNS (RFC 8252 §7.1).
      out.push(bad(uri, `${shown} uses ${u.protocol}, neither https nor a reverse-DNS private-use scheme`));
    }
  }
  if (out.length === 0 && loopback === uris.length)
    out.push(
      fail(
        id,
        'loopback-only',
        'every redirect URI is loopback: authorization servers warn users about such clients',
      ),
    );
  return out.length > 0 ? out : [pass(id, 'every redirect URI is safe')];
}

const SECRET_METHODS = new Set(['client_secret_basic', 'client_secret_post', 'client_secret_jwt']);

/** CIMD54: no shared secret published. */
export function lintNoSecret(source: ClientMetadataSource): LintFinding[] {
  const id = 'MCPP-CIMD54';
  const doc = object(source);
  if (!doc) return [{ ...pass(id, 'not a JSON object (CIMD52 reports)'), status: 'not_applicable' }];
  const out: LintFinding[] = [];
  for (const m of ['client_secret', 'client_secret_expires_at'])
    if (Object.hasOwn(doc, m)) out.push(fail(id, m, `the public document contains ${m}`));
  const method = doc['token_endpoint_auth_method'];
  if (typeof method === 'string' && SECRET_METHODS.has(method))
    out.push(
      fail(
        id,
        'method',
        `token_endpoint_auth_method ${method} needs a shared secret, which a public document cannot hold`,
      ),
    );
  return out.length > 0 ? out : [pass(id, 'no shared secret')];
}

const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** CIMD55: no private key material in `jwks`. */
export function lintNoPrivateKeys(source: ClientMetadataSource): LintFinding[] {
  const id = 'MCPP-CIMD55';
  const keys = (object(source)?.['jwks'] as { keys?: unknown } | undefined)?.keys;
  if (!Array.isArray(keys)) return [{ ...pass(id, 'no jwks'), status: 'not_applicable' }];
  const out: LintFinding[] = [];
  keys.forEach((k: unknown, i) => {
    if (typeof k !== 'object' || k === null) return;
    const priv = PRIVATE_JWK_MEMBERS.filter((m) => Object.hasOwn(k, m));
    if (priv.length === 0) return;
    const kid = (k as { kid?: unknown }).kid;
    out.push({
      ...fail(
        id,
        'private-key',
        `key ${typeof kid === 'string' ? JSON.stringify(kid) : `#${i}`} publishes private members ${priv.join(', ')}`,
      ),
      where: typeof kid === 'string' ? kid : String(i),
    });
  });
  return out.length > 0 ? out : [pass(id, 'no private key material')];
}

/** CIMD56: the authentication method agrees with the keys. */
export function lintAuthMethod(source: ClientMetadataSource): LintFinding[] {
  const id = 'MCPP-CIMD56';
  const doc = object(source);
  if (!doc) return [{ ...pass(id, 'not a JSON object (CIMD52 reports)'), status: 'not_applicable' }];
  const out: LintFinding[] = [];
  const hasJwks = Object.hasOwn(doc, 'jwks');
  const jwksUri = doc['jwks_uri'];
  const hasJwksUri = typeof jwksUri === 'string';
  const method = doc['token_endpoint_auth_method'];
  if (hasJwks && hasJwksUri) out.push(fail(id, 'both-key-sources', 'both jwks and jwks_uri are present'));
  if (hasJwksUri && !jwksUri.startsWith('https://'))
    out.push(fail(id, 'jwks-uri-http', `jwks_uri ${JSON.stringify(jwksUri)} is not https`));
  if (method === undefined)
    out.push(
      fail(
        id,
        'method-omitted',
        'token_endpoint_auth_method is omitted: the RFC 7591 default is client_secret_basic, a shared secret',
      ),
    );
  else if (method === 'private_key_jwt' && !hasJwks && !hasJwksUri)
    out.push(fail(id, 'no-keys', 'private_key_jwt without jwks or jwks_uri'));
  else if (method === 'none' && (hasJwks || hasJwksUri))
    out.push(fail(id, 'unused-keys', 'keys are published but the method is none'));
  return out.length > 0 ? out : [pass(id, 'the authentication method agrees with the keys')];
}

/** CIMD57: served as an AS fetches it: 200, no redirect, JSON, within about 5 KB. */
export function lintServed(source: ClientMetadataSource): LintFinding[] {
  const id = 'MCPP-CIMD57';
  const s = source.served;
  if (!s) return [{ ...pass(id, 'read from a file'), status: 'not_applicable' }];
  if (s.location !== null && s.status >= 300 && s.status < 400)
    return [
      fail(
        id,
        'redirect',
        `the URL answers ${s.status} with a redirect to ${s.location}; authorization servers do not follow it`,
      ),
    ];
  if (s.status !== 200) return [fail(id, 'status', `the URL answers ${s.status}, not 200`)];
  const out: LintFinding[] = [];
  if (s.bytes > CIMD_MAX_BYTES)
    out.push(
      fail(
        id,
        'size',
        `the document is ${s.bytes} bytes; authorization servers may refuse more than ${CIMD_MAX_BYTES}`,
      ),
    );
  if (s.mediaType !== 'application/json' && !(s.mediaType?.endsWith('+json') ?? false))
    out.push(
      fail(id, 'content-type', `the content type is ${s.mediaType ?? 'missing'}, not application/json`),
    );
  return out.length > 0 ? out : [pass(id, 'served with 200, JSON, no redirect, within the size limit')];
}

/** Every CIMD lint rule, in ID order. */
export function lintClientMetadata(source: ClientMetadataSource): LintFinding[] {
  return [
    ...(source.url === null
      ? [{ ...pass('MCPP-CIMD50', 'no URL given'), status: 'not_applicable' as const }]
      : lintClientIdUrl(source.url)),
    ...lintClientIdEquality(source),
    ...lintRequiredMembers(source),
    ...lintRedirectUris(source),
    ...lintNoSecret(source),
    ...lintNoPrivateKeys(source),
    ...lintAuthMethod(source),
    ...lintServed(source),
  ];
}
