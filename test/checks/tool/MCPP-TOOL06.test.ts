import check from '../../../src/checks/tool/MCPP-TOOL06.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

testCheck(check, {
  pass: [
    {
      name: 'short fields and long but allowed instructions',
      evidence: surfaceEvidence({ tools: [tool('t', 'a'.repeat(1024))], instructions: 'b'.repeat(4096) }),
    },
  ],
  fail: [
    {
      name: 'a long description',
      evidence: surfaceEvidence({ tools: [tool('t', 'a'.repeat(1500))] }),
      key: 'description',
      severity: 'low',
    },
    {
      name: 'a very long description',
      evidence: surfaceEvidence({ tools: [tool('t', 'a'.repeat(5000))] }),
      key: 'description',
      severity: 'medium',
    },
    {
      name: 'very long instructions',
      evidence: surfaceEvidence({ instructions: 'c'.repeat(17000) }),
      key: 'instructions',
      severity: 'medium',
    },
  ],
  inconclusive: [{ name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' }],
});
