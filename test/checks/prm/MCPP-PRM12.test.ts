import check from '../../../src/checks/prm/MCPP-PRM12.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

const algs = (v: unknown) =>
  oauthEvidence((d, b) => setPrm(d, b, goodPrm({ resource_signing_alg_values_supported: v })));

testCheck(check, {
  pass: [{ name: 'real algorithms only', evidence: algs(['RS256', 'ES256']) }],
  fail: [
    { name: 'none listed', evidence: algs(['RS256', 'none']), severity: 'medium' },
    { name: 'NONE in upper case', evidence: algs(['NONE']) },
  ],
  notApplicable: [
    { name: 'member absent', evidence: oauthEvidence(), reason: 'feature_absent' },
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
  ],
});
