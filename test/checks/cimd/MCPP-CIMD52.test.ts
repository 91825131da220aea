import check from '../../../src/checks/cimd/MCPP-CIMD52.js';
import { testCheck } from '../../helpers/check-tester.js';
import { GOOD_DOCUMENT, lintEvidence } from '../../helpers/cimd-lint.js';
import { evidence } from '../../helpers/evidence.js';

testCheck(check, {
  pass: [{ name: 'all required members', evidence: lintEvidence(GOOD_DOCUMENT) }],
  fail: [
    {
      name: 'not JSON (high)',
      evidence: lintEvidence(null, { parseError: 'Unexpected token' }),
      key: 'document',
      severity: 'high',
    },
    {
      name: 'blank client_name',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, client_name: ' ' }),
      key: 'client_name',
      severity: 'medium',
    },
    {
      name: 'empty redirect_uris',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, redirect_uris: [] }),
      key: 'redirect_uris',
    },
  ],
  notApplicable: [{ name: 'a scan: no document', evidence: evidence(), reason: 'feature_absent' }],
});
