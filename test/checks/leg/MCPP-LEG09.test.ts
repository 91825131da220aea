import check from '../../../src/checks/leg/MCPP-LEG09.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, setLegacy, stateless } from '../../helpers/leg.js';

testCheck(check, {
  pass: [
    { name: 'DELETE 200', evidence: evidence() },
    {
      name: 'DELETE 405',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { delete: b.ok(b.reply({ status: 405, mediaType: null, method: 'DELETE' })) }),
      ),
    },
  ],
  fail: [
    {
      name: '404 for a live session',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { delete: b.ok(b.reply({ status: 404, mediaType: null, method: 'DELETE' })) }),
      ),
      key: '404',
      severity: 'low',
    },
    {
      name: '500',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { delete: b.ok(b.reply({ status: 500, mediaType: null, method: 'DELETE' })) }),
      ),
      key: '5xx',
    },
    {
      name: 'timeout',
      evidence: evidence((ev, b) => setLegacy(ev, { delete: b.failed('timeout') })),
      key: 'timeout',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    {
      name: '404 when the session was never shown live',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          baseline: b.ok(b.reply({ status: 404, mediaType: null })),
          delete: b.ok(b.reply({ status: 404, mediaType: null, method: 'DELETE' })),
        }),
      ),
      reason: 'ambiguous',
    },
    {
      name: 'connection reset',
      evidence: evidence((ev, b) => setLegacy(ev, { delete: b.failed('reset') })),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'no session issued', evidence: evidence((ev) => stateless(ev)), reason: 'feature_absent' },
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
