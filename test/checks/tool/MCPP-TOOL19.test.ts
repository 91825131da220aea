import check from '../../../src/checks/tool/MCPP-TOOL19.js';
import type { RpcReply } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import { toolProbeEvidence, walledSurface } from '../../surface/evidence.js';

testCheck(check, {
  pass: [
    {
      name: '-32602 Invalid params',
      evidence: toolProbeEvidence({
        cursor: (b) => b.ok<RpcReply>(b.reply({ error: { code: -32602, message: 'Invalid cursor' } })),
      }),
    },
  ],
  fail: [
    {
      name: 'the cursor ignored: the first page again',
      evidence: toolProbeEvidence({
        cursor: (b) => b.ok<RpcReply>(b.reply({ result: { tools: [{ name: 'echo' }] } })),
      }),
      key: 'ignored',
      severity: 'info',
    },
    {
      name: 'another code (-32603)',
      evidence: toolProbeEvidence({
        cursor: (b) => b.ok<RpcReply>(b.reply({ error: { code: -32603, message: 'Internal error' } })),
      }),
      key: 'code',
    },
    {
      name: 'HTTP 500 without a JSON-RPC error',
      evidence: toolProbeEvidence({ cursor: (b) => b.ok<RpcReply>(b.reply({ status: 500 })) }),
      key: 'code',
    },
  ],
  inconclusive: [
    {
      name: 'refused with 403',
      evidence: toolProbeEvidence({ cursor: (b) => b.ok<RpcReply>(b.reply({ status: 403 })) }),
      reason: 'auth_wall',
    },
    {
      name: 'not sent in passive mode',
      evidence: toolProbeEvidence({ cursor: () => ({ kind: 'skipped', reason: 'mode_disabled' }) }),
      reason: 'mode_disabled',
    },
    { name: 'behind a 401 wall, nothing listed', evidence: walledSurface(), reason: 'auth_wall' },
  ],
  notApplicable: [
    {
      name: 'no tools capability',
      evidence: toolProbeEvidence({ capabilities: { resources: {} } }),
      reason: 'feature_absent',
    },
  ],
});
