import check from '../../../src/checks/leg/MCPP-LEG07.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, passive, setLegacy, stateless } from '../../helpers/leg.js';

testCheck(check, {
  pass: [{ name: '404', evidence: evidence() }],
  fail: [
    {
      name: 'client-chosen session ID served',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { sessionUnknown: b.ok(b.reply({ result: { tools: [] } })) }),
      ),
      key: 'accepted',
      severity: 'medium',
    },
    {
      name: 'served over SSE with the same JSON-RPC error as the baseline',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          baseline: b.ok(b.reply({ error: { code: -32601, message: 'no tools' } })),
          sessionUnknown: b.ok(
            b.reply({ mediaType: 'text/event-stream', error: { code: -32601, message: 'no tools' } }),
          ),
        }),
      ),
      key: 'accepted',
      severity: 'medium',
    },
    {
      name: '400 (example routing)',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          sessionUnknown: b.ok(b.reply({ status: 400, error: { code: -32000, message: 'x' }, id: null })),
        }),
      ),
      key: '400',
      severity: 'low',
    },
    {
      name: '200 with a session-not-found JSON-RPC error',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          sessionUnknown: b.ok(b.reply({ status: 200, error: { code: -32001, message: 'x' }, id: null })),
        }),
      ),
      key: '200',
      severity: 'low',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    { name: 'passive scan', evidence: evidence((ev) => passive(ev)), reason: 'mode_disabled' },
    {
      name: '401 for the unknown ID',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { sessionUnknown: b.ok(b.reply({ status: 401, mediaType: null })) }),
      ),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [
    { name: 'no session issued', evidence: evidence((ev) => stateless(ev)), reason: 'feature_absent' },
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
