import check from '../../../src/checks/act/MCPP-ACT10.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence, setHttpTarget } from '../../helpers/evidence.js';
import { answer, authWall, publicTarget, setOrigin, sseEvidence } from '../../helpers/sse-act.js';

testCheck(check, {
  pass: [
    { name: 'foreign Host answered 403 on loopback', evidence: evidence() },
    {
      name: 'foreign Host answered 421 on a private address',
      evidence: evidence((ev, b) => {
        setHttpTarget(ev, { hostname: '10.0.0.5', address: '10.0.0.5', scope: 'private' });
        setOrigin(ev, { host: answer(b, 421) });
      }),
    },
    {
      name: 'HTTP+SSE stream refused for a foreign Host',
      evidence: sseEvidence({}, (ev, b) => {
        setOrigin(ev, { host: answer(b, 403) });
      }),
    },
    {
      name: 'refused with a JSON-RPC error where the original got a result',
      evidence: evidence((ev, b) => {
        setOrigin(ev, { host: answer(b, 200, { error: true }) });
      }),
    },
  ],
  fail: [
    {
      name: 'foreign Host served on loopback',
      evidence: evidence((ev, b) => {
        setOrigin(ev, { host: answer(b, 200) });
      }),
      key: 'served',
      severity: 'high',
    },
    {
      name: 'HTTP+SSE stream opened for a foreign Host',
      evidence: sseEvidence({}, (ev, b) => {
        setOrigin(ev, {
          host: b.ok(b.reply({ status: 200, mediaType: 'text/event-stream', method: 'GET' })),
        });
      }),
      key: 'served',
    },
  ],
  inconclusive: [
    {
      name: 'foreign Host and original both 401',
      evidence: evidence((ev, b) => {
        authWall(ev, b);
      }),
      reason: 'auth_wall',
    },
    {
      name: 'foreign Host answered 502',
      evidence: evidence((ev, b) => {
        setOrigin(ev, { host: answer(b, 502) });
      }),
      reason: 'fetch_failed',
    },
    {
      name: 'probe reset',
      evidence: evidence((ev, b) => {
        setOrigin(ev, { host: b.failed('reset') });
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'public target', evidence: evidence((ev) => publicTarget(ev, false)), reason: 'target_scope' },
    {
      name: 'probe skipped for scope',
      evidence: evidence((ev) => {
        setHttpTarget(ev, { scope: 'unknown' });
        setOrigin(ev, { host: { kind: 'skipped', reason: 'target_scope' } });
      }),
      reason: 'target_scope',
    },
  ],
});
