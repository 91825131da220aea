import check from '../../../src/checks/leg/MCPP-LEG08.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, passive, setLegacy, stateless } from '../../helpers/leg.js';

testCheck(check, {
  pass: [{ name: 'DELETE 200, then 404', evidence: evidence() }],
  fail: [
    {
      name: 'session still usable after DELETE',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { sessionReuse: b.ok(b.reply({ result: { tools: [] } })) }),
      ),
      key: 'alive',
      severity: 'high',
    },
    {
      name: '400 after DELETE (example routing)',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          sessionReuse: b.ok(b.reply({ status: 400, error: { code: -32000, message: 'x' }, id: null })),
        }),
      ),
      key: '400',
      severity: 'medium',
    },
    {
      name: '500 after DELETE',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { sessionReuse: b.ok(b.reply({ status: 500, mediaType: 'text/html' })) }),
      ),
      key: '5xx',
      severity: 'medium',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    { name: 'passive scan', evidence: evidence((ev) => passive(ev)), reason: 'mode_disabled' },
    {
      name: 'DELETE answered 400: reuse not judged',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          delete: b.ok(b.reply({ status: 400, mediaType: null, method: 'DELETE' })),
          sessionReuse: { kind: 'skipped', reason: 'dependency_failed' },
        }),
      ),
      reason: 'ambiguous',
    },
    {
      name: 'reuse timed out',
      evidence: evidence((ev, b) => setLegacy(ev, { sessionReuse: b.failed('timeout') })),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'no session issued', evidence: evidence((ev) => stateless(ev)), reason: 'feature_absent' },
    {
      name: 'DELETE refused with 405',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          delete: b.ok(b.reply({ status: 405, mediaType: null, method: 'DELETE' })),
          sessionReuse: { kind: 'skipped', reason: 'dependency_failed' },
        }),
      ),
      reason: 'feature_absent',
    },
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
