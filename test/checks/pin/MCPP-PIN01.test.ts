import check from '../../../src/checks/pin/MCPP-PIN01.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { entry, pinEvidence, surface, TOOLS, withTools } from '../../lock/pin-evidence.js';

testCheck(check, {
  pass: [
    { name: 'surface equal to the lock', evidence: pinEvidence(entry(), entry()) },
    {
      name: 'a description changed (PIN03, not an addition)',
      evidence: withTools((t) => (t['echo']!['description'] = 'Echoes text back.')),
    },
    {
      name: 'a renamed tool is not an addition',
      evidence: withTools((t) => {
        t['echo2'] = { ...t['echo']!, name: 'echo2' };
        delete t['echo'];
      }),
    },
  ],
  fail: [
    {
      name: 'a tool added',
      evidence: withTools(
        (t) => (t['delete_all'] = { name: 'delete_all', description: 'Deletes every file.' }),
      ),
      key: 'added',
      severity: 'medium',
    },
  ],
  inconclusive: [
    {
      name: 'the surface is behind an auth wall now',
      evidence: pinEvidence(entry(), entry({ surface: null, authRequired: true })),
      reason: 'auth_wall',
    },
    {
      name: 'the lock entry holds no listable surface',
      evidence: pinEvidence(entry({ surface: null, authRequired: true }), entry()),
      reason: 'ambiguous',
    },
    {
      name: 'the target did not answer',
      evidence: pinEvidence(entry(), entry(), { reachable: false }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'no lock given', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'recorded only with a token, scanned anonymously',
      evidence: pinEvidence(null, entry(), { recordedContexts: ['token'] }),
      reason: 'feature_absent',
    },
  ],
});

// A check of the helper itself: the default tools are what the cases above edit.
if (Object.keys(TOOLS()).length !== 2 || Object.keys(surface().tools).length !== 2)
  throw new Error('fixture drift');
