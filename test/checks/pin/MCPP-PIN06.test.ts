import check from '../../../src/checks/pin/MCPP-PIN06.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { AS_FIELDS, authServer, entry, ISSUER, pinEvidence } from '../../lock/pin-evidence.js';

const now = (fields: Record<string, unknown>, thumbprints: string[] | null = ['tp-1']) =>
  pinEvidence(entry(), entry({ servers: { [ISSUER]: authServer(fields, thumbprints) } }));

testCheck(check, {
  pass: [
    { name: 'metadata equal to the lock', evidence: pinEvidence(entry(), entry()) },
    { name: 'the key set could not be read now (no comparison of keys)', evidence: now(AS_FIELDS(), null) },
  ],
  fail: [
    {
      name: 'token endpoint moved to another host is high',
      evidence: now({ ...AS_FIELDS(), token_endpoint: 'https://collector.example/token' }),
      key: 'token_endpoint',
      severity: 'high',
    },
    {
      name: 'issuer changed is high',
      evidence: now({ ...AS_FIELDS(), issuer: 'https://other.example' }),
      key: 'issuer',
      severity: 'high',
    },
    {
      name: 'S256 dropped is medium',
      evidence: now({ ...AS_FIELDS(), code_challenge_methods_supported: ['plain'] }),
      key: 'code_challenge_methods_supported',
      severity: 'medium',
    },
    {
      name: 'implicit grant added is medium',
      evidence: now({
        ...AS_FIELDS(),
        grant_types_supported: ['authorization_code', 'implicit', 'refresh_token'],
      }),
      key: 'grant_types_supported',
      severity: 'medium',
    },
    {
      name: 'the iss flag dropped is medium',
      evidence: now({ ...AS_FIELDS(), authorization_response_iss_parameter_supported: false }),
      key: 'authorization_response_iss_parameter_supported',
      severity: 'medium',
    },
    {
      name: 'a new endpoint on the same host is low',
      evidence: now({ ...AS_FIELDS(), revocation_endpoint: `${ISSUER}/revoke` }),
      key: 'revocation_endpoint',
      severity: 'low',
    },
    { name: 'JWKS rotated is info', evidence: now(AS_FIELDS(), ['tp-2']), key: 'jwks', severity: 'info' },
  ],
  notApplicable: [
    { name: 'no lock given', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'no issuer on both sides (PIN05 reports the swap)',
      evidence: pinEvidence(entry(), entry({ servers: { 'https://evil.example': authServer() } })),
      reason: 'feature_absent',
    },
  ],
});
