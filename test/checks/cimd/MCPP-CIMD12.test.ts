import check from '../../../src/checks/cimd/MCPP-CIMD12.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  CONTROL_REJECTED,
  LOGIN,
  LOGIN_PAGE,
  NOT_ADVERTISED,
  SHARED_CIMD_CASES,
  withCimdSpec,
} from '../../helpers/cimd-as.js';

testCheck(check, {
  pass: [{ name: 'the mismatched document rejected, the valid one accepted', evidence: withCimdSpec() }],
  fail: [
    {
      name: 'a login redirect for the mismatched document',
      evidence: withCimdSpec({ requests: { mismatch: LOGIN } }),
      key: 'accepted',
      severity: 'high',
    },
    {
      name: 'a login page for the mismatched document',
      evidence: withCimdSpec({ requests: { mismatch: LOGIN_PAGE } }),
      key: 'accepted',
      severity: 'high',
    },
  ],
  inconclusive: [
    ...SHARED_CIMD_CASES.inconclusive,
    CONTROL_REJECTED,
    {
      name: 'rate limited',
      evidence: withCimdSpec({ requests: { mismatch: { status: 429 } } }),
      reason: 'rate_limited',
    },
  ],
  notApplicable: [NOT_ADVERTISED],
});
