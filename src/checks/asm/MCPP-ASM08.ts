import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { AS_TRANSPORT_NOTE, AS_TRANSPORTS, prmResource } from './as-common.js';
import { audienceValues, decodedToken, normaliseResource as normalise } from './token.js';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM08',
    title: 'Tokens audience-restricted to the resource',
    requirement:
      'Access tokens issued for the MCP server carry its canonical URI (the PRM `resource`, or the endpoint URL) as audience.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-06-18'),
    transports: AS_TRANSPORTS,
    mode: 'token',
    requires: ['target', 'auth', 'oauth'],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'token', followsMember: 'location' },
    keys: {
      absent: 'the access token has no aud claim, or no string in it',
      other:
        'no audience value names the resource (an origin-only audience for a path endpoint: medium confidence)',
    },
    severity: 'medium',
    citations: [
      rfc(8707, '2'),
      rfc(9068, '2.2'),
      mcp('2025-06-18', 'basic/authorization', 'Token Audience Binding and Validation'),
      mcp('2025-11-25', 'basic/authorization', 'Token Audience Binding and Validation'),
      mcp(
        '2026-07-28',
        'basic/authorization/security-considerations',
        'Token Audience Binding and Validation',
      ),
    ],
    rationale:
      'A token without an audience restriction is valid at every resource server that trusts the AS: a malicious or compromised MCP server that receives it can replay it against other services (token passthrough, confused deputy). Audience-bound tokens make that replay fail.',
    remediation:
      'Honour the RFC 8707 `resource` parameter that MCP clients send and put the requested resource (the MCP server’s canonical URI, as in the PRM `resource`) in the `aud` claim; reject unknown resources with `invalid_target`.',
    evidence:
      '`t.decode`: the `aud` claim of the supplied token (decoded locally, never verified), compared with the PRM `resource` and the endpoint URL.',
    traps:
      '`aud` may be a string or an array; a custom `resource` claim is not accepted as audience; an origin-only audience for a path endpoint is a fail with medium confidence.',
    notes:
      'Keys: `absent` (no `aud`, or no string in it), `other` (no audience value names the resource; an origin-only audience for a path endpoint is reported under this key with medium confidence). Audience values match after URL normalisation (scheme and host case, default port) and ignoring one trailing slash, so spelling variants of the same resource are not failed. Inconclusive: `needs_token` (no token; the engine answers before evaluation when none was supplied), `opaque_token` (the token is not a JWT; MCPP-ACT06 is the intrusive counterpart). Location: `as:<iss>` when the token names its issuer. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    const token = decodedToken(ev, ctx);
    if ('verdict' in token) return token.verdict;
    const { d, claims, location } = token;
    const prm = prmResource(d);
    const evidence = prm ? [prm.exchange] : [];
    const targets = [
      ...new Set([prm?.resource, ev.target.url].filter((x): x is string => typeof x === 'string')),
    ];
    const raw = claims['aud'];
    const aud = audienceValues(claims);
    if (aud.length === 0) {
      return ctx.fail(
        `The access token has no audience (\`aud\` is ${raw === undefined ? 'absent' : JSON.stringify(raw)}); it is not restricted to ${targets.join(' or ')}.`,
        evidence,
        { location, key: 'absent' },
      );
    }
    const wanted = new Set(targets.map(normalise));
    const match = aud.find((a) => wanted.has(normalise(a)));
    if (match !== undefined) {
      return ctx.pass(`The access token’s audience includes ${JSON.stringify(match)}.`, evidence, {
        location,
      });
    }
    const originOnly = aud.find((a) => targets.some((t) => isOriginOf(a, t)));
    if (originOnly !== undefined) {
      return ctx.fail(
        `The access token’s audience ${JSON.stringify(originOnly)} names only the origin of ${targets.join(' / ')}, so it is valid for every resource on that host.`,
        evidence,
        { location, key: 'other', confidence: 'medium' },
      );
    }
    return ctx.fail(
      `The access token’s audience [${aud.map((a) => JSON.stringify(a)).join(', ')}] does not name the MCP server (${targets.join(' or ')}).`,
      evidence,
      { location, key: 'other' },
    );
  },
});

/** `aud` is the bare origin of a resource URL that has a path. */
function isOriginOf(aud: string, resource: string): boolean {
  try {
    const r = new URL(resource);
    if (r.pathname === '/' || r.pathname === '') return false;
    return normalise(aud) === normalise(r.origin);
  } catch {
    return false;
  }
}
