import check from '../../../src/checks/cimd/MCPP-CIMD50.js';
import { testCheck } from '../../helpers/check-tester.js';
import { CLIENT_URL, GOOD_DOCUMENT, lintEvidence } from '../../helpers/cimd-lint.js';
import { evidence } from '../../helpers/evidence.js';

testCheck(check, {
  pass: [{ name: 'https URL on a DNS name with a path', evidence: lintEvidence(GOOD_DOCUMENT) }],
  fail: [
    {
      name: 'http client ID',
      evidence: lintEvidence(
        { ...GOOD_DOCUMENT, client_id: 'http://client.example/c.json' },
        { url: 'http://client.example/c.json' },
      ),
      key: 'scheme',
      severity: 'high',
    },
    {
      name: 'a query only (low)',
      evidence: lintEvidence(
        { ...GOOD_DOCUMENT, client_id: `${CLIENT_URL}?v=1` },
        { url: `${CLIENT_URL}?v=1` },
      ),
      key: 'query',
      severity: 'low',
    },
  ],
  notApplicable: [
    {
      name: 'a file without --url',
      evidence: lintEvidence(GOOD_DOCUMENT, { url: null, served: null }),
      reason: 'feature_absent',
    },
    { name: 'a scan: no document', evidence: evidence(), reason: 'feature_absent' },
  ],
});
