import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { AS_TRANSPORT_NOTE, AS_TRANSPORTS } from './as-common.js';
import { decodedToken } from './token.js';

/** Policy threshold; one hour is the recommendation named in messages. */
const MAX_LIFETIME_S = 24 * 3600;
const RECOMMENDED_S = 3600;

function hours(seconds: number): string {
  const h = seconds / 3600;
  return h >= 48 ? `${Math.round(h / 24)} days` : `${Math.round(h * 10) / 10} h`;
}

export default defineCheck({
  meta: {
    id: 'MCPP-ASM18',
    title: 'Access tokens short-lived',
    requirement:
      'The supplied access token’s lifetime (`exp` − `iat`) does not exceed 24 hours (policy threshold; one hour or less is recommended).',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-03-26'),
    transports: AS_TRANSPORTS,
    mode: 'token',
    requires: ['startedAt', 'auth', 'oauth'],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'token', followsMember: 'location' },
    keys: {
      long: 'the access token lives longer than 24 h',
      'no-exp': 'the access token has no numeric exp: it never expires',
    },
    severity: 'low',
    citations: [
      mcp('2025-03-26', 'basic/authorization', 'Implementation Requirements'),
      mcp('2025-06-18', 'basic/authorization', 'Token Theft'),
      mcp('2025-11-25', 'basic/authorization', 'Token Theft'),
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Token Theft'),
    ],
    rationale:
      'A leaked bearer token works until it expires. Short lifetimes bound the damage of tokens stolen from client storage, logs or a compromised server; refresh tokens (rotated for public clients) keep sessions going without long-lived access tokens.',
    remediation:
      'Issue access tokens that live an hour or less and use refresh tokens (rotated for public clients) for longer sessions.',
    evidence: '`t.decode`: the `exp` and `iat` (or `nbf`) claims of the supplied token, decoded locally.',
    traps: 'The threshold is policy; long-lived tokens minted for CI may be deliberate.',
    notes:
      'Keys: `long` (lifetime over 24 h; also when only `exp` is known and it lies more than 24 h after the scan started, since the lifetime is at least that), `no-exp` (no numeric `exp`: the token never expires). Without `iat` or `nbf` and an `exp` within 24 h of the scan, the lifetime is unknown: inconclusive (`ambiguous`). Inconclusive `needs_token` / `opaque_token` as MCPP-ASM08. 2025-03-26 says lifetimes SHOULD be limited; 2025-06-18 and later that authorization servers SHOULD issue short-lived tokens. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    const token = decodedToken(ev, ctx);
    if ('verdict' in token) return token.verdict;
    const { claims, location } = token;
    const exp = claims['exp'];
    if (typeof exp !== 'number' || !Number.isFinite(exp)) {
      return ctx.fail(
        `The access token has no numeric \`exp\` (${exp === undefined ? 'absent' : JSON.stringify(exp)}); it does not expire.`,
        [],
        { location, key: 'no-exp' },
      );
    }
    const iat = claims['iat'];
    const nbf = claims['nbf'];
    const start = typeof iat === 'number' ? iat : typeof nbf === 'number' ? nbf : null;
    if (start === null) {
      const remaining = exp - Date.parse(ev.startedAt) / 1000;
      if (remaining > MAX_LIFETIME_S) {
        return ctx.fail(
          `The access token has no \`iat\` and expires ${hours(remaining)} after the scan started, so it lives longer than 24 h.`,
          [],
          { location, key: 'long' },
        );
      }
      return ctx.inconclusive(
        'ambiguous',
        'The access token has no `iat` or `nbf`; its lifetime cannot be computed.',
        [],
        { location },
      );
    }
    const lifetime = exp - start;
    if (lifetime < 0) {
      return ctx.inconclusive('ambiguous', 'The access token’s `exp` lies before its `iat`.', [], {
        location,
      });
    }
    if (lifetime > MAX_LIFETIME_S) {
      return ctx.fail(`The access token lives ${hours(lifetime)} (\`exp\` − \`iat\`), more than 24 h.`, [], {
        location,
        key: 'long',
      });
    }
    const advice =
      lifetime > RECOMMENDED_S ? ' (within the 24 h threshold; one hour or less is recommended)' : '';
    return ctx.pass(`The access token lives ${hours(lifetime)}${advice}.`, [], { location });
  },
});
