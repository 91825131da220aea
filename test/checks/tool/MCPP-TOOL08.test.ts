import check from '../../../src/checks/tool/MCPP-TOOL08.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

const schema = (properties: Record<string, unknown>) => ({ inputSchema: { type: 'object', properties } });

testCheck(check, {
  pass: [
    {
      name: 'constrained URL, path and command parameters',
      evidence: surfaceEvidence({
        tools: [
          tool(
            'fetch',
            'Fetches.',
            schema({
              url: { type: 'string', format: 'uri' },
              path: { type: 'string', maxLength: 4096 },
              command: { type: 'string', enum: ['status', 'log'] },
              note: { type: 'string' },
            }),
          ),
        ],
      }),
    },
  ],
  fail: [
    {
      name: 'an unconstrained command is low',
      evidence: surfaceEvidence({
        tools: [tool('exec', 'Runs.', schema({ command: { type: 'string', pattern: '.*' } }))],
      }),
      key: 'command',
      severity: 'low',
    },
    {
      name: 'a nested unconstrained path is info',
      evidence: surfaceEvidence({
        tools: [
          tool(
            'copy',
            'Copies.',
            schema({
              items: {
                type: 'array',
                items: { type: 'object', properties: { file_path: { type: 'string' } } },
              },
            }),
          ),
        ],
      }),
      key: 'items[].file_path',
      severity: 'info',
    },
  ],
  inconclusive: [{ name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' }],
});
