import type { AuthzAnswer, PageProtections } from '../../evidence/auth-types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { withProbedServer } from './probed-server.js';

function hostOf(u: string): string | null {
  try {
    return new URL(u).hostname;
  } catch {
    return null;
  }
}

/** Framing forbidden: `frame-ancestors 'none'` or `'self'` only, or `X-Frame-Options` DENY/SAMEORIGIN. */
function framingForbidden(p: PageProtections): boolean {
  const fa = p.frameAncestors;
  if (fa && fa.length > 0 && fa.every((s) => s === "'none'" || s === "'self'")) return true;
  return p.xFrameOptions === 'DENY' || p.xFrameOptions === 'SAMEORIGIN';
}

function judgePage(p: PageProtections, a: AuthzAnswer, ctx: CheckContext, location: string): Verdict[] {
  const ids = [a.exchange];
  const out: Verdict[] = [];
  if (!framingForbidden(p))
    out.push(
      ctx.fail(
        `The consent page can be framed (frame-ancestors ${p.frameAncestors ? p.frameAncestors.join(' ') : 'absent'}, X-Frame-Options ${p.xFrameOptions ?? 'absent'}): a clickjacking page can overlay it and collect the user’s approval.`,
        ids,
        { location, key: 'framing' },
      ),
    );
  const unprefixed = p.cookies.filter((c) => !c.name.startsWith('__Host-'));
  if (unprefixed.length > 0)
    out.push(
      ctx.fail(
        `The consent page sets cookies without the __Host- prefix (${unprefixed.map((c) => JSON.stringify(c.name)).join(', ')}): a sibling subdomain can overwrite them.`,
        ids,
        { location, key: 'cookie-prefix' },
      ),
    );
  const weak = p.cookies.filter(
    (c) => !c.secure || !c.httpOnly || (c.sameSite !== 'lax' && c.sameSite !== 'strict'),
  );
  if (weak.length > 0)
    out.push(
      ctx.fail(
        `The consent page sets cookies without Secure, HttpOnly and SameSite=Lax (${weak.map((c) => `${JSON.stringify(c.name)}: ${[!c.secure && 'no Secure', !c.httpOnly && 'no HttpOnly', c.sameSite === null ? 'no SameSite' : c.sameSite !== 'lax' && c.sameSite !== 'strict' ? `SameSite=${c.sameSite}` : null].filter(Boolean).join(', ')}`).join('; ')}).`,
        ids,
        { location, key: 'cookie-flags' },
      ),
    );
  if (p.tokenFields.length === 0)
    out.push(
      ctx.fail(
        'The consent form carries no hidden token field (16 characters or more): nothing shows CSRF protection of the approval.',
        ids,
        { location, key: 'csrf', confidence: 'medium' },
      ),
    );
  if (out.length > 0) return out;
  return [
    ctx.pass(
      `The consent page forbids framing, sets ${p.cookies.length === 0 ? 'no cookies' : 'only __Host- cookies with Secure, HttpOnly and SameSite'}, and its form carries a token field (${p.tokenFields.join(', ')}).`,
      ids,
      { location },
    ),
  ];
}

export default defineCheck({
  meta: {
    id: 'MCPP-ACT13',
    title: 'Consent pages protected',
    requirement:
      'Consent pages forbid framing (`frame-ancestors` or `X-Frame-Options: DENY`), set consent cookies with the `__Host-` prefix, `Secure`, `HttpOnly`, `SameSite=Lax`, and carry CSRF protection.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'authorization' },
    keys: {
      framing: 'the consent page can be framed (no frame-ancestors restriction, no X-Frame-Options)',
      'cookie-prefix': 'a cookie set by the consent page lacks the __Host- prefix',
      'cookie-flags': 'a cookie set by the consent page lacks Secure, HttpOnly or SameSite=Lax/Strict',
      csrf: 'the consent form carries no hidden token field (conf. medium)',
    },
    severity: 'medium',
    citations: [mcp('2025-11-25', 'basic/security_best_practices', 'Required Protections')],
    rationale:
      'An MCP proxy’s own consent page is what stops the confused deputy (ACT12); if it can be framed, or its approval forged cross-site, or its consent cookie planted from a sibling domain, an attacker gets the approval without the user meaning to give it.',
    remediation:
      "Send `Content-Security-Policy: frame-ancestors 'none'` (or `X-Frame-Options: DENY`) with the consent page, name its cookies `__Host-…` with `Secure; HttpOnly; SameSite=Lax; Path=/`, and put a per-session CSRF token in the consent form that the approval endpoint checks.",
    evidence:
      'The first answer to `i.proxy.authorize(1)` (a correct S256 authorization request with a fresh client), when it is an HTML page on the authorization server: its `Content-Security-Policy` `frame-ancestors`, `X-Frame-Options`, the attributes of each `Set-Cookie` (read before redaction; values never kept), and its hidden form fields.',
    traps: 'The MUST binds MCP proxy servers’ own consent flows, not third-party IdPs.',
    notes:
      'Judged only when the consent page is reachable before login: the first answer is an HTML page with a form and no password field. One result per failing key (`framing`, `cookie-prefix`, `cookie-flags`, `csrf`), else one pass. A login page (password field), a redirect to a login or interaction step (the usual case: login comes first, and the page behind the redirect is not fetched) or any other answer: `ambiguous`. Not applicable when the authorization server is on another host than the MCP server (a third-party identity provider), or publishes no `registration_endpoint` (no fresh client to ask with). ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withProbedServer(
      ev,
      ctx,
      {
        probe: (d) => d.proxy,
        endpoint: 'registration_endpoint',
        noEndpoint: 'no client can be registered to reach a consent page with',
        name: 'The fresh-client authorization requests (i.proxy)',
        notSent: 'No fresh client was registered',
      },
      ({ value, location }) => {
        const first = value.attempts[0]?.answer;
        if (!first)
          return ctx.inconclusive('ambiguous', 'No authorization request was sent.', [], { location });
        if (first.kind !== 'ok')
          return ctx.fromProbe(first, 'The authorization request with a fresh client', { location });
        const a = first.value;
        const ids = [a.exchange];
        if (a.page?.form && !a.page.password) return judgePage(a.page, a, ctx, location);
        const what =
          a.login === 'redirect'
            ? 'was redirected to a login or interaction step'
            : a.page?.password
              ? 'got a login page'
              : `was answered ${a.status} without a consent form`;
        return ctx.inconclusive(
          'ambiguous',
          `The authorization request ${what}: the consent page is not reachable before login, so its protections cannot be seen from outside.`,
          ids,
          { location },
        );
      },
      ({ server, location }) => {
        const asHost = hostOf(server.issuer);
        const mcpHost = hostOf(ev.target.url);
        return asHost !== null && mcpHost !== null && asHost !== mcpHost
          ? ctx.notApplicable(
              'feature_absent',
              `${server.issuer} is on another host than the MCP server: a third-party identity provider, whose consent pages this requirement does not bind.`,
              { location },
            )
          : null;
      },
    );
  },
});
