import { expect, it } from 'vitest';

import act07 from '../../../src/checks/act/MCPP-ACT07.js';
import check from '../../../src/checks/cimd/MCPP-CIMD13.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  CONTROL_REJECTED,
  LOGIN,
  NOT_ADVERTISED,
  SHARED_CIMD_CASES,
  UNREGISTERED,
  withCimdSpec,
} from '../../helpers/cimd-as.js';

testCheck(check, {
  pass: [
    { name: 'a 400 error page for the unregistered redirect_uri', evidence: withCimdSpec() },
    {
      name: 'an error redirect on the AS itself',
      evidence: withCimdSpec({
        requests: { 'bad-redirect': { location: '/error?error=invalid_redirect_uri' } },
      }),
    },
  ],
  fail: [
    {
      name: 'a redirect to the unregistered host',
      evidence: withCimdSpec({
        requests: { 'bad-redirect': { location: `${UNREGISTERED}?code=abc&state=s` } },
      }),
      key: 'redirect',
      severity: 'critical',
    },
    {
      name: 'an error redirect to the unregistered host counts too',
      evidence: withCimdSpec({
        requests: { 'bad-redirect': { location: `${UNREGISTERED}?error=invalid_request&state=s` } },
      }),
      key: 'redirect',
      severity: 'critical',
    },
    {
      name: 'a login step for the unregistered redirect_uri',
      evidence: withCimdSpec({ requests: { 'bad-redirect': LOGIN } }),
      key: 'consent',
      severity: 'high',
    },
  ],
  inconclusive: [...SHARED_CIMD_CASES.inconclusive, CONTROL_REJECTED],
  notApplicable: [NOT_ADVERTISED],
});

it('MCPP-CIMD13 and MCPP-ACT07 merge with each other', () => {
  expect(check.meta.rating.mergesWith).toBe('MCPP-ACT07');
  expect(act07.meta.rating.mergesWith).toBe('MCPP-CIMD13');
});
