import { expect, it } from 'vitest';

import check from '../../../src/checks/cimd/MCPP-CIMD10.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import {
  CONTROL_REJECTED,
  LOGIN,
  NOT_ADVERTISED,
  SHARED_CIMD_CASES,
  withCimdSpec,
} from '../../helpers/cimd-as.js';

testCheck(check, {
  pass: [
    { name: 'every malformed shape rejected', evidence: withCimdSpec() },
    {
      name: 'every malformed shape rejected, hosted at --cimd-base (no log)',
      evidence: withCimdSpec({ logged: false }),
    },
  ],
  fail: [
    {
      name: 'an http client ID reaches the login',
      evidence: withCimdSpec({ requests: { 'url-shape:http-scheme': LOGIN } }),
      key: 'http-scheme',
      severity: 'medium',
    },
    {
      name: 'a no-path client ID rejected only after it was fetched',
      evidence: withCimdSpec({ requests: { 'url-shape:no-path': { fetches: 2 } } }),
      key: 'no-path',
      severity: 'medium',
    },
    {
      name: 'a dot-segment client ID reaches the login',
      evidence: withCimdSpec({ requests: { 'url-shape:dot-segment': LOGIN } }),
      key: 'dot-segment',
      severity: 'medium',
    },
  ],
  inconclusive: [...SHARED_CIMD_CASES.inconclusive, CONTROL_REJECTED],
  // Hosted at --cimd-base there is no log: a rejection is all that can be seen.
  notApplicable: [NOT_ADVERTISED],
});

it('MCPP-CIMD10 gives one result per shape, at medium confidence when failing', () => {
  const { results } = runCheck(check, withCimdSpec({ requests: { 'url-shape:userinfo': LOGIN } }));
  expect(results.map((r) => `${r.key}:${r.status}`)).toEqual([
    'http-scheme:pass',
    'no-path:pass',
    'userinfo:fail',
    'fragment:pass',
    'dot-segment:pass',
  ]);
  expect(results.find((r) => r.status === 'fail')!.confidence).toBe('medium');
});
