import check from '../../../src/checks/cimd/MCPP-CIMD19.js';
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
  pass: [{ name: 'both invalid documents rejected', evidence: withCimdSpec() }],
  fail: [
    {
      name: 'invalid JSON accepted',
      evidence: withCimdSpec({ requests: { 'invalid-json': LOGIN } }),
      key: 'invalid-json',
      severity: 'medium',
    },
    {
      name: 'a document without redirect_uris accepted',
      evidence: withCimdSpec({ requests: { 'no-redirects': LOGIN_PAGE } }),
      key: 'no-redirects',
      severity: 'medium',
    },
  ],
  inconclusive: [...SHARED_CIMD_CASES.inconclusive, CONTROL_REJECTED],
  notApplicable: [NOT_ADVERTISED],
});
