import check from '../../../src/checks/tool/MCPP-TOOL18.js';
import type { RpcReply } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import { asStdio, toolProbeEvidence, walledSurface } from '../../surface/evidence.js';

const unknownTool = { code: -32602, message: 'Unknown tool: mcp-posture-nonexistent-0123456789ab' };

testCheck(check, {
  pass: [
    {
      name: 'the -32602 "Unknown tool" protocol error',
      evidence: toolProbeEvidence({ unknown: (b) => b.ok<RpcReply>(b.reply({ error: unknownTool })) }),
    },
    {
      name: 'another JSON-RPC error code in a 400 (any protocol error)',
      evidence: toolProbeEvidence({
        unknown: (b) => b.ok<RpcReply>(b.reply({ status: 400, error: { code: -32601, message: 'no' } })),
      }),
    },
    {
      name: 'over stdio (no HTTP envelope)',
      evidence: toolProbeEvidence(
        {
          unknown: (b) => {
            const { exchange, messages, response, issues } = b.reply({ error: unknownTool });
            return b.ok<RpcReply>({ exchange, messages, response, issues });
          },
        },
        (ev) => asStdio(ev),
      ),
    },
  ],
  fail: [
    {
      name: 'a result with isError (the SDK 1.x answer)',
      evidence: toolProbeEvidence({
        unknown: (b) =>
          b.ok<RpcReply>(
            b.reply({
              result: { content: [{ type: 'text', text: 'Tool not found' }], isError: true },
            }),
          ),
      }),
      key: 'result',
      severity: 'low',
    },
    {
      name: 'a result without isError',
      evidence: toolProbeEvidence({
        unknown: (b) => b.ok<RpcReply>(b.reply({ result: { content: [] } })),
      }),
      key: 'result',
    },
    {
      name: 'HTTP 500, even with a JSON-RPC error in the body',
      evidence: toolProbeEvidence({
        unknown: (b) =>
          b.ok<RpcReply>(b.reply({ status: 500, error: { code: -32603, message: 'Internal error' } })),
      }),
      key: '5xx',
    },
  ],
  inconclusive: [
    {
      name: 'tools/call refused with 401 (AUTHN07 judges it)',
      evidence: toolProbeEvidence({ unknown: (b) => b.ok<RpcReply>(b.reply({ status: 401 })) }),
      reason: 'auth_wall',
    },
    {
      name: 'the call timed out',
      evidence: toolProbeEvidence({ unknown: (b) => b.failed<RpcReply>('timeout') }),
      reason: 'fetch_failed',
    },
    {
      name: 'a 404 without a JSON-RPC body',
      evidence: toolProbeEvidence({ unknown: (b) => b.ok<RpcReply>(b.reply({ status: 404 })) }),
      reason: 'ambiguous',
    },
    { name: 'behind a 401 wall, nothing listed', evidence: walledSurface(), reason: 'auth_wall' },
  ],
  notApplicable: [
    {
      name: 'no tools capability',
      evidence: toolProbeEvidence({
        capabilities: { prompts: {} },
        unknown: () => ({ kind: 'skipped', reason: 'not_needed', detail: 'no tools capability' }),
      }),
      reason: 'feature_absent',
    },
  ],
});
