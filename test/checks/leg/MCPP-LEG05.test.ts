import check from '../../../src/checks/leg/MCPP-LEG05.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, passive, setLegacy } from '../../helpers/leg.js';

testCheck(check, {
  pass: [
    { name: '405', evidence: evidence() },
    {
      name: 'SSE stream (silent)',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          get: b.ok(b.reply({ status: 200, mediaType: 'text/event-stream', bodyKind: 'sse', method: 'GET' })),
        }),
      ),
    },
  ],
  fail: [
    {
      name: '404 (stream on another path)',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { get: b.ok(b.reply({ status: 404, mediaType: 'text/html', method: 'GET' })) }),
      ),
      key: '404',
      severity: 'medium',
    },
    {
      name: '200 with JSON',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          get: b.ok(b.reply({ status: 200, mediaType: 'application/json', bodyKind: 'json', method: 'GET' })),
        }),
      ),
      key: '200',
    },
    {
      name: '400 for a valid session',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          get: b.ok(b.reply({ status: 400, error: { code: -32000, message: 'x' }, id: null, method: 'GET' })),
        }),
      ),
      key: '400',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    { name: 'passive scan', evidence: evidence((ev) => passive(ev)), reason: 'mode_disabled' },
    {
      name: 'GET answered 401',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { get: b.ok(b.reply({ status: 401, mediaType: null, method: 'GET' })) }),
      ),
      reason: 'auth_wall',
    },
    {
      name: 'GET headers never arrived',
      evidence: evidence((ev, b) => setLegacy(ev, { get: b.failed('timeout') })),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
