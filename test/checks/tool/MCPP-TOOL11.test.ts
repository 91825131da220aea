import check from '../../../src/checks/tool/MCPP-TOOL11.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

testCheck(check, {
  pass: [
    {
      name: 'conforming names',
      evidence: surfaceEvidence({ tools: [tool('a.b-c_D9', 'A.'), tool('x', 'X.')] }),
    },
  ],
  fail: [
    {
      name: 'a namespaced name',
      evidence: surfaceEvidence({ tools: [tool('github/search', 'S.')] }),
      key: 'charset',
      severity: 'low',
    },
    {
      name: 'a too-long name',
      evidence: surfaceEvidence({ tools: [tool('n'.repeat(129), 'N.')] }),
      key: 'length',
    },
    {
      name: 'a duplicate',
      evidence: surfaceEvidence({ tools: [tool('dup', 'D.'), tool('dup', 'D.')] }),
      key: 'duplicate',
    },
  ],
  inconclusive: [{ name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' }],
});
