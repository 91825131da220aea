import check from '../../../src/checks/mod/MCPP-MOD25.js';
import { testCheck } from '../../helpers/check-tester.js';
import { ack, legacyOnly, modernEvidence, rpcError, setModern, sseReply } from '../../helpers/modern.js';

testCheck(check, {
  pass: [{ name: 'listen stream carries the header', evidence: modernEvidence() }],
  fail: [
    {
      name: 'listen stream without it',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          listen: {
            filter: { toolsListChanged: true },
            requestId: 10,
            probe: b.ok(sseReply(b, [ack(10)], {})),
          },
        }),
      ),
      severity: 'info',
    },
    {
      name: 'header says yes',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          listen: {
            filter: { toolsListChanged: true },
            requestId: 10,
            probe: b.ok(sseReply(b, [ack(10)], { 'x-accel-buffering': 'yes' })),
          },
        }),
      ),
    },
  ],
  notApplicable: [
    {
      name: 'no SSE reply at all',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          listen: {
            filter: { toolsListChanged: true },
            requestId: 10,
            probe: b.ok(rpcError(b, 404, -32601)),
          },
        }),
      ),
      reason: 'feature_absent',
    },
    { name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' },
  ],
});
