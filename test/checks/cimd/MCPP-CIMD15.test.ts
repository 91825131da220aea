import check from '../../../src/checks/cimd/MCPP-CIMD15.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  CONTROL_REJECTED,
  LOGIN,
  NOT_ADVERTISED,
  SHARED_CIMD_CASES,
  withCimdSpec,
} from '../../helpers/cimd-as.js';

testCheck(check, {
  pass: [
    { name: 'the redirecting URL rejected, its target never fetched', evidence: withCimdSpec() },
    { name: 'rejected, hosted at --cimd-base (no log)', evidence: withCimdSpec({ logged: false }) },
  ],
  fail: [
    {
      name: 'the document behind the redirect accepted',
      evidence: withCimdSpec({ requests: { redirecting: LOGIN } }),
      key: 'accepted',
      severity: 'low',
    },
    {
      name: 'rejected, but the log shows the redirect target fetched',
      evidence: withCimdSpec({
        extraLog: [
          {
            variant: 'redirect-target',
            path: '/x/redirect-target.json',
            method: 'GET',
            atMs: 5,
            status: 200,
          },
        ],
      }),
      key: 'followed',
      severity: 'low',
    },
  ],
  inconclusive: [...SHARED_CIMD_CASES.inconclusive, CONTROL_REJECTED],
  notApplicable: [NOT_ADVERTISED],
});
