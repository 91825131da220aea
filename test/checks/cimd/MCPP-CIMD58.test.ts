import check from '../../../src/checks/cimd/MCPP-CIMD58.js';
import { testCheck } from '../../helpers/check-tester.js';
import { CLIENT_URL, GOOD_DOCUMENT, lintEvidence } from '../../helpers/cimd-lint.js';

const BARE = { client_id: CLIENT_URL, client_name: 'x', redirect_uris: ['https://client.example/cb'] };

testCheck(check, {
  pass: [
    {
      name: 'a public client listing none, with the single method among the list',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, token_endpoint_auth_methods_supported: ['none'] }),
    },
    {
      name: 'the list alone (no single method)',
      evidence: lintEvidence({
        ...BARE,
        token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'],
        jwks_uri: 'https://client.example/jwks',
      }),
    },
  ],
  fail: [
    {
      name: 'no method at all: the implicit public-client default (info)',
      evidence: lintEvidence(BARE),
      key: 'no-method',
      severity: 'info',
    },
    {
      name: 'only the single token_endpoint_auth_method (info)',
      evidence: lintEvidence(GOOD_DOCUMENT),
      key: 'single-method',
      severity: 'info',
    },
    {
      name: 'an empty list',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, token_endpoint_auth_methods_supported: [] }),
      key: 'invalid',
      severity: 'info',
    },
    {
      name: 'a string instead of a list',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, token_endpoint_auth_methods_supported: 'none' }),
      key: 'invalid',
      severity: 'info',
    },
    {
      name: 'the single method is not in the list',
      evidence: lintEvidence({
        ...GOOD_DOCUMENT,
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
      }),
      key: 'disagree',
      severity: 'info',
    },
  ],
  notApplicable: [{ name: 'not a JSON object', evidence: lintEvidence('text'), reason: 'feature_absent' }],
});
