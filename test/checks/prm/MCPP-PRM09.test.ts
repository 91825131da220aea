import check from '../../../src/checks/prm/MCPP-PRM09.js';
import type { SignedMetadata } from '../../../src/evidence/auth-types.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm, knownRevisions, MCP_URL } from '../../helpers/oauth.js';
import { jws, oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

const CLAIMS = {
  iss: 'https://mcp.example.com',
  resource: MCP_URL,
  scopes_supported: ['mcp:tools', 'mcp:resources'],
};

/** A PRM carrying `signed_metadata`; `signed` is what the probe recorded (null: not decoded by the probe). */
function signedPrm(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  verification: SignedMetadata['verification'] | null = 'unverifiable',
) {
  return oauthEvidence((d, b) => {
    const token = jws(header, claims);
    const signed: SignedMetadata | null =
      verification === null
        ? null
        : {
            header,
            claims,
            decodeError: null,
            verification,
            verificationDetail:
              verification === 'verified'
                ? 'ES256 key kid=1 from https://mcp.example.com/jwks'
                : verification === 'failed'
                  ? 'signature mismatch for kid=1'
                  : 'no jwks_uri in the issuer metadata',
          };
    setPrm(d, b, goodPrm({ signed_metadata: token }), { signed });
  });
}

testCheck(check, {
  pass: [
    {
      name: 'verified signature, consistent claims',
      evidence: signedPrm({ alg: 'ES256', kid: '1' }, CLAIMS, 'verified'),
    },
    {
      name: 'well-formed but unverifiable (reported as not verified, conf. medium)',
      evidence: signedPrm({ alg: 'RS256' }, CLAIMS, 'unverifiable'),
    },
    {
      name: 'decoded locally when the probe recorded no decoding',
      evidence: signedPrm({ alg: 'RS256' }, CLAIMS, null),
    },
  ],
  fail: [
    { name: 'alg none', evidence: signedPrm({ alg: 'none' }, CLAIMS), key: 'alg-none', severity: 'medium' },
    {
      name: 'no iss claim',
      evidence: signedPrm({ alg: 'ES256' }, { resource: MCP_URL }),
      key: 'iss',
    },
    {
      name: 'claims contradict the plain members',
      evidence: signedPrm({ alg: 'ES256' }, { ...CLAIMS, authorization_servers: ['https://evil.example'] }),
      key: 'mismatch',
    },
    {
      name: 'signature did not verify',
      evidence: signedPrm({ alg: 'ES256', kid: '1' }, CLAIMS, 'failed'),
      key: 'signature',
    },
    {
      name: 'not a compact JWS',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ signed_metadata: 'not-a-jws' }))),
      key: 'decode',
    },
  ],
  notApplicable: [
    { name: 'no signed_metadata', evidence: oauthEvidence(), reason: 'feature_absent' },
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'only 2025-03-26 known',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-03-26'])),
      reason: 'revision',
    },
  ],
});
