import check from '../../../src/checks/cimd/MCPP-CIMD17.js';
import { testCheck } from '../../helpers/check-tester.js';
import { ERROR_PAGE, NOT_ADVERTISED, SHARED_CIMD_CASES, withCimdSpec } from '../../helpers/cimd-as.js';

testCheck(check, {
  pass: [
    { name: 'cached per max-age, the 404 fetched again', evidence: withCimdSpec() },
    {
      name: 'the 404 fetched again within the first request (oidc-provider resolves twice)',
      evidence: withCimdSpec({
        requests: { 'error-then-valid-1': { fetches: 2 }, 'error-then-valid-2': { fetches: 0 } },
      }),
    },
  ],
  fail: [
    {
      name: 'the max-age=3600 document fetched again',
      evidence: withCimdSpec({ requests: { 'cache-2': { fetches: 1 } } }),
      key: 'ignores-cache-headers',
      severity: 'low',
    },
    {
      name: 'the 404 cached: no fetch on the second request',
      evidence: withCimdSpec({ requests: { 'error-then-valid-2': { ...ERROR_PAGE, fetches: 0 } } }),
      key: 'caches-errors',
      severity: 'low',
    },
  ],
  inconclusive: [
    ...SHARED_CIMD_CASES.inconclusive,
    {
      name: 'hosted at --cimd-base: no request log',
      evidence: withCimdSpec({ logged: false }),
      reason: 'needs_callback_host',
    },
    {
      name: 'the cache variant never fetched',
      evidence: withCimdSpec({ requests: { 'cache-1': { ...ERROR_PAGE, fetches: 0 } } }),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [NOT_ADVERTISED],
});
