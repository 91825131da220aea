import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';

/** Parameter names that carry credentials (lower case, `-` folded to `_`). */
const CREDENTIAL_NAMES = new Set([
  'token',
  'access_token',
  'api_key',
  'apikey',
  'key',
  'auth',
  'jwt',
  'id_token',
  'refresh_token',
  'bearer',
  'authorization',
  'password',
  'client_secret',
]);

const JWT_SHAPE = /^eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*$/;

function isCredentialName(name: string): boolean {
  const n = name.toLowerCase().replace(/-/g, '_');
  if (n.includes('session')) return false; // session parameters are TRN07
  return CREDENTIAL_NAMES.has(n) || n.endsWith('_token') || n.endsWith('_api_key') || n.endsWith('_apikey');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export default defineCheck({
  meta: {
    id: 'MCPP-LEG22',
    title: 'HTTP+SSE endpoint URI carries no credentials',
    requirement:
      'The `endpoint` URI has no token-like parameters (`token`, `access_token`, `api_key`, `key`, `auth`, `jwt`) and no JWT-shaped values.',
    keyword: 'MUST NOT',
    revisions: 'any',
    transports: ['http+sse'],
    mode: 'passive',
    requires: ['sse'],
    rating: { scope: 'protocol' },
    keys: {
      '<name>':
        'the query parameter of the endpoint URI that carries a credential-named or JWT-shaped value (value redacted)',
      path: 'a JWT-shaped path segment in the endpoint URI',
      userinfo: 'userinfo credentials (user:password@) in the endpoint URI',
    },
    severity: 'high',
    citations: [mcp('2025-06-18', 'basic/authorization', 'Token Requirements'), rfc(6750, '2.3')],
    rationale:
      'Whatever the server puts in the endpoint URI, every client sends back in the request line of every POST, where proxies, access logs and browser history record it. A credential there is a credential leaked to every log on the path.',
    remediation:
      'Keep credentials out of the endpoint URI: authenticate each POST with an `Authorization` header, and carry only an opaque, unguessable session identifier in the URI if one is needed.',
    evidence:
      'The `endpoint` event data of `p.sse`: query parameter names and values, path segments and userinfo (values are never shown).',
    traps: 'Session parameters are TRN07, not here.',
    notes:
      'MUST NOT: from 2025-03-26 clients must not send tokens in a URI query, so a server that puts one there makes conforming clients break the rule; it is policy for 2024-11-05, which defines no authorization. Runs whenever HTTP+SSE is observed (`revisions: any`). Beyond the catalogue’s six names the check also flags `apikey`, `id_token`, `refresh_token`, `bearer`, `authorization`, `password`, `client_secret` and names ending in `_token` or `_api_key` (parameter names containing `session` are left to TRN07), JWT-shaped values in any parameter or path segment (key `path`, confidence medium when the parameter name is not a credential name), and userinfo (`user:password@`, key `userinfo`). Empty values are not credentials.',
  },
  evaluate(ev, ctx) {
    const sse = ev.sse;
    let url: URL | null = null;
    try {
      url = sse.endpoint ? new URL(sse.endpoint.resolved ?? sse.endpoint.raw, sse.streamUrl) : null;
    } catch {
      url = null;
    }
    if (!url)
      return ctx.notApplicable('feature_absent', 'The stream announced no usable endpoint URI (LEG20).');

    const evidence = [sse.get.exchange];
    const segments = url.pathname.split('/');
    const jwtInPath = segments.some((seg) => JWT_SHAPE.test(safeDecode(seg)));
    // The location names the endpoint without its query and without JWT-shaped segments.
    const path = segments.map((seg) => (JWT_SHAPE.test(safeDecode(seg)) ? '…' : seg)).join('/');
    const location = `sse:${url.origin}${path}`;
    const verdicts: Verdict[] = [];
    const flagged = new Set<string>();
    for (const [name, value] of url.searchParams) {
      if (value === '' || flagged.has(name)) continue;
      const credentialName = isCredentialName(name);
      const jwt = JWT_SHAPE.test(value);
      if (!credentialName && !jwt) continue;
      flagged.add(name);
      const what = jwt ? 'a JWT-shaped value' : 'a value';
      verdicts.push(
        ctx.fail(
          `The endpoint URI carries ${what} in query parameter \`${name}\` (value redacted).`,
          evidence,
          {
            key: name,
            location,
            ...(credentialName ? {} : { confidence: 'medium' as const }),
          },
        ),
      );
    }
    if (jwtInPath) {
      verdicts.push(
        ctx.fail('The endpoint URI carries a JWT-shaped path segment (value redacted).', evidence, {
          key: 'path',
          location,
        }),
      );
    }
    if (url.username !== '' || url.password !== '') {
      verdicts.push(
        ctx.fail('The endpoint URI carries userinfo credentials (values redacted).', evidence, {
          key: 'userinfo',
          location,
        }),
      );
    }
    if (verdicts.length === 0)
      verdicts.push(
        ctx.pass('The endpoint URI carries no credential-like parameters or values.', evidence, { location }),
      );
    return verdicts;
  },
});
