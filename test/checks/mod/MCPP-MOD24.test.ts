import check from '../../../src/checks/mod/MCPP-MOD24.js';
import type { ModernEvidence, RpcMessage } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { Ev } from '../../helpers/modern.js';
import { complete, legacyOnly, modernEvidence, setModern, sseReply } from '../../helpers/modern.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';

/** tools/list answered over SSE with `before` ahead of the response. */
const sseList = (before: RpcMessage[]) => (ev: Ev, b: EvidenceBuilder) => {
  const reply = sseReply(b, [...before, { kind: 'response', id: 50000, result: complete({ tools: [] }) }]);
  const lists = [...(ev.modern as ModernEvidence).lists];
  lists[0] = {
    method: 'tools/list',
    probe: b.ok({ items: [], pages: 1, truncated: false, replies: [reply] }, reply.exchange),
  };
  setModern(ev, { lists });
};

testCheck(check, {
  pass: [{ name: 'only the response on the stream', evidence: modernEvidence(sseList([])) }],
  fail: [
    {
      name: 'server-to-client request',
      evidence: modernEvidence(sseList([{ kind: 'request', id: 's1', method: 'roots/list' }])),
      key: 'request',
      severity: 'medium',
    },
    {
      name: 'progress without a progress token',
      evidence: modernEvidence(
        sseList([{ kind: 'notification', method: 'notifications/progress', params: { progress: 1 } }]),
      ),
      key: 'unrelated',
    },
  ],
  notApplicable: [
    {
      name: 'JSON replies only (the listen stream does not count)',
      evidence: modernEvidence(),
      reason: 'feature_absent',
    },
    { name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' },
  ],
});
