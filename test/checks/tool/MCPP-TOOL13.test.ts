import check from '../../../src/checks/tool/MCPP-TOOL13.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool, walledSurface } from '../../surface/evidence.js';

testCheck(check, {
  pass: [
    {
      name: 'declared tools and prompts',
      evidence: surfaceEvidence({
        tools: [tool('a', 'A.')],
        prompts: [],
        capabilities: { tools: {}, prompts: {} },
      }),
    },
    {
      name: 'empty prompt and resource lists without the capabilities (nothing is offered)',
      evidence: surfaceEvidence({
        tools: [tool('a', 'A.')],
        prompts: [],
        resources: [],
        capabilities: { tools: {} },
      }),
    },
  ],
  fail: [
    {
      name: 'prompts served without the capability',
      evidence: surfaceEvidence({
        tools: [tool('a', 'A.')],
        prompts: [{ name: 'p' }],
        capabilities: { tools: {} },
      }),
      key: 'prompts',
      severity: 'medium',
    },
    {
      name: 'resource templates served without the capability',
      evidence: surfaceEvidence({
        tools: [],
        resourceTemplates: [{ name: 't', uriTemplate: 'file:///{path}' }],
        capabilities: { tools: {} },
      }),
      key: 'resources',
    },
  ],
  inconclusive: [{ name: 'behind a 401', evidence: walledSurface(), reason: 'auth_wall' }],
});
