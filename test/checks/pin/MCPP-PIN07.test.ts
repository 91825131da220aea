import check from '../../../src/checks/pin/MCPP-PIN07.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { entry, pinEvidence, surface } from '../../lock/pin-evidence.js';

testCheck(check, {
  pass: [
    { name: 'protocol surface equal to the lock', evidence: pinEvidence(entry(), entry()) },
    {
      name: 'revisions unknown behind a wall are not compared',
      evidence: pinEvidence(
        entry({ surface: null, authRequired: true }),
        entry({ surface: null, authRequired: true, revisions: [] }),
      ),
    },
  ],
  fail: [
    {
      name: 'authorization no longer required is medium',
      evidence: pinEvidence(entry({ authRequired: true }), entry({ authRequired: false })),
      key: 'auth-required',
      severity: 'medium',
    },
    {
      name: 'downgraded to HTTP+SSE is medium',
      evidence: pinEvidence(entry(), entry({ transport: 'http+sse' })),
      key: 'transport',
      severity: 'medium',
    },
    {
      name: 'a version bump is low',
      evidence: pinEvidence(
        entry(),
        entry({ surface: surface({ serverInfo: { name: 'fixture', version: '1.0.1' } }) }),
      ),
      key: 'server-info',
      severity: 'low',
    },
    {
      name: 'capabilities changed is low',
      evidence: pinEvidence(entry(), entry({ capabilities: { tools: {}, prompts: {} } })),
      key: 'capabilities',
      severity: 'low',
    },
  ],
  notApplicable: [{ name: 'no lock given', evidence: evidence(), reason: 'feature_absent' }],
});
