import check from '../../../src/checks/prm/MCPP-PRM08.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

const resource = (r: unknown) => oauthEvidence((d, b) => setPrm(d, b, goodPrm({ resource: r })));

testCheck(check, {
  pass: [{ name: 'plain resource', evidence: oauthEvidence() }],
  fail: [
    {
      name: 'fragment',
      evidence: resource('http://127.0.0.1:3000/mcp#main'),
      key: 'fragment',
      severity: 'high',
    },
    {
      name: 'tenant in the query',
      evidence: resource('http://127.0.0.1:3000/mcp?tenant=a'),
      key: 'query',
      severity: 'low',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    { name: 'resource missing (PRM03)', evidence: resource(42), reason: 'feature_absent' },
  ],
});
