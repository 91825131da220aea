import check from '../../../src/checks/prm/MCPP-PRM07.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm, knownRevisions } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [{ name: 'scopes advertised', evidence: oauthEvidence() }],
  fail: [
    {
      name: 'scopes_supported absent',
      evidence: oauthEvidence((d, b) => {
        const { scopes_supported: _drop, ...rest } = goodPrm();
        setPrm(d, b, rest);
      }),
      key: 'absent',
      severity: 'low',
    },
    {
      name: 'scopes_supported empty',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ scopes_supported: [] }))),
      key: 'empty',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'only 2025-03-26 known',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-03-26'])),
      reason: 'revision',
    },
  ],
});
