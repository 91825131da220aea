import check from '../../../src/checks/cimd/MCPP-CIMD14.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  consentPage,
  ERROR_PAGE,
  LOGIN,
  LOGIN_PAGE,
  NOT_ADVERTISED,
  SHARED_CIMD_CASES,
  withCimdSpec,
} from '../../helpers/cimd-as.js';

const consent = (text: string) => withCimdSpec({ requests: { 'localhost-only': consentPage(text) } });

testCheck(check, {
  pass: [
    {
      name: 'a consent page naming 127.0.0.1 with a warning',
      evidence: consent(
        'mcp-posture wants access. Code goes to 127.0.0.1. Warning: this app runs only on this device.',
      ),
    },
  ],
  fail: [
    {
      name: 'a consent page without the redirect host',
      evidence: consent('mcp-posture wants access.'),
      key: 'hostname',
      severity: 'low',
    },
    {
      name: 'a consent page with the host but no warning',
      evidence: consent('mcp-posture wants access; you will return to 127.0.0.1.'),
      key: 'warning',
      severity: 'low',
    },
  ],
  inconclusive: [
    ...SHARED_CIMD_CASES.inconclusive,
    {
      name: 'a login redirect first (the usual case)',
      evidence: withCimdSpec({ requests: { 'localhost-only': LOGIN } }),
      reason: 'ambiguous',
    },
    {
      name: 'a login page first',
      evidence: withCimdSpec({ requests: { 'localhost-only': LOGIN_PAGE } }),
      reason: 'ambiguous',
    },
    {
      name: 'the localhost-only document rejected',
      evidence: withCimdSpec({ requests: { 'localhost-only': ERROR_PAGE } }),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [NOT_ADVERTISED],
});
