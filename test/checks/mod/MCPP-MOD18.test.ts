import check from '../../../src/checks/mod/MCPP-MOD18.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  discoverResult,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setDiscover,
  setModern,
  sseReply,
} from '../../helpers/modern.js';

const replayed = {
  kind: 'notification' as const,
  method: 'notifications/progress',
  params: { progress: 1 },
};

testCheck(check, {
  pass: [
    { name: 'served normally', evidence: modernEvidence() },
    {
      name: 'the same extra message without the header',
      evidence: modernEvidence((ev, b) => {
        const reply = () => sseReply(b, [replayed, { kind: 'response', id: 1, result: discoverResult() }]);
        setDiscover(ev, b.ok(reply()));
        setModern(ev, { lastEventId: b.ok(reply()) });
      }),
    },
  ],
  fail: [
    {
      name: 'rejected',
      evidence: modernEvidence((ev, b) => setModern(ev, { lastEventId: b.ok(rpcError(b, 400, -32600)) })),
      key: 'rejected',
      severity: 'info',
    },
    {
      name: 'events replayed',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          lastEventId: b.ok(sseReply(b, [replayed, { kind: 'response', id: 1, result: discoverResult() }])),
        }),
      ),
      key: 'replay',
    },
  ],
  inconclusive: [{ name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' }],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
