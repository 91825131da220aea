import check from '../../../src/checks/scp/MCPP-SCP02.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { challenge, knownRevisions, PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [
    { name: 'the challenge names the scope', evidence: oauthEvidence() },
    {
      name: 'one challenge carries scope, another does not',
      evidence: oauthEvidence((d, b) => {
        d.challenges.push(
          challenge(b, { params: { resource_metadata: PRM_URL }, probe: 's.methods.noauth' }),
        );
      }),
    },
  ],
  fail: [
    {
      name: 'no scope in any challenge',
      evidence: oauthEvidence((d, b) => {
        d.challenges = [challenge(b, { params: { resource_metadata: PRM_URL } })];
      }),
      severity: 'low',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'only 2025-06-18 known (SHOULD starts at 2025-11-25)',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-06-18'])),
      reason: 'revision',
    },
    {
      name: 'no 401 Bearer challenge',
      evidence: oauthEvidence((d) => {
        d.challenges = [];
      }),
      reason: 'feature_absent',
    },
  ],
});
