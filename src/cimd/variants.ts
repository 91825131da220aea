/**
 * The static Client ID Metadata Document variants the intrusive CIMD checks (CIMD10–CIMD19) send to
 * an authorization server as URL client IDs, and the malformed client ID URL shapes. Pure: given a
 * base URL, the documents, their paths, the status and headers each must be served with, and the
 * client IDs. `mcp-posture cimd variants --base URL --output-dir DIR` writes them for the user to host; the
 * scanner's own loopback variants server (src/net/cimd-server.ts) serves the same set.
 */

/** The redirect URI every variant registers: loopback (RFC 8252 §7.3); nothing listens, nothing is sent there. */
export const CIMD_REDIRECT_URI = 'http://127.0.0.1/callback';

/** The size of the oversized variant: far above the ~5 KB documents are expected to stay under (CIMD-02 §8.7). */
export const OVERSIZED_BYTES = 64 * 1024;

export type DocumentVariantName =
  | 'valid'
  | 'mismatch'
  | 'localhost-only'
  | 'redirecting'
  | 'redirect-target'
  | 'oversized'
  | 'invalid-json'
  | 'no-redirects'
  | 'cache'
  | 'error-then-valid';

export interface ServedAs {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface DocumentVariant extends ServedAs {
  readonly name: DocumentVariantName;
  /** The path below the base, without a leading slash (`valid.json`). */
  readonly path: string;
  /** The variant's URL: its client ID. */
  readonly url: string;
  /**
   * How the second and later fetches are answered, when they differ from the first (only
   * `error-then-valid`: a 404 first, the valid document after). A static host cannot do this.
   */
  readonly later: ServedAs | null;
  /** What hosting it needs and what it tests. */
  readonly note: string;
}

export type UrlShapeName = 'http-scheme' | 'no-path' | 'userinfo' | 'fragment' | 'dot-segment';

export interface UrlShapeVariant {
  readonly name: UrlShapeName;
  /** The client ID as sent, built as a string (URL parsing would normalise it). */
  readonly clientId: string;
  /** The CIMD URL rule it breaks. */
  readonly rule: string;
}

export type SpecialUseName = 'loopback-v4' | 'metadata-link-local' | 'private-10' | 'loopback-v6';

export interface SpecialUseVariant {
  readonly name: SpecialUseName;
  readonly clientId: string;
}

export interface CimdVariantSet {
  /** The base URL, without a trailing slash. */
  readonly base: string;
  readonly documents: readonly DocumentVariant[];
  readonly shapes: readonly UrlShapeVariant[];
}

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' } as const;

/** The base without a trailing slash, or an error message. Only http(s) without query, fragment or userinfo. */
export function normaliseBase(base: string): { base: string } | { error: string } {
  let u: URL;
  try {
    u = new URL(base);
  } catch {
    return { error: `not a URL: ${JSON.stringify(base)}` };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { error: 'the base must be an https URL' };
  if (u.search !== '' || u.hash !== '' || u.username !== '' || u.password !== '')
    return { error: 'the base must have no query, fragment or userinfo' };
  return { base: u.href.replace(/\/+$/, '') };
}

function document(url: string, name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    client_id: url,
    client_name: `mcp-posture CIMD probe (${name})`,
    redirect_uris: [CIMD_REDIRECT_URI],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: 'native',
    ...extra,
  };
}

const json = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

/** The valid document padded with an extension member to exactly `OVERSIZED_BYTES` bytes. */
function oversized(url: string): string {
  const shell = json(document(url, 'oversized', { mcp_posture_padding: '' }));
  const pad = Math.max(0, OVERSIZED_BYTES - Buffer.byteLength(shell));
  return json(document(url, 'oversized', { mcp_posture_padding: 'x'.repeat(pad) }));
}

/** The document variants and malformed client ID shapes for `base` (normalised with `normaliseBase`). */
export function cimdVariants(base: string): CimdVariantSet {
  const at = (path: string) => `${base}/${path}`;
  const plain = (
    name: DocumentVariantName,
    path: string,
    body: string,
    note: string,
    headers: Record<string, string> = JSON_HEADERS,
  ): DocumentVariant => ({ name, path, url: at(path), status: 200, headers, body, later: null, note });
  const valid = at('valid.json');
  const documents: DocumentVariant[] = [
    plain('valid', 'valid.json', json(document(valid, 'valid')), 'a correct document: the control'),
    plain(
      'mismatch',
      'mismatch.json',
      json(document(valid, 'mismatch')),
      'client_id names valid.json, not this URL (CIMD12)',
    ),
    plain(
      'localhost-only',
      'localhost-only.json',
      json(document(at('localhost-only.json'), 'localhost-only')),
      'only a loopback redirect URI: the consent page should warn (CIMD14)',
    ),
    {
      name: 'redirecting',
      path: 'redirecting.json',
      url: at('redirecting.json'),
      status: 302,
      headers: { location: at('redirect-target.json'), 'cache-control': 'no-store' },
      body: '',
      later: null,
      note: 'must be served as a 302 to redirect-target.json (CIMD15); a host that cannot redirect cannot test it',
    },
    plain(
      'redirect-target',
      'redirect-target.json',
      json(document(at('redirecting.json'), 'redirect-target')),
      'where redirecting.json points: its client_id is the redirecting URL, so only following the redirect accepts it',
    ),
    plain('oversized', 'oversized.json', oversized(at('oversized.json')), '64 KiB, far above ~5 KB (CIMD16)'),
    plain(
      'invalid-json',
      'invalid-json.json',
      json(document(at('invalid-json.json'), 'invalid-json')).slice(0, 40),
      'truncated JSON (CIMD19)',
    ),
    plain(
      'no-redirects',
      'no-redirects.json',
      json({ ...document(at('no-redirects.json'), 'no-redirects'), redirect_uris: undefined }),
      'no redirect_uris (CIMD19)',
    ),
    plain(
      'cache',
      'cache.json',
      json(document(at('cache.json'), 'cache')),
      'served with Cache-Control: max-age=3600: a second request should not fetch it again (CIMD17)',
      { 'content-type': 'application/json', 'cache-control': 'max-age=3600' },
    ),
    {
      ...plain(
        'error-then-valid',
        'error-then-valid.json',
        'not found\n',
        '404 on the first fetch, the valid document after: the error must not be cached (CIMD17; needs the scanner’s own server)',
        { 'content-type': 'text/plain', 'cache-control': 'no-store' },
      ),
      status: 404,
      later: {
        status: 200,
        headers: JSON_HEADERS,
        body: json(document(at('error-then-valid.json'), 'error-then-valid')),
      },
    },
  ];
  return { base, documents, shapes: urlShapes(base) };
}

/** Client IDs that break the CIMD URL rules, each built from the valid variant's URL. */
function urlShapes(base: string): UrlShapeVariant[] {
  const u = new URL(`${base}/valid.json`);
  const rest = `${u.host}${u.pathname}`;
  const dir = u.pathname.replace(/valid\.json$/, '');
  return [
    { name: 'http-scheme', clientId: `http://${rest}`, rule: 'the scheme must be https' },
    { name: 'no-path', clientId: `https://${u.host}`, rule: 'the URL must have a path' },
    { name: 'userinfo', clientId: `https://mcp-posture@${rest}`, rule: 'no userinfo' },
    { name: 'fragment', clientId: `https://${rest}#fragment`, rule: 'no fragment' },
    {
      name: 'dot-segment',
      clientId: `https://${u.host}${dir}mcp-posture/../valid.json`,
      rule: 'no dot segments in the path',
    },
  ];
}

/** URL client IDs on special-use IP hosts (CIMD11): an AS should refuse them without a request. */
export const SPECIAL_USE_CLIENT_IDS: readonly SpecialUseVariant[] = [
  { name: 'loopback-v4', clientId: 'https://127.0.0.1/mcp-posture/client.json' },
  { name: 'metadata-link-local', clientId: 'https://169.254.169.254/mcp-posture/client.json' },
  { name: 'private-10', clientId: 'https://10.0.0.1/mcp-posture/client.json' },
  { name: 'loopback-v6', clientId: 'https://[::1]/mcp-posture/client.json' },
];

/** The variant a request path names (the loopback server's log), or null. */
export function variantOfPath(set: CimdVariantSet, pathname: string): DocumentVariant | null {
  const basePath = new URL(set.base).pathname.replace(/\/+$/, '');
  return set.documents.find((d) => `${basePath}/${d.path}` === pathname) ?? null;
}
