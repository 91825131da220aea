import check from '../../../src/checks/mod/MCPP-MOD21.js';
import type { ModernEvidence } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import { legacyOnly, listing, modernEvidence, setModern, TOOLS } from '../../helpers/modern.js';

const fresh = (tools: unknown[]) =>
  modernEvidence((ev, b) =>
    setModern(ev, { fresh: { method: 'tools/list', probe: listing(b, 'tools', tools) } }),
  );

testCheck(check, {
  pass: [{ name: 'same order', evidence: modernEvidence() }],
  fail: [{ name: 'reversed order', evidence: fresh([...TOOLS].reverse()), severity: 'low' }],
  inconclusive: [
    {
      name: 'sets differ',
      evidence: fresh([...TOOLS, { name: 'late', inputSchema: {} }]),
      reason: 'ambiguous',
    },
    {
      name: 'fresh listing was of prompts',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { fresh: { method: 'prompts/list', probe: listing(b, 'prompts', []) } }),
      ),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [
    {
      name: 'a single tool',
      evidence: modernEvidence((ev, b) => {
        const lists = [...(ev.modern as ModernEvidence).lists];
        lists[0] = { method: 'tools/list', probe: listing(b, 'tools', [TOOLS[0]]) };
        setModern(ev, { lists, fresh: { method: 'tools/list', probe: listing(b, 'tools', [TOOLS[0]]) } });
      }),
      reason: 'feature_absent',
    },
    { name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' },
  ],
});
