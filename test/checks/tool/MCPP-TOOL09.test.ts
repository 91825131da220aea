import check from '../../../src/checks/tool/MCPP-TOOL09.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

testCheck(check, {
  pass: [
    {
      name: 'distinct ASCII names',
      evidence: surfaceEvidence({
        tools: [tool('read_file', 'R.'), tool('write_file', 'W.'), tool('read_file', 'R.')],
      }),
    },
  ],
  fail: [
    {
      name: 'a Cyrillic look-alike',
      evidence: surfaceEvidence({ tools: [tool('send_email', 'S.'), tool('s\u0435nd_email', 'S.')] }),
      key: 'confusable',
      severity: 'medium',
    },
    {
      name: 'non-ASCII name',
      evidence: surfaceEvidence({ tools: [tool('r\u00e9sum\u00e9', 'S.')] }),
      key: 'non-ascii',
    },
    {
      name: 'separator collision',
      evidence: surfaceEvidence({ tools: [tool('get-user', 'G.'), tool('get_user', 'G.')] }),
      key: 'collision',
    },
    {
      name: 'digit folding',
      evidence: surfaceEvidence({ tools: [tool('paypal_pay', 'L.'), tool('paypa1_pay', 'L.')] }),
      key: 'confusable',
    },
    {
      name: 'conflicting definitions',
      evidence: surfaceEvidence({ tools: [tool('ping', 'A.'), tool('ping', 'B.')] }),
      key: 'conflict',
    },
  ],
  inconclusive: [{ name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' }],
});
