import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import {
  answerBody,
  clientConfirmed,
  describeAnswer,
  readAnswer,
  toHostOf,
  unclear,
  withAuthz,
} from './authz.js';

/** An error page that names the redirect URI as its reason. */
const REDIRECT_REASON = /redirect[_ -]?ur[il]/i;

export default defineCheck({
  meta: {
    id: 'MCPP-ACT07',
    title: 'Exact redirect URI matching',
    requirement:
      'An authorization request from a known client with an unregistered `redirect_uri` gets an error page, never a redirect to that URI.',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS, 'exchanges'],
    judges: 'authorization-server',
    rating: { scope: 'authorization', mergesWith: 'MCPP-CIMD13' },
    chain: { hop: 'authorization' },
    keys: {
      redirect: 'the authorization server redirected to an unregistered redirect URI host (critical)',
      consent: 'a login or consent step was shown for an unregistered redirect URI (high)',
    },
    severity: 'critical',
    citations: [
      mcp('2025-03-26', 'basic/authorization', 'Security Considerations'),
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Open Redirection'),
      rfc(9700, '2.1'),
      rfc(9700, '4.11'),
    ],
    rationale:
      'An authorization server that redirects to a `redirect_uri` it never registered for the client sends authorization codes (or, after login, the user) wherever an attacker’s link says: the code lands on the attacker’s host, and the AS becomes an open redirector trusted by its own users. Exact matching against the registered URIs is what binds a code to its client.',
    remediation:
      'Compare the `redirect_uri` of every authorization request with the client’s registered redirect URIs by exact string match (RFC 9700 §2.1; only the port of a loopback URI may vary), and answer a mismatch with an error page on the AS itself — never with a redirect, not even an error redirect, to the unregistered URI — before any login or consent.',
    evidence:
      '`i.authz(bad-redirect)`: a GET of the first authorization server’s `authorization_endpoint` with the designated client (`--oauth-client-id`), `response_type=code`, a correct S256 `code_challenge`, the RFC 8707 `resource` (the PRM `resource`, as MCP clients send it), a fresh `state`, and an unregistered `redirect_uri`: `/cb` over https on the reserved host `mcp-posture-probe.invalid`, which never resolves. The first answer only: its status, its `Location` (recorded, never fetched) and whether it is a login or consent step.',
    traps:
      'Loopback redirect URIs may vary by port (allowed); error redirects to the registered URI are fine.',
    notes:
      'Needs `--mode intrusive` and a designated client: `--oauth-client-id ID --oauth-redirect-uri URI` (or the `oauthClient` config key), a client pre-registered at the first authorization server; without one, a native public client registered through open registration (`i.client`, deleted through RFC 7592 right after the requests); inconclusive (`needs_designation`) when neither is available. Fail `redirect` (critical): a `Location` to the unregistered host, error redirects included. Fail `consent` (high): a login or consent step — an HTML page with a password field or a form, or a redirect to a login, sign-in, consent or interaction path on the AS — shown for the unregistered URI. Pass: an error redirect to the registered redirect URI or to the AS itself, or a 4xx error page — the latter only when another answer confirmed the designated client (an error redirect to its registered URI, or a login step) or the page names the redirect URI as its reason, since an unknown client_id gets the same error page (`ambiguous` otherwise). Redirects elsewhere (an upstream identity provider) and 2xx pages without a form are `ambiguous`; 429 `rate_limited`; 5xx `fetch_failed`. Only the first discovered authorization server is probed (the client is registered there); the result is located at it. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withAuthz(ev, ctx, ({ authz, location }) => {
      const probe = authz.badRedirect;
      if (probe.kind !== 'ok')
        return ctx.fromProbe(probe, 'The authorization request with an unregistered redirect_uri', {
          location,
        });
      const a = probe.value;
      const ids = [a.exchange];
      const unregistered = a.params['redirect_uri'] ?? '';
      if (a.redirect && toHostOf(a.redirect, unregistered))
        return ctx.fail(
          `${authz.issuer} redirected an authorization request with the unregistered redirect_uri ${unregistered} to it (${describeAnswer(a)}): codes and users can be sent to any host.`,
          ids,
          { location, key: 'redirect' },
        );
      const reading = readAnswer(a, authz);
      const what = `The authorization request with the unregistered redirect_uri ${unregistered}`;
      switch (reading.kind) {
        case 'login':
          return ctx.fail(
            `${authz.issuer} showed a login or consent step (${reading.how === 'page' ? reading.where : `redirect to ${reading.where}`}) for an authorization request with the unregistered redirect_uri ${unregistered}, instead of an error: the redirect URI is not validated before login, if at all.`,
            ids,
            { location, key: 'consent', severity: 'high' },
          );
        case 'error-redirect':
          return ctx.pass(
            `${authz.issuer} refused the unregistered redirect_uri with an error redirect to ${reading.to === 'registered' ? 'the registered redirect URI' : 'itself'} (error=${reading.error}), not to the unregistered host.`,
            ids,
            { location },
          );
        case 'error-page': {
          if (clientConfirmed(authz) || REDIRECT_REASON.test(answerBody(ev, a)))
            return ctx.pass(
              `${authz.issuer} answered the unregistered redirect_uri with a ${reading.status} error page, without a redirect.`,
              ids,
              { location },
            );
          return ctx.inconclusive(
            'ambiguous',
            `${what} got a ${reading.status} error page, but no other answer confirmed the designated client ${JSON.stringify(authz.clientId)} with its redirect URI, and the page does not name the redirect URI: a wrong client_id gets the same page.`,
            ids,
            { location },
          );
        }
        case 'code':
          return ctx.inconclusive(
            'ambiguous',
            `${what} was redirected to ${reading.where} with a code, not to the unregistered host: the requested redirect_uri was ignored.`,
            ids,
            { location },
          );
        case 'rate-limited':
        case 'server-error':
        case 'other':
          return unclear(ctx, reading, what, a, { location });
      }
    });
  },
});
