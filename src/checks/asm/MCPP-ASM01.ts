import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { mcp, OIDC_DISCOVERY, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import {
  AS_SECTIONS,
  AS_TRANSPORTS,
  AS_TRANSPORT_NOTE,
  attemptExchanges,
  judgeServers,
} from './as-common.js';
import { asLocation } from '../shared/locations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM01',
    title: 'AS metadata published',
    requirement:
      'Each authorization server listed in the protected-resource metadata publishes its metadata where MCP clients look: RFC 8414 metadata (2025-06-18), RFC 8414 or OpenID Connect Discovery metadata (2025-11-25 and later).',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      none: 'no metadata URL of the authorization server answered with a JSON object',
      'oidc-only':
        'only OpenID Connect metadata is published: fails for 2025-06-18, passes for later revisions',
    },
    severity: 'high',
    citations: [
      mcp('2025-06-18', 'basic/authorization', 'Server Metadata Discovery'),
      mcp('2025-11-25', 'basic/authorization', 'Authorization Server Metadata Discovery'),
      mcp(
        '2026-07-28',
        'basic/authorization/authorization-server-discovery',
        'Authorization Server Metadata Discovery',
      ),
      rfc(8414, '3'),
      OIDC_DISCOVERY('4'),
    ],
    rationale:
      'A client learns the authorization and token endpoints, PKCE support and the registration options only from the metadata. Without a document at a URL the client tries, it cannot start the authorization flow at all.',
    remediation:
      'Serve RFC 8414 metadata at `/.well-known/oauth-authorization-server` inserted before the issuer path (an issuer with path `/tenant1` serves it at `/.well-known/oauth-authorization-server/tenant1` on its host). OpenID Connect Discovery at the inserted or appended `openid-configuration` URL is enough for 2025-11-25 and later clients, but 2025-06-18 clients only try the RFC 8414 URL.',
    evidence:
      '`p.as(i)`: the metadata URLs tried for each listed issuer, in MCP client order, until the first JSON object.',
    traps:
      'Tenant-path issuers served only at `<issuer>/.well-known/openid-configuration` pass for 2025-11-25 and later but fail for 2025-06-18; an issuer whose path is only `/` uses `/.well-known/oauth-authorization-server` (terminating slash removed).',
    notes:
      'Judged per PRM-listed server (location `as:<issuer>`); the 2025-03-26 origin model is MCPP-ASM13. Keys: `none` (no URL answered with a JSON object; every revision fails) and `oidc-only` (only OpenID Connect metadata: fails for 2025-06-18, passes for later revisions, so with an unknown revision the result is `revision_dependent`). The key depends only on the evidence, so the per-revision verdicts merge at one location. A metadata URL that did not answer makes the result inconclusive rather than a fail. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeServers(ev, ctx, 'prm', (s) => judge(s, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, ctx: CheckContext): Verdict {
  const location = asLocation(obs.issuer);
  const tried = obs.attempts.map((a) => a.url);
  const evidence = attemptExchanges(obs);
  if (obs.found) {
    const used = obs.attempts[obs.found.attempt];
    if (used?.kind === 'oauth') {
      return ctx.pass(`${obs.issuer} publishes RFC 8414 metadata at ${used.url}.`, evidence, { location });
    }
    // Only OpenID Connect metadata: 2025-06-18 clients follow RFC 8414 alone.
    const oauthTries = obs.attempts.slice(0, obs.found.attempt).filter((a) => a.kind === 'oauth');
    const unanswered = oauthTries.find((a) => a.fetch.kind !== 'ok');
    const opts = { location, key: 'oidc-only' };
    if (ctx.revision !== '2025-06-18') {
      return ctx.pass(
        `${obs.issuer} publishes OpenID Connect Discovery metadata at ${used?.url ?? 'an OpenID URL'}, which clients of ${ctx.revision ?? 'this revision'} try.`,
        evidence,
        opts,
      );
    }
    if (unanswered && unanswered.fetch.kind !== 'ok') {
      return ctx.fromProbe(unanswered.fetch, `The RFC 8414 metadata fetch ${unanswered.url}`, opts);
    }
    return ctx.fail(
      `${obs.issuer} publishes only OpenID Connect Discovery metadata (${used?.url ?? 'an OpenID URL'}); 2025-06-18 clients fetch RFC 8414 metadata and found none at ${oauthTries.map((a) => a.url).join(', ') || 'the RFC 8414 URL'}.`,
      evidence,
      opts,
    );
  }
  const opts = { location, key: 'none' };
  if (obs.attempts.length === 0) {
    return ctx.inconclusive(
      'probe_unavailable',
      `No metadata URL could be built from the listed issuer ${JSON.stringify(obs.issuer)}.`,
      [],
      opts,
    );
  }
  const unanswered = obs.attempts.find((a) => a.fetch.kind !== 'ok');
  if (unanswered && unanswered.fetch.kind !== 'ok') {
    return ctx.fromProbe(unanswered.fetch, `The metadata fetch ${unanswered.url}`, opts);
  }
  const answers = obs.attempts.map((a) =>
    a.fetch.kind === 'ok' ? `${a.url} → ${a.fetch.value.status}` : a.url,
  );
  return ctx.fail(
    `${obs.issuer} publishes no metadata where MCP clients look; tried ${tried.length} URL(s): ${answers.join('; ')}.`,
    evidence,
    opts,
  );
}
