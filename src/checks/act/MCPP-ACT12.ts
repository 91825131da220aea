import type { AuthzAnswer, ProxyProbes } from '../../evidence/auth-types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { withProbedServer } from './probed-server.js';

/** Where a first answer sent the browser, as ACT12 reads it. */
type Reading =
  | { readonly kind: 'upstream'; readonly origin: string; readonly clientId: string | null }
  | { readonly kind: 'own'; readonly what: string }
  | { readonly kind: 'unclear'; readonly what: string };

function hostOf(u: string): string | null {
  try {
    return new URL(u).hostname;
  } catch {
    return null;
  }
}

/** Same scheme, host, port and path. */
function sameEndpoint(a: string | null, b: string): boolean {
  try {
    const x = new URL(a ?? '');
    const y = new URL(b);
    return x.protocol === y.protocol && x.host === y.host && x.pathname === y.pathname;
  } catch {
    return false;
  }
}

function read(a: AuthzAnswer, asOrigins: ReadonlySet<string>, redirectUri: string): Reading {
  const r = a.redirect;
  if (r) {
    if (r.origin !== null && !asOrigins.has(r.origin) && r.error === null && !r.code) {
      if (sameEndpoint(r.url, redirectUri))
        return {
          kind: 'unclear',
          what: 'redirected to the client’s own redirect URI without a code or error',
        };
      let clientId: string | null = null;
      try {
        clientId = new URL(r.url ?? '').searchParams.get('client_id');
      } catch {
        clientId = null;
      }
      return { kind: 'upstream', origin: r.origin, clientId };
    }
    if (a.login === 'redirect') return { kind: 'own', what: 'a redirect to its own login or consent step' };
    if (r.error !== null)
      return { kind: 'own', what: `an error redirect (error=${r.error}), no upstream redirect` };
    return { kind: 'unclear', what: `a ${a.status} redirect` };
  }
  if (a.login === 'page') return { kind: 'own', what: 'its own login or consent page' };
  if (a.status >= 400 && a.status < 500 && a.status !== 429)
    return { kind: 'own', what: `a ${a.status} error page, no upstream redirect` };
  return { kind: 'unclear', what: `answered ${a.status}` };
}

function judge(proxy: ProxyProbes, ctx: CheckContext, location: string): Verdict {
  const origins = new Set<string>();
  for (const u of [proxy.authorizationEndpoint, proxy.issuer]) {
    try {
      origins.add(new URL(u).origin);
    } catch {
      // not a URL: adds nothing
    }
  }
  const readings: Reading[] = [];
  const ids: `x${number}`[] = [];
  for (const at of proxy.attempts) {
    if (at.answer.kind !== 'ok')
      return ctx.fromProbe(at.answer, 'The authorization request with a fresh client', { location });
    ids.push(at.answer.value.exchange);
    readings.push(read(at.answer.value, origins, at.redirectUri));
  }
  const [a, b] = readings;
  if (!a || !b)
    return ctx.inconclusive('ambiguous', 'Fewer than two fresh clients were tried.', ids, { location });
  const fresh = new Set(proxy.attempts.map((x) => x.clientId));
  if (
    a.kind === 'upstream' &&
    b.kind === 'upstream' &&
    a.clientId !== null &&
    a.clientId === b.clientId &&
    !fresh.has(a.clientId)
  )
    return ctx.fail(
      `${proxy.issuer} redirected two freshly registered clients straight to ${a.origin} with the same upstream client_id ${JSON.stringify(a.clientId)}, without a consent step of its own: the upstream consent a user gave once covers every client registered later (confused deputy).`,
      ids,
      { location, key: 'static-upstream' },
    );
  if (a.kind === 'own' && b.kind === 'own')
    return ctx.pass(
      `${proxy.issuer} answered both fresh clients itself (${a.what}; ${b.what}), without redirecting upstream.`,
      ids,
      {
        location,
      },
    );
  if (a.kind === 'upstream' && b.kind === 'upstream')
    return ctx.pass(
      `${proxy.issuer} redirected the fresh clients upstream with ${a.clientId === null || b.clientId === null ? 'no readable upstream client_id' : 'different upstream client_ids'}: no static upstream client is shared.`,
      ids,
      { location },
    );
  const unclear = readings.find((r) => r.kind === 'unclear');
  return ctx.inconclusive(
    'ambiguous',
    `The fresh clients were answered ${unclear ? 'unclearly' : 'differently'} (${readings.map((r) => (r.kind === 'upstream' ? `upstream to ${r.origin}` : r.what)).join('; ')}).`,
    ids,
    { location },
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-ACT12',
    title: 'Proxy servers obtain consent per client',
    requirement:
      'An MCP server whose AS proxies to a third-party AS with a static client ID shows its own consent for each newly registered client before redirecting upstream.',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'authorization' },
    confidence: 'medium',
    keys: {
      'static-upstream':
        'two fresh clients were redirected at once to the same upstream authorization server with the same upstream client_id',
    },
    severity: 'high',
    citations: [
      mcp('2025-06-18', 'basic/authorization', 'Confused Deputy Problem'),
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Confused Deputy Problem'),
      mcp('2026-07-28', 'basic/security_best_practices', 'Confused Deputy Problem'),
    ],
    rationale:
      'An MCP server that registers clients dynamically but logs users in upstream with one static client ID lets the upstream skip consent once a user approved it: an attacker registers a client with their own redirect URI, sends the user a link, and the code comes back for the attacker’s client without the user ever being asked (the confused deputy).',
    remediation:
      'Keep a per-user record of the clients each user approved, and show your own consent page (naming the client and its redirect URI) before redirecting to the upstream authorization server for any client not yet approved; protect that page as the security best practices require (MCPP-ACT13).',
    evidence:
      '`i.proxy`: two anonymous registrations of native public clients at the first authorization server’s `registration_endpoint` (`i.proxy.register(1)`, `(2)`), one correct S256 authorization request with each (`i.proxy.authorize(n)`: first answer only, never followed: its status, its `Location` and the `client_id` in it, whether it is a login or consent step), then the RFC 7592 deletion of each client (`i.proxy.cleanup(n)`).',
    traps: 'First-party SSO redirects within one organisation look similar (conf. medium).',
    notes:
      'Fail `static-upstream`: both answers redirect at once to another origin (not the authorization server itself, not the client’s redirect URI, no error, no code) carrying the same `client_id`, which is neither fresh client. Pass: both answered by the authorization server itself (its login or consent step, or an error), or both redirected upstream with different or no readable client IDs. Mixed or unclear answers: `ambiguous`. Not applicable when the authorization server is on another host than the MCP server (a third-party identity provider, not an MCP-hosted proxy), or publishes no `registration_endpoint`. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withProbedServer(
      ev,
      ctx,
      {
        probe: (d) => d.proxy,
        endpoint: 'registration_endpoint',
        noEndpoint: 'no client can be registered to test',
        name: 'The fresh-client authorization requests (i.proxy)',
        notSent: 'No fresh client was registered',
      },
      ({ value, location }) => judge(value, ctx, location),
      ({ server, location }) => {
        const asHost = hostOf(server.issuer);
        const mcpHost = hostOf(ev.target.url);
        return asHost !== null && mcpHost !== null && asHost !== mcpHost
          ? ctx.notApplicable(
              'feature_absent',
              `${server.issuer} is on another host than the MCP server: a third-party identity provider, not an MCP-hosted proxy.`,
              { location },
            )
          : null;
      },
    );
  },
});
