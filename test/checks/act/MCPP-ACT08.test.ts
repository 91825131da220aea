import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/act/MCPP-ACT08.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import {
  SHARED_AUTHZ_CASES,
  answer,
  authzEvidence,
  authzProbes,
  errorPage,
  errorRedirect,
  loginPage,
  loginRedirect,
  toClient,
  withAnswers,
} from '../../helpers/authz.js';
import { asObservation, goodAsMetadata } from '../../helpers/oauth.js';

/** No answer confirms the designated client: every one an error page saying nothing. */
const unconfirmed = (noPkceBody = '<html>oops</html>', plainBody = '<html>oops</html>') =>
  withAnswers((b) => ({
    noPkce: errorPage(b, 'no-pkce', noPkceBody),
    plain: errorPage(b, 'plain', plainBody),
    badRedirect: errorPage(b, 'bad-redirect', '<html>oops</html>'),
    bogusResponseType: errorPage(b, 'bogus-response-type', '<html>oops</html>'),
  }));

const PLAIN_SKIPPED = {
  kind: 'skipped',
  reason: 'not_needed',
  detail: 'plain is advertised in code_challenge_methods_supported',
} as const;

testCheck(check, {
  pass: [
    {
      name: 'both refused with error=invalid_request redirects to the registered URI (oidc-provider)',
      evidence: withAnswers(() => ({})),
    },
    {
      name: 'refused with an error redirect to the AS error page',
      evidence: withAnswers((b) => ({
        noPkce: answer(b, 'no-pkce', {
          location: '/oauth/error?error=invalid_request&error_description=pkce',
        }),
      })),
    },
    {
      name: '400 error pages, client confirmed by the bogus response_type error redirect',
      evidence: withAnswers((b) => ({
        noPkce: errorPage(b, 'no-pkce', '<html>Bad request</html>'),
        plain: errorPage(b, 'plain', '<html>Bad request</html>'),
      })),
    },
    {
      name: '400 error pages naming PKCE, though no answer confirmed the client',
      evidence: unconfirmed(
        '<p>Missing parameter: code_challenge</p>',
        '<p>PKCE method plain is not allowed</p>',
      ),
    },
    {
      name: 'plain advertised: only the no-PKCE request was sent, and refused',
      evidence: authzEvidence((b, d) => {
        d.authorizationServers = [
          asObservation(b, goodAsMetadata({ code_challenge_methods_supported: ['plain', 'S256'] })),
        ];
        return authzProbes(b, { plain: PLAIN_SKIPPED });
      }),
    },
  ],
  fail: [
    {
      name: 'no code_challenge: redirect to the AS interaction (login) page',
      evidence: withAnswers((b) => ({ noPkce: loginRedirect(b, 'no-pkce') })),
      key: 'no-pkce',
      severity: 'high',
    },
    {
      name: 'no code_challenge: a login form (200, password field)',
      evidence: withAnswers((b) => ({ noPkce: loginPage(b, 'no-pkce') })),
      key: 'no-pkce',
      severity: 'high',
    },
    {
      name: 'no code_challenge: a code redirected to the client',
      evidence: withAnswers((b) => ({
        noPkce: answer(b, 'no-pkce', { location: toClient({ code: 'c0de' }) }),
      })),
      key: 'no-pkce',
    },
    {
      name: 'plain (not advertised) taken to the login step',
      evidence: withAnswers((b) => ({ plain: loginRedirect(b, 'plain') })),
      key: 'plain',
      severity: 'high',
    },
    {
      name: 'both variants accepted',
      evidence: withAnswers((b) => ({ noPkce: loginRedirect(b, 'no-pkce'), plain: loginPage(b, 'plain') })),
      key: 'plain',
    },
  ],
  inconclusive: [
    ...SHARED_AUTHZ_CASES.inconclusive,
    {
      name: 'the no-PKCE page names PKCE, the plain page says nothing and no answer confirmed the client',
      evidence: unconfirmed('<p>Missing parameter: code_challenge</p>'),
      reason: 'ambiguous',
    },
    {
      name: 'refused with another error code (invalid_scope)',
      evidence: withAnswers((b) => ({ noPkce: errorRedirect(b, 'no-pkce', 'invalid_scope') })),
      reason: 'ambiguous',
    },
    {
      name: 'redirected to an upstream identity provider (validation may be deferred until after login)',
      evidence: withAnswers((b) => ({
        noPkce: answer(b, 'no-pkce', {
          status: 302,
          location: 'https://idp.example.org/authorize?client_id=up',
        }),
      })),
      reason: 'ambiguous',
    },
    {
      name: 'error pages only, none naming PKCE, client never confirmed',
      evidence: unconfirmed(),
      reason: 'ambiguous',
    },
    {
      name: '200 without a form',
      evidence: withAnswers((b) => ({
        noPkce: answer(b, 'no-pkce', { status: 200, body: '{"ok":true}', mediaType: 'application/json' }),
      })),
      reason: 'ambiguous',
    },
    {
      name: 'rate limited (429)',
      evidence: withAnswers((b) => ({ noPkce: errorPage(b, 'no-pkce', 'slow down', 429) })),
      reason: 'rate_limited',
    },
    {
      name: 'server error (500)',
      evidence: withAnswers((b) => ({ plain: errorPage(b, 'plain', 'oops', 500) })),
      reason: 'fetch_failed',
    },
    {
      name: 'the request failed (connect)',
      evidence: withAnswers((b) => ({ noPkce: b.failed('connect') })),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    ...SHARED_AUTHZ_CASES.notApplicable,
    {
      name: 'the AS publishes no authorization_endpoint',
      evidence: authzEvidence((b, d) => {
        d.authorizationServers = [asObservation(b, goodAsMetadata({ authorization_endpoint: undefined }))];
        return { kind: 'skipped', reason: 'not_needed', detail: 'no authorization_endpoint' };
      }),
      reason: 'feature_absent',
    },
    {
      name: 'the AS metadata was not found (MCPP-ASM01 reports it)',
      evidence: authzEvidence((b, d) => {
        d.authorizationServers = [asObservation(b, null)];
        return { kind: 'skipped', reason: 'dependency_failed', detail: 'no metadata' };
      }),
      reason: 'feature_absent',
    },
  ],
});

describe('MCPP-ACT08 details', () => {
  it('one result per variant, keyed', () => {
    const { results } = runCheck(
      check,
      withAnswers((b) => ({ noPkce: loginRedirect(b, 'no-pkce') })),
    );
    expect(results.map((r) => [r.status, r.key])).toEqual([
      ['fail', 'no-pkce'],
      ['pass', 'plain'],
    ]);
  });

  it('a login step cites the exchange of that variant', () => {
    const ev = withAnswers((b) => ({ plain: loginPage(b, 'plain') }));
    const fail = runCheck(check, ev).results.find((r) => r.status === 'fail')!;
    expect(ev.exchanges.find((x) => x.id === fail.evidence[0])?.probe).toBe('i.authz(plain)');
  });
});
