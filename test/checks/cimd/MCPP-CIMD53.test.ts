import check from '../../../src/checks/cimd/MCPP-CIMD53.js';
import { testCheck } from '../../helpers/check-tester.js';
import { GOOD_DOCUMENT, lintEvidence } from '../../helpers/cimd-lint.js';

testCheck(check, {
  pass: [
    { name: 'https and loopback redirect URIs', evidence: lintEvidence(GOOD_DOCUMENT) },
    {
      name: 'a reverse-DNS private-use scheme',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, redirect_uris: ['com.example.app:/cb'] }),
    },
  ],
  fail: [
    {
      name: 'http on a public host',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, redirect_uris: ['http://evil.example/cb'] }),
      key: 'unsafe',
      severity: 'medium',
    },
    {
      name: 'javascript scheme',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, redirect_uris: ['javascript:alert(1)'] }),
      key: 'unsafe',
    },
    {
      name: 'loopback only (info)',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, redirect_uris: ['http://127.0.0.1/cb'] }),
      key: 'loopback-only',
      severity: 'info',
    },
  ],
  notApplicable: [
    {
      name: 'no redirect URIs (CIMD52 reports)',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, redirect_uris: [] }),
      reason: 'feature_absent',
    },
  ],
});
