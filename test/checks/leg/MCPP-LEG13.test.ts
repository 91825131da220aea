import check from '../../../src/checks/leg/MCPP-LEG13.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, primed, sessionAt, setLegacy, sseReply } from '../../helpers/leg.js';

const message = { id: 'm1', event: 'message', data: '{"jsonrpc":"2.0","id":1,"result":{}}' };

testCheck(check, {
  pass: [
    {
      name: 'SSE replies start with a priming event',
      evidence: evidence((ev, b) => {
        setLegacy(ev, {
          init: sseReply(b, primed('s1-0', 's1-1'), b.initResult()),
          baseline: b.ok(sseReply(b, primed('s2-0', 's2-1'))),
        });
      }),
    },
  ],
  fail: [
    {
      name: 'SSE reply starts with the message',
      evidence: evidence((ev, b) => setLegacy(ev, { baseline: b.ok(sseReply(b, [message])) })),
      severity: 'info',
    },
    {
      name: 'first event has empty data but no ID',
      evidence: evidence((ev, b) => setLegacy(ev, { baseline: b.ok(sseReply(b, [{ data: '' }, message])) })),
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    {
      name: 'SSE reply without recorded events',
      evidence: evidence((ev, b) => setLegacy(ev, { baseline: b.ok(sseReply(b, [])) })),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [
    { name: 'JSON replies only', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'no 2025-11-25 support',
      evidence: evidence((ev) => sessionAt(ev, '2025-06-18', ['2025-03-26', '2025-06-18'])),
      reason: 'revision',
    },
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
