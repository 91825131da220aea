import check from '../../../src/checks/authn/MCPP-AUTHN05.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { challenge, PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [
    { name: 'anonymous challenges without error', evidence: oauthEvidence() },
    {
      name: 'error="invalid_token" only where a token was sent',
      evidence: oauthEvidence((d, b) => {
        d.challenges.push(
          challenge(b, {
            params: { error: 'invalid_token', resource_metadata: PRM_URL },
            credentialsSent: true,
            probe: 's.token.garbage',
          }),
        );
      }),
    },
  ],
  fail: [
    {
      name: 'SDK middleware sends invalid_token without credentials',
      evidence: oauthEvidence((d, b) => {
        d.challenges = [
          challenge(b, { params: { error: 'invalid_token', error_description: 'Missing token' } }),
        ];
      }),
      key: 'invalid_token',
      severity: 'low',
    },
    {
      name: 'invalid_request on one anonymous request',
      evidence: oauthEvidence((d, b) => {
        d.challenges.push(challenge(b, { params: { error: 'invalid_request' }, probe: 's.methods.noauth' }));
      }),
      key: 'invalid_request',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'no Bearer challenge observed',
      evidence: oauthEvidence((d) => {
        d.challenges = [];
      }),
      reason: 'feature_absent',
    },
  ],
});
