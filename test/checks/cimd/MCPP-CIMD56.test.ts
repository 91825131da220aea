import check from '../../../src/checks/cimd/MCPP-CIMD56.js';
import { testCheck } from '../../helpers/check-tester.js';
import { CLIENT_URL, GOOD_DOCUMENT, lintEvidence } from '../../helpers/cimd-lint.js';

testCheck(check, {
  pass: [
    { name: 'none without keys', evidence: lintEvidence(GOOD_DOCUMENT) },
    {
      name: 'private_key_jwt with an https jwks_uri',
      evidence: lintEvidence({
        ...GOOD_DOCUMENT,
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: 'https://client.example/jwks',
      }),
    },
  ],
  fail: [
    {
      name: 'method omitted (high)',
      evidence: lintEvidence({
        client_id: CLIENT_URL,
        client_name: 'x',
        redirect_uris: ['https://client.example/cb'],
      }),
      key: 'method-omitted',
      severity: 'high',
    },
    {
      name: 'private_key_jwt without keys',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, token_endpoint_auth_method: 'private_key_jwt' }),
      key: 'no-keys',
      severity: 'medium',
    },
    {
      name: 'http jwks_uri',
      evidence: lintEvidence({
        ...GOOD_DOCUMENT,
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: 'http://client.example/jwks',
      }),
      key: 'jwks-uri-http',
    },
  ],
  notApplicable: [{ name: 'not a JSON object', evidence: lintEvidence('text'), reason: 'feature_absent' }],
});
