import check from '../../../src/checks/pin/MCPP-PIN04.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { entry, pinEvidence } from '../../lock/pin-evidence.js';

testCheck(check, {
  pass: [{ name: 'the lock covers the target', evidence: pinEvidence(entry(), entry()) }],
  fail: [
    {
      name: 'no entry for the target',
      evidence: pinEvidence(null, entry()),
      key: 'missing',
      severity: 'info',
    },
    {
      name: 'recorded with a token only, scanned anonymously',
      evidence: pinEvidence(null, entry(), { recordedContexts: ['token'] }),
      key: 'missing',
    },
    {
      name: 'entry recorded behind an auth wall',
      evidence: pinEvidence(entry({ surface: null, authRequired: true }), entry()),
      key: 'unlisted',
    },
  ],
  notApplicable: [{ name: 'no lock given', evidence: evidence(), reason: 'feature_absent' }],
});
