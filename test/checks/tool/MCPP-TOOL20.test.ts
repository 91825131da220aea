import check from '../../../src/checks/tool/MCPP-TOOL20.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

const many = (n: number, description = 'Does one thing.') =>
  Array.from({ length: n }, (_, i) => tool(`t${i}`, description));

testCheck(check, {
  pass: [{ name: '128 short tools', evidence: surfaceEvidence({ tools: many(128) }) }],
  fail: [
    { name: '129 tools', evidence: surfaceEvidence({ tools: many(129) }), key: 'count', severity: 'info' },
    {
      name: 'a large serialized list',
      evidence: surfaceEvidence({ tools: many(40, 'x'.repeat(3000)) }),
      key: 'size',
      severity: 'info',
    },
  ],
  inconclusive: [{ name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' }],
});
