import check from '../../../src/checks/prm/MCPP-PRM06.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [
    { name: 'header only', evidence: oauthEvidence() },
    {
      name: 'member absent',
      evidence: oauthEvidence((d, b) => {
        const { bearer_methods_supported: _drop, ...rest } = goodPrm();
        setPrm(d, b, rest);
      }),
    },
    {
      name: 'body is unusual but not flagged',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, goodPrm({ bearer_methods_supported: ['header', 'body'] })),
      ),
    },
  ],
  fail: [
    {
      name: 'query advertised',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, goodPrm({ bearer_methods_supported: ['header', 'query'] })),
      ),
      severity: 'high',
    },
    {
      name: 'query as a bare string',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ bearer_methods_supported: 'query' }))),
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'no PRM',
      evidence: oauthEvidence((d, b) => setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' })),
      reason: 'feature_absent',
    },
  ],
});
