import check from '../../../src/checks/mod/MCPP-MOD26.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  ack,
  authWalled,
  discoverResult,
  legacyOnly,
  modernEvidence,
  setModern,
  sseReply,
} from '../../helpers/modern.js';

const log = {
  kind: 'notification' as const,
  method: 'notifications/message',
  params: { level: 'info', data: 'x' },
};

testCheck(check, {
  pass: [{ name: 'no log notifications', evidence: modernEvidence() }],
  fail: [
    {
      name: 'log on a discover reply',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          lastEventId: b.ok(sseReply(b, [log, { kind: 'response', id: 1, result: discoverResult() }])),
        }),
      ),
      key: 'server/discover',
      severity: 'low',
    },
    {
      name: 'log on the listen stream',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          listen: {
            filter: { toolsListChanged: true },
            requestId: 10,
            probe: b.ok(sseReply(b, [ack(10), log])),
          },
        }),
      ),
      key: 'subscriptions/listen',
    },
  ],
  inconclusive: [{ name: 'auth wall', evidence: modernEvidence(authWalled), reason: 'auth_wall' }],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
