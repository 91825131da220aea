import check from '../../../src/checks/tool/MCPP-TOOL12.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

testCheck(check, {
  pass: [
    {
      name: 'default and draft-07 schemas',
      evidence: surfaceEvidence({
        tools: [
          tool('a', 'A.', {
            inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
          }),
          tool('b', 'B.', {
            inputSchema: {
              $schema: 'http://json-schema.org/draft-07/schema#',
              type: 'object',
              properties: {},
              additionalProperties: false,
            },
          }),
        ],
      }),
    },
  ],
  fail: [
    {
      name: 'no input schema',
      evidence: surfaceEvidence({ tools: [{ name: 'n', description: 'N.' }] }),
      key: 'null',
      severity: 'medium',
    },
    {
      name: 'array root',
      evidence: surfaceEvidence({ tools: [tool('r', 'R.', { inputSchema: { type: 'array' } })] }),
      key: 'root-type',
    },
    {
      name: 'invalid keyword value',
      evidence: surfaceEvidence({
        tools: [tool('i', 'I.', { inputSchema: { type: 'object', required: 'q' } })],
      }),
      key: 'invalid',
    },
  ],
  inconclusive: [
    { name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' },
    {
      name: 'an unknown dialect',
      evidence: surfaceEvidence({
        tools: [
          tool('u', 'U.', { inputSchema: { $schema: 'https://example.org/my-dialect', type: 'object' } }),
        ],
      }),
      reason: 'ambiguous',
    },
  ],
});
