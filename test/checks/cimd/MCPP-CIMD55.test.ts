import check from '../../../src/checks/cimd/MCPP-CIMD55.js';
import { testCheck } from '../../helpers/check-tester.js';
import { GOOD_DOCUMENT, lintEvidence } from '../../helpers/cimd-lint.js';

testCheck(check, {
  pass: [
    {
      name: 'public keys only',
      evidence: lintEvidence({
        ...GOOD_DOCUMENT,
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [{ kty: 'EC', crv: 'P-256', x: 'a', y: 'b', kid: 'k1' }] },
      }),
    },
  ],
  fail: [
    {
      name: 'an RSA private key',
      evidence: lintEvidence({
        ...GOOD_DOCUMENT,
        jwks: { keys: [{ kty: 'RSA', n: 'n', e: 'AQAB', d: 'private', kid: 'k1' }] },
      }),
      key: 'private-key',
      severity: 'critical',
    },
    {
      name: 'a symmetric key',
      evidence: lintEvidence({ ...GOOD_DOCUMENT, jwks: { keys: [{ kty: 'oct', k: 'secret' }] } }),
      key: 'private-key',
    },
  ],
  notApplicable: [{ name: 'no jwks', evidence: lintEvidence(GOOD_DOCUMENT), reason: 'feature_absent' }],
});
