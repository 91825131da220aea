import check from '../../../src/checks/leg/MCPP-LEG12.js';
import type { RpcMessage } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, evidence, modernOnly, passive, sessionAt, setLegacy } from '../../helpers/leg.js';

const two: RpcMessage[] = [
  { kind: 'response', id: 7, result: { tools: [] } },
  { kind: 'response', id: 8, result: { tools: [] } },
];

testCheck(check, {
  pass: [
    { name: '2025-11-25 session rejects with 400 -32600', evidence: evidence() },
    {
      name: '2025-11-25 session rejects with a single JSON-RPC error at 200',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          batch: b.ok(b.reply({ status: 200, error: { code: -32600, message: 'x' }, id: null })),
        }),
      ),
    },
    {
      name: '2025-03-26 session processes the batch (JSON array)',
      evidence: evidence((ev, b) => {
        sessionAt(ev, '2025-03-26');
        setLegacy(ev, { batch: b.ok(b.reply({ messages: two, bodyKind: 'json' })) });
      }),
    },
    {
      name: "main session 2025-11-25 rejects; the ladder's 2025-03-26 session processes it",
      evidence: evidence((ev, b) =>
        setLegacy(ev, { batch0326: b.ok(b.reply({ messages: two, bodyKind: 'json' })) }),
      ),
    },
  ],
  fail: [
    {
      name: 'main session 2025-11-25 rejects as it should; the 2025-03-26 session rejects too',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          batch0326: b.ok(b.reply({ status: 400, error: { code: -32600, message: 'x' }, id: null })),
        }),
      ),
      key: 'rejected-0326',
      severity: 'medium',
    },
    {
      name: '2025-11-25 session processes the batch',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { batch: b.ok(b.reply({ messages: two, bodyKind: 'json' })) }),
      ),
      key: 'processed',
      severity: 'low',
    },
    {
      name: '2025-03-26 session rejects the batch',
      evidence: evidence((ev) => sessionAt(ev, '2025-03-26')),
      key: 'rejected-0326',
      severity: 'medium',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    { name: 'passive scan', evidence: evidence((ev) => passive(ev)), reason: 'mode_disabled' },
    {
      name: '2025-11-25 session answers 502',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { batch: b.ok(b.reply({ status: 502, mediaType: 'text/html' })) }),
      ),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    {
      name: 'session negotiated 2024-11-05',
      evidence: evidence((ev) => sessionAt(ev, '2024-11-05')),
      reason: 'revision',
    },
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
