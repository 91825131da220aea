import check from '../../../src/checks/cimd/MCPP-CIMD16.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  CONTROL_REJECTED,
  LOGIN,
  NOT_ADVERTISED,
  SHARED_CIMD_CASES,
  withCimdSpec,
} from '../../helpers/cimd-as.js';

testCheck(check, {
  pass: [{ name: 'the 64 KiB document rejected', evidence: withCimdSpec() }],
  fail: [
    {
      name: 'the 64 KiB document accepted',
      evidence: withCimdSpec({ requests: { oversized: LOGIN } }),
      key: 'accepted',
      severity: 'low',
    },
  ],
  inconclusive: [
    ...SHARED_CIMD_CASES.inconclusive,
    CONTROL_REJECTED,
    {
      name: 'a 5xx answer',
      evidence: withCimdSpec({ requests: { oversized: { status: 502 } } }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [NOT_ADVERTISED],
});
