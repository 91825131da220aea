import check from '../../../src/checks/tool/MCPP-TOOL17.js';
import { testCheck } from '../../helpers/check-tester.js';
import { surfaceEvidence, tool } from '../../surface/evidence.js';

const icon = (src: string) => ({ icons: [{ src, mimeType: 'image/png' }] });

testCheck(check, {
  pass: [
    {
      name: 'same-origin https and data icons',
      evidence: surfaceEvidence({
        tools: [
          tool('a', 'A.', icon('http://127.0.0.1:3000/icon.png'.replace('http:', 'https:'))),
          tool('b', 'B.', icon('data:image/png;base64,AAAA')),
        ],
        serverInfo: { name: 's', version: '1', ...icon('data:image/svg+xml,%3Csvg%3E') },
      }),
    },
  ],
  fail: [
    {
      name: 'a javascript: icon',
      evidence: surfaceEvidence({ tools: [tool('a', 'A.', icon('javascript:alert(1)'))] }),
      key: 'scheme',
      severity: 'medium',
    },
    {
      name: 'a plain http icon on serverInfo',
      evidence: surfaceEvidence({
        serverInfo: { name: 's', version: '1', ...icon('http://cdn.example.com/i.png') },
      }),
      key: 'scheme',
    },
    {
      name: 'a CDN icon',
      evidence: surfaceEvidence({ prompts: [{ name: 'p', ...icon('https://cdn.example.com/i.png') }] }),
      key: 'cross-origin',
      severity: 'low',
    },
  ],
  notApplicable: [
    { name: 'no icons', evidence: surfaceEvidence({ tools: [tool('a', 'A.')] }), reason: 'feature_absent' },
  ],
});
