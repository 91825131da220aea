import check from '../../../src/checks/cimd/MCPP-CIMD54.js';
import { testCheck } from '../../helpers/check-tester.js';
import { GOOD_DOCUMENT, lintEvidence } from '../../helpers/cimd-lint.js';

testCheck(check, {
  pass: [{ name: 'public client, no secret', evidence: lintEvidence(GOOD_DOCUMENT) }],
  fail: [
    {
      name: 'client_secret published (critical)',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, client_secret: 's3cret' }),
      key: 'client_secret',
      severity: 'critical',
    },
    {
      name: 'client_secret_basic (high)',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, token_endpoint_auth_method: 'client_secret_basic' }),
      key: 'method',
      severity: 'high',
    },
  ],
  notApplicable: [{ name: 'not a JSON object', evidence: lintEvidence([1, 2]), reason: 'feature_absent' }],
});
