import check from '../../../src/checks/cimd/MCPP-CIMD51.js';
import { testCheck } from '../../helpers/check-tester.js';
import { CLIENT_URL, GOOD_DOCUMENT, lintEvidence } from '../../helpers/cimd-lint.js';
import { evidence } from '../../helpers/evidence.js';

testCheck(check, {
  pass: [{ name: 'client_id equals the URL', evidence: lintEvidence(GOOD_DOCUMENT) }],
  fail: [
    {
      name: 'trailing slash',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, client_id: `${CLIENT_URL}/` }),
      key: 'mismatch',
      severity: 'high',
    },
    {
      name: 'missing',
      evidence: lintEvidence({ client_name: 'x', redirect_uris: ['https://c.example/cb'] }),
      key: 'missing',
    },
  ],
  notApplicable: [{ name: 'a scan: no document', evidence: evidence(), reason: 'feature_absent' }],
});
