import check from '../../../src/checks/act/MCPP-ACT06.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  SHARED_AUTHZ_CASES,
  answer,
  authzEvidence,
  authzProbes,
  errorPage,
  errorRedirect,
  loginRedirect,
  toClient,
  withAnswers,
} from '../../helpers/authz.js';
import { MCP_URL } from '../../helpers/oauth.js';

/** The foreign resource accepted up front (a login redirect), with a token whose `aud` is given. */
const acceptedWithToken = (aud: unknown) =>
  authzEvidence((b, d) => {
    d.tokenKind = 'jwt';
    d.tokenClaims = { iss: 'http://127.0.0.1:4000', ...(aud === undefined ? {} : { aud }) };
    return authzProbes(b, { foreignResource: loginRedirect(b, 'foreign-resource') });
  });

testCheck(check, {
  pass: [
    {
      name: 'error redirect to the registered redirect URI with invalid_target',
      evidence: withAnswers((b) => ({
        foreignResource: errorRedirect(b, 'foreign-resource', 'invalid_target'),
      })),
    },
    {
      name: 'a 400 error page saying invalid_target',
      evidence: withAnswers((b) => ({
        foreignResource: errorPage(
          b,
          'foreign-resource',
          '<pre>invalid_target: resource indicator is not recognised</pre>',
        ),
      })),
    },
  ],
  fail: [
    {
      name: 'accepted up front, and the supplied token has no audience',
      evidence: acceptedWithToken(undefined),
      key: 'unrestricted',
      severity: 'medium',
    },
    {
      name: 'accepted up front, and the supplied token names another audience',
      evidence: acceptedWithToken(['https://api.example']),
      key: 'unrestricted',
    },
  ],
  inconclusive: [
    ...SHARED_AUTHZ_CASES.inconclusive,
    {
      name: 'accepted up front (a login redirect, as oidc-provider does) without a token',
      evidence: withAnswers((b) => ({ foreignResource: loginRedirect(b, 'foreign-resource') })),
      reason: 'ambiguous',
    },
    {
      name: 'accepted up front, the supplied token restricted to the MCP server',
      evidence: acceptedWithToken(MCP_URL),
      reason: 'ambiguous',
    },
    {
      name: 'refused with another error (invalid_request)',
      evidence: withAnswers((b) => ({
        foreignResource: errorRedirect(b, 'foreign-resource', 'invalid_request'),
      })),
      reason: 'ambiguous',
    },
    {
      name: 'a code issued at once for the foreign resource, without a token',
      evidence: withAnswers((b) => ({
        foreignResource: answer(b, 'foreign-resource', { location: toClient({ code: 'abc' }) }),
      })),
      reason: 'ambiguous',
    },
    {
      name: 'evidence from before the foreign-resource probe (the other i.authz answers only)',
      evidence: withAnswers(() => ({})),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: SHARED_AUTHZ_CASES.notApplicable,
});
