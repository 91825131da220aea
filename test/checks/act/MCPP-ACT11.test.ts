import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/act/MCPP-ACT11.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import {
  SHARED_AUTHZ_CASES,
  answer,
  authzEvidence,
  authzProbes,
  errorPage,
  errorRedirect,
  toClient,
  withAnswers,
} from '../../helpers/authz.js';
import { asObservation, goodAsMetadata, ISSUER } from '../../helpers/oauth.js';

/** Only the bogus response_type request is redirected; the others get error pages. */
const onlyBogus = (iss?: string | null) =>
  withAnswers((b) => ({
    noPkce: errorPage(b, 'no-pkce'),
    plain: errorPage(b, 'plain'),
    bogusResponseType: errorRedirect(b, 'bogus-response-type', 'unsupported_response_type', iss),
  }));

const withMetadata = (overrides: Record<string, unknown>) =>
  authzEvidence((b, d) => {
    d.authorizationServers = [asObservation(b, goodAsMetadata(overrides))];
    return authzProbes(b);
  });

testCheck(check, {
  pass: [
    {
      name: 'every error redirect carries iss equal to the issuer (oidc-provider)',
      evidence: withAnswers(() => ({})),
    },
    { name: 'only the bogus response_type error is redirected, with iss', evidence: onlyBogus() },
    {
      name: 'a fragment-encoded error response with iss',
      evidence: withAnswers((b) => ({
        bogusResponseType: answer(b, 'bogus-response-type', {
          location: toClient({ error: 'unsupported_response_type' }, 'fragment'),
        }),
      })),
    },
  ],
  fail: [
    {
      name: 'the error redirect carries no iss',
      evidence: onlyBogus(null),
      key: 'missing',
      severity: 'medium',
    },
    {
      name: 'iss differs from the issuer (trailing slash)',
      evidence: onlyBogus(`${ISSUER}/`),
      key: 'mismatch',
      severity: 'medium',
    },
    {
      name: 'the no-PKCE error redirect lacks iss while the bogus one has it',
      evidence: withAnswers((b) => ({ noPkce: errorRedirect(b, 'no-pkce', 'invalid_request', null) })),
      key: 'missing',
    },
    {
      name: 'one response without iss and one with another issuer',
      evidence: withAnswers((b) => ({
        noPkce: errorRedirect(b, 'no-pkce', 'invalid_request', null),
        plain: errorRedirect(b, 'plain', 'invalid_request', 'https://other-as.example'),
      })),
      key: 'mismatch',
    },
  ],
  inconclusive: [
    ...SHARED_AUTHZ_CASES.inconclusive,
    {
      name: 'no response redirected to the registered URI (error pages only)',
      evidence: withAnswers((b) => ({
        noPkce: errorPage(b, 'no-pkce'),
        plain: errorPage(b, 'plain'),
        bogusResponseType: errorPage(b, 'bogus-response-type'),
      })),
      reason: 'ambiguous',
    },
    {
      name: 'the bogus response_type request failed and nothing else was redirected',
      evidence: withAnswers((b) => ({
        noPkce: errorPage(b, 'no-pkce'),
        plain: errorPage(b, 'plain'),
        bogusResponseType: b.failed('reset'),
      })),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    ...SHARED_AUTHZ_CASES.notApplicable,
    {
      name: 'the flag is not advertised (MCPP-ASM11 reports it)',
      evidence: withMetadata({ authorization_response_iss_parameter_supported: undefined }),
      reason: 'feature_absent',
    },
    {
      name: 'the flag is false',
      evidence: withMetadata({ authorization_response_iss_parameter_supported: false }),
      reason: 'feature_absent',
    },
    {
      name: 'flag absent, even without a designated client',
      evidence: authzEvidence((b, d) => {
        d.authorizationServers = [
          asObservation(b, goodAsMetadata({ authorization_response_iss_parameter_supported: undefined })),
        ];
        return { kind: 'skipped', reason: 'not_designated' };
      }),
      reason: 'feature_absent',
    },
  ],
});

describe('MCPP-ACT11 details', () => {
  it('compares with the metadata issuer and cites every judged response', () => {
    const { results } = runCheck(
      check,
      withAnswers(() => ({})),
    );
    expect(results).toHaveLength(1);
    expect(results[0]!.status).toBe('pass');
    expect(results[0]!.evidence).toHaveLength(3);
    expect(results[0]!.message).toContain('i.authz(bogus-response-type), i.authz(no-pkce), i.authz(plain)');
  });

  it('both keys when one response lacks iss and another names someone else', () => {
    const { results } = runCheck(
      check,
      withAnswers((b) => ({
        noPkce: errorRedirect(b, 'no-pkce', 'invalid_request', null),
        plain: errorRedirect(b, 'plain', 'invalid_request', 'https://other-as.example'),
      })),
    );
    expect(results.map((r) => [r.status, r.key])).toEqual([
      ['fail', 'missing'],
      ['fail', 'mismatch'],
    ]);
  });
});
