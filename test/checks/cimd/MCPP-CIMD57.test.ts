import check from '../../../src/checks/cimd/MCPP-CIMD57.js';
import { testCheck } from '../../helpers/check-tester.js';
import { GOOD_DOCUMENT, lintEvidence } from '../../helpers/cimd-lint.js';

testCheck(check, {
  pass: [{ name: '200 JSON, small, no redirect', evidence: lintEvidence(GOOD_DOCUMENT) }],
  fail: [
    {
      name: 'a redirect (high)',
      evidence: lintEvidence(GOOD_DOCUMENT, {
        served: { status: 302, location: 'https://cdn.example/c.json' },
      }),
      key: 'redirect',
      severity: 'high',
    },
    {
      name: 'a 404',
      evidence: lintEvidence(GOOD_DOCUMENT, { served: { status: 404 } }),
      key: 'status',
      severity: 'high',
    },
    {
      name: 'too big (medium)',
      evidence: lintEvidence(GOOD_DOCUMENT, { served: { bytes: 64 * 1024 } }),
      key: 'size',
      severity: 'medium',
    },
    {
      name: 'text/plain (low)',
      evidence: lintEvidence(GOOD_DOCUMENT, { served: { mediaType: 'text/plain' } }),
      key: 'content-type',
      severity: 'low',
    },
  ],
  notApplicable: [
    { name: 'a file', evidence: lintEvidence(GOOD_DOCUMENT, { served: null }), reason: 'feature_absent' },
  ],
});
