import check from '../../../src/checks/leg/MCPP-LEG06.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, passive, setLegacy, stateless } from '../../helpers/leg.js';

testCheck(check, {
  pass: [
    { name: '400', evidence: evidence() },
    {
      name: 'served (sessions optional)',
      evidence: evidence((ev, b) => setLegacy(ev, { sessionNone: b.ok(b.reply({ result: { tools: [] } })) })),
    },
  ],
  fail: [
    {
      name: '404',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          sessionNone: b.ok(b.reply({ status: 404, error: { code: -32001, message: 'x' }, id: null })),
        }),
      ),
      key: '404',
      severity: 'low',
    },
    {
      name: '401 although the session request was served',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { sessionNone: b.ok(b.reply({ status: 401, mediaType: null })) }),
      ),
      key: 'auth',
      severity: 'medium',
    },
    {
      name: '500',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { sessionNone: b.ok(b.reply({ status: 500, mediaType: 'text/html' })) }),
      ),
      key: '5xx',
      severity: 'low',
    },
    {
      name: '200 with a JSON-RPC error',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          sessionNone: b.ok(b.reply({ status: 200, error: { code: -32000, message: 'x' }, id: null })),
        }),
      ),
      key: 'status',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    { name: 'passive scan', evidence: evidence((ev) => passive(ev)), reason: 'mode_disabled' },
    {
      name: '403 when the session request was not served either',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          baseline: b.ok(b.reply({ status: 403, mediaType: null })),
          sessionNone: b.ok(b.reply({ status: 403, mediaType: null })),
        }),
      ),
      reason: 'auth_wall',
    },
    {
      name: 'rate limited',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { sessionNone: b.ok(b.reply({ status: 429, mediaType: null })) }),
      ),
      reason: 'rate_limited',
    },
  ],
  notApplicable: [
    { name: 'no session issued', evidence: evidence((ev) => stateless(ev)), reason: 'feature_absent' },
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
