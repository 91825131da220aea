import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/act/MCPP-ACT07.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  SHARED_AUTHZ_CASES,
  answer,
  authzEvidence,
  errorPage,
  loginPage,
  loginRedirect,
  toClient,
  UNREGISTERED,
  withAnswers,
} from '../../helpers/authz.js';
import { asObservation, goodAsMetadata, ISSUER } from '../../helpers/oauth.js';

/** Every answer an error page that says nothing: the designated client is never confirmed. */
const allErrorPages = (badBody = '<html><h1>oops! something went wrong</h1></html>') =>
  withAnswers((b) => ({
    noPkce: errorPage(b, 'no-pkce', '<html>oops</html>'),
    plain: errorPage(b, 'plain', '<html>oops</html>'),
    badRedirect: errorPage(b, 'bad-redirect', badBody),
    bogusResponseType: errorPage(b, 'bogus-response-type', '<html>oops</html>'),
  }));

testCheck(check, {
  pass: [
    {
      name: '400 error page for the unregistered URI (oidc-provider), client confirmed by error redirects',
      evidence: withAnswers(() => ({})),
    },
    {
      name: 'a plain 400 error page, client confirmed by the bogus response_type error redirect',
      evidence: withAnswers((b) => ({
        badRedirect: errorPage(b, 'bad-redirect', '<html>Bad request</html>'),
      })),
    },
    {
      name: 'a 400 error page naming redirect_uri, though no other answer confirmed the client',
      evidence: allErrorPages('<p>The redirect_uri is not registered for this client.</p>'),
    },
    {
      name: 'error redirect to the registered redirect URI',
      evidence: withAnswers((b) => ({
        badRedirect: answer(b, 'bad-redirect', { location: toClient({ error: 'invalid_request' }) }),
      })),
    },
    {
      name: 'error redirect to an error page on the AS itself',
      evidence: withAnswers((b) => ({
        badRedirect: answer(b, 'bad-redirect', { location: '/error?error=invalid_redirect_uri' }),
      })),
    },
  ],
  fail: [
    {
      name: 'error redirect to the unregistered host',
      evidence: withAnswers((b) => ({
        badRedirect: answer(b, 'bad-redirect', { location: `${UNREGISTERED}?error=invalid_request&state=s` }),
      })),
      key: 'redirect',
      severity: 'critical',
    },
    {
      name: 'redirect to the unregistered host on another scheme and port',
      evidence: withAnswers((b) => ({
        badRedirect: answer(b, 'bad-redirect', {
          location: 'http://mcp-posture-probe.invalid:8443/cb?code=abc',
        }),
      })),
      key: 'redirect',
      severity: 'critical',
    },
    {
      name: 'login step (redirect to the AS interaction page) for the unregistered URI',
      evidence: withAnswers((b) => ({ badRedirect: loginRedirect(b, 'bad-redirect') })),
      key: 'consent',
      severity: 'high',
    },
    {
      name: 'login form (200 with a password field) for the unregistered URI',
      evidence: withAnswers((b) => ({ badRedirect: loginPage(b, 'bad-redirect') })),
      key: 'consent',
      severity: 'high',
    },
  ],
  inconclusive: [
    ...SHARED_AUTHZ_CASES.inconclusive,
    {
      name: 'a 400 page that does not name the reason, and no answer confirmed the client',
      evidence: allErrorPages(),
      reason: 'ambiguous',
    },
    {
      name: 'redirected to an upstream identity provider',
      evidence: withAnswers((b) => ({
        badRedirect: answer(b, 'bad-redirect', {
          status: 302,
          location: 'https://idp.example.org/authorize?x=1',
        }),
      })),
      reason: 'ambiguous',
    },
    {
      name: 'a code delivered to the registered redirect URI (the requested redirect_uri ignored)',
      evidence: withAnswers((b) => ({
        badRedirect: answer(b, 'bad-redirect', { location: toClient({ code: 'c0de' }) }),
      })),
      reason: 'ambiguous',
    },
    {
      name: '200 without a form',
      evidence: withAnswers((b) => ({
        badRedirect: answer(b, 'bad-redirect', { status: 200, body: '<html>Please wait…</html>' }),
      })),
      reason: 'ambiguous',
    },
    {
      name: 'rate limited (429)',
      evidence: withAnswers((b) => ({ badRedirect: errorPage(b, 'bad-redirect', 'slow down', 429) })),
      reason: 'rate_limited',
    },
    {
      name: 'server error (503)',
      evidence: withAnswers((b) => ({ badRedirect: errorPage(b, 'bad-redirect', 'down', 503) })),
      reason: 'fetch_failed',
    },
    {
      name: 'the request failed (timeout)',
      evidence: withAnswers((b) => ({ badRedirect: b.failed('timeout') })),
      reason: 'fetch_failed',
    },
    {
      name: 'safe-mode scan (mode_disabled)',
      evidence: (() => {
        const ev = withAnswers(() => ({}));
        return { ...ev, settings: { ...ev.settings, mode: 'safe' as const } };
      })(),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [
    ...SHARED_AUTHZ_CASES.notApplicable,
    {
      name: 'no authorization in use, safe-mode scan (no_auth, not mode_disabled)',
      evidence: evidence(),
      reason: 'no_auth',
    },
    {
      name: 'the AS publishes no authorization_endpoint',
      evidence: authzEvidence((b, d) => {
        d.authorizationServers = [asObservation(b, goodAsMetadata({ authorization_endpoint: undefined }))];
        return {
          kind: 'skipped',
          reason: 'not_needed',
          detail: `${ISSUER} publishes no authorization_endpoint`,
        };
      }),
      reason: 'feature_absent',
    },
    {
      name: 'the authorization_endpoint is not an http(s) URL (probe not sent)',
      evidence: authzEvidence((b, d) => {
        d.authorizationServers = [asObservation(b, goodAsMetadata({ authorization_endpoint: 'urn:x' }))];
        return { kind: 'skipped', reason: 'not_needed', detail: 'not an http(s) URL' };
      }),
      reason: 'feature_absent',
    },
    {
      name: 'no authorization server discovered',
      evidence: authzEvidence((_b, d) => {
        d.authorizationServers = [];
        return { kind: 'skipped', reason: 'not_needed', detail: 'no authorization server was discovered' };
      }),
      reason: 'feature_absent',
    },
  ],
});

describe('MCPP-ACT07 details', () => {
  it('locates the result at the probed authorization server', () => {
    const { results } = runCheck(
      check,
      withAnswers(() => ({})),
    );
    expect(results.map((r) => [r.status, r.location])).toEqual([['pass', `as:${ISSUER}`]]);
  });

  it('the redirect fail names the unregistered URI and cites the exchange', () => {
    const ev = withAnswers((b) => ({
      badRedirect: answer(b, 'bad-redirect', { location: `${UNREGISTERED}?error=access_denied` }),
    }));
    const { results } = runCheck(check, ev);
    expect(results[0]!.message).toContain(UNREGISTERED);
    const cited = ev.exchanges.find((x) => x.id === results[0]!.evidence[0]);
    expect(cited?.probe).toBe('i.authz(bad-redirect)');
  });
});
