import check from '../../../src/checks/tool/MCPP-TOOL10.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

function nested(levels: number): Record<string, unknown> {
  let s: Record<string, unknown> = { type: 'string', description: 'leaf' };
  for (let i = 0; i < levels; i++) s = { type: 'object', properties: { p: s } };
  return s;
}

testCheck(check, {
  pass: [
    {
      name: 'a moderately nested schema',
      evidence: surfaceEvidence({ tools: [tool('t', 'T.', { inputSchema: nested(10) })] }),
    },
  ],
  fail: [
    {
      name: 'a schema deeper than the limit',
      evidence: surfaceEvidence({ tools: [tool('t', 'T.', { inputSchema: nested(40) })] }),
      key: 'depth',
      severity: 'medium',
    },
  ],
  inconclusive: [{ name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' }],
});
