import check from '../../../src/checks/cimd/MCPP-CIMD18.js';
import { testCheck } from '../../helpers/check-tester.js';
import { ERROR_PAGE, LOGIN, SHARED_CIMD_CASES, withCimdSpec } from '../../helpers/cimd-as.js';

testCheck(check, {
  pass: [
    { name: 'advertised, the valid document accepted', evidence: withCimdSpec() },
    {
      name: 'not advertised, rejected without a fetch',
      evidence: withCimdSpec({ advertised: false, requests: { valid: { ...ERROR_PAGE, fetches: 0 } } }),
    },
  ],
  fail: [
    {
      name: 'advertised, the valid document rejected',
      evidence: withCimdSpec({ requests: { valid: ERROR_PAGE } }),
      key: 'advertised-not-working',
      severity: 'medium',
    },
    {
      name: 'not advertised, yet accepted',
      evidence: withCimdSpec({ advertised: false, requests: { valid: LOGIN } }),
      key: 'working-not-advertised',
      severity: 'medium',
    },
    {
      name: 'not advertised, rejected, but fetched',
      evidence: withCimdSpec({ advertised: false, requests: { valid: { ...ERROR_PAGE, fetches: 1 } } }),
      key: 'working-not-advertised',
      severity: 'medium',
    },
  ],
  inconclusive: [
    ...SHARED_CIMD_CASES.inconclusive,
    {
      name: 'rejected, but the variants were served over http',
      evidence: withCimdSpec({ https: false, requests: { valid: ERROR_PAGE } }),
      reason: 'ambiguous',
    },
  ],
});
