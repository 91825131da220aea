import check from '../../../src/checks/cimd/MCPP-CIMD11.js';
import { testCheck } from '../../helpers/check-tester.js';
import { LOGIN, NOT_ADVERTISED, SHARED_CIMD_CASES, withCimdSpec } from '../../helpers/cimd-as.js';

testCheck(check, {
  pass: [
    { name: 'every special-use client ID refused at once', evidence: withCimdSpec({ specialUse: true }) },
  ],
  fail: [
    {
      name: 'an error quoting a failed fetch',
      evidence: withCimdSpec({
        specialUse: true,
        requests: {
          'special-use:loopback-v4': {
            status: 400,
            body: '<pre>client_id metadata document fetch failed: connect ECONNREFUSED</pre>',
          },
        },
      }),
      key: 'loopback-v4',
      severity: 'medium',
    },
    {
      name: 'a rejection near a connect timeout',
      evidence: withCimdSpec({
        specialUse: true,
        requests: { 'special-use:private-10': { durationMs: 2_600 } },
      }),
      key: 'private-10',
      severity: 'medium',
    },
    {
      name: 'accepted',
      evidence: withCimdSpec({ specialUse: true, requests: { 'special-use:metadata-link-local': LOGIN } }),
      key: 'metadata-link-local',
      severity: 'medium',
    },
  ],
  inconclusive: [
    ...SHARED_CIMD_CASES.inconclusive,
    { name: 'without the separate opt-in', evidence: withCimdSpec(), reason: 'mode_disabled' },
    {
      name: 'a redirect elsewhere',
      evidence: withCimdSpec({
        specialUse: true,
        requests: { 'special-use:loopback-v6': { location: 'https://idp.example/x' } },
      }),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [NOT_ADVERTISED],
});
