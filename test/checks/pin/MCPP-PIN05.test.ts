import check from '../../../src/checks/pin/MCPP-PIN05.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { entry, pinEvidence, PRM_FIELDS } from '../../lock/pin-evidence.js';

testCheck(check, {
  pass: [
    { name: 'PRM equal to the lock', evidence: pinEvidence(entry(), entry()) },
    {
      name: 'a reordered scope list is not a change (compared as sets)',
      evidence: pinEvidence(
        entry({ prm: { ...PRM_FIELDS(), scopes_supported: ['a', 'b'] } }),
        entry({ prm: { ...PRM_FIELDS(), scopes_supported: ['a', 'b'] } }),
      ),
    },
  ],
  fail: [
    {
      name: 'authorization_servers swapped is high',
      evidence: pinEvidence(
        entry(),
        entry({ prm: { ...PRM_FIELDS(), authorization_servers: ['https://evil.example'] } }),
      ),
      key: 'authorization_servers',
      severity: 'high',
    },
    {
      name: 'scopes_supported changed is medium',
      evidence: pinEvidence(
        entry(),
        entry({ prm: { ...PRM_FIELDS(), scopes_supported: ['mcp:tools', 'admin'] } }),
      ),
      key: 'scopes_supported',
      severity: 'medium',
    },
    {
      name: 'PRM withdrawn',
      evidence: pinEvidence(entry(), entry({ prm: null })),
      key: 'withdrawn',
      severity: 'medium',
    },
  ],
  notApplicable: [
    { name: 'no lock given', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'no PRM in the lock or now',
      evidence: pinEvidence(entry({ prm: null }), entry({ prm: null })),
      reason: 'feature_absent',
    },
  ],
});
