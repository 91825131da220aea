import check from '../../../src/checks/mod/MCPP-MOD03.js';
import type { ModernEvidence } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWalled, legacyOnly, listing, modernEvidence, setModern } from '../../helpers/modern.js';

testCheck(check, {
  pass: [{ name: 'serverInfo on every result', evidence: modernEvidence() }],
  fail: [
    {
      name: 'tools/list without serverInfo',
      evidence: modernEvidence((ev, b) => {
        const lists = [...(ev.modern as ModernEvidence).lists];
        lists[0] = { method: 'tools/list', probe: listing(b, 'tools', [], { _meta: {} }) };
        setModern(ev, { lists });
      }),
      key: 'tools/list',
      severity: 'info',
    },
    {
      name: 'serverInfo without a version',
      evidence: modernEvidence((ev, b) => {
        const lists = [...(ev.modern as ModernEvidence).lists];
        lists[1] = {
          method: 'prompts/list',
          probe: listing(b, 'prompts', [], {
            _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'x' } },
          }),
        };
        setModern(ev, { lists });
      }),
      key: 'prompts/list',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: modernEvidence(authWalled), reason: 'auth_wall' },
    {
      name: 'evidence from before the modern probes',
      evidence: modernEvidence((ev, b) => Object.assign(ev, { modern: { versionBad: b.skipped() } })),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
