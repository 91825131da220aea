import check from '../../../src/checks/leg/MCPP-LEG04.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, setLegacy } from '../../helpers/leg.js';

testCheck(check, {
  pass: [
    { name: '202 without a body', evidence: evidence() },
    {
      name: '202 on a stateless server',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { sessionId: null, initialized: b.ok(b.reply({ status: 202, mediaType: null })) }),
      ),
    },
  ],
  fail: [
    {
      name: '200 instead of 202',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { initialized: b.ok(b.reply({ status: 200, mediaType: null })) }),
      ),
      key: 'status',
      severity: 'low',
    },
    {
      name: '202 with a body',
      evidence: evidence((ev, b) => {
        const reply = b.reply({ status: 202, mediaType: 'text/plain', bodyKind: 'other' });
        const x = b.exchanges.find((e) => e.id === reply.exchange)!;
        b.exchanges[b.exchanges.indexOf(x)] = {
          ...x,
          response: { ...x.response!, body: 'Accepted', bodyBytes: 8 },
        };
        setLegacy(ev, { initialized: b.ok(reply) });
      }),
      key: 'body',
      severity: 'low',
    },
    {
      name: 'notifications/initialized refused with 400',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          initialized: b.ok(b.reply({ status: 400, error: { code: -32600, message: 'x' }, id: null })),
        }),
      ),
      key: 'rejected',
      severity: 'medium',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    {
      name: 'notification timed out',
      evidence: evidence((ev, b) => setLegacy(ev, { initialized: b.failed('timeout') })),
      reason: 'fetch_failed',
    },
    {
      name: 'notification answered 401',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { initialized: b.ok(b.reply({ status: 401, mediaType: null })) }),
      ),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
    {
      name: 'HTTP+SSE target',
      evidence: evidence((ev) => {
        ev.detection.transport = 'http+sse';
      }),
      reason: 'transport',
    },
  ],
});
