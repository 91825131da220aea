import check from '../../../src/checks/tool/MCPP-TOOL16.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

testCheck(check, {
  pass: [
    {
      name: 'local references',
      evidence: surfaceEvidence({
        tools: [
          tool('a', 'A.', {
            inputSchema: {
              type: 'object',
              $defs: { x: { type: 'string' } },
              properties: { q: { $ref: '#/$defs/x' } },
            },
          }),
        ],
      }),
    },
  ],
  fail: [
    {
      name: 'an absolute https reference',
      evidence: surfaceEvidence({
        tools: [
          tool('a', 'A.', {
            inputSchema: {
              type: 'object',
              properties: { q: { $ref: 'https://schemas.example.net/q.json' } },
            },
          }),
        ],
      }),
      key: 'network',
      severity: 'low',
    },
    {
      name: 'a relative reference against a network $id in the output schema',
      evidence: surfaceEvidence({
        tools: [
          tool('a', 'A.', {
            outputSchema: {
              $id: 'https://schemas.example.net/root.json',
              type: 'object',
              properties: { r: { $ref: 'other.json' } },
            },
          }),
        ],
      }),
      key: 'network',
    },
  ],
  inconclusive: [{ name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' }],
});
