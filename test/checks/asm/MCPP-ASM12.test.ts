import check from '../../../src/checks/asm/MCPP-ASM12.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, oauthEvidence } from '../../helpers/oauth.js';
import { oidcProviderMetadata, setServers, unreachableAs, withAsMetadata } from '../../helpers/oauth-as.js';

testCheck(check, {
  pass: [
    { name: 'oidc-provider', evidence: withAsMetadata(oidcProviderMetadata()) },
    {
      name: 'none only in id_token_signing_alg_values_supported (not judged)',
      evidence: withAsMetadata({
        ...oidcProviderMetadata(),
        id_token_signing_alg_values_supported: ['RS256', 'none'],
      }),
    },
  ],
  fail: [
    {
      name: 'none accepted for token endpoint assertions',
      evidence: withAsMetadata({
        ...oidcProviderMetadata(),
        token_endpoint_auth_signing_alg_values_supported: ['RS256', 'none'],
      }),
      severity: 'medium',
    },
    {
      name: 'None accepted for introspection (case-insensitive)',
      evidence: withAsMetadata({
        ...oidcProviderMetadata(),
        introspection_endpoint_auth_signing_alg_values_supported: ['None'],
      }),
    },
  ],
  inconclusive: [
    {
      name: 'metadata URL timed out',
      evidence: oauthEvidence((d, b) => setServers(d, unreachableAs(b))),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    { name: 'no signing algorithm members', evidence: oauthEvidence(), reason: 'feature_absent' },
    {
      name: 'AS publishes no metadata',
      evidence: oauthEvidence((d, b) => setServers(d, asObservation(b, null))),
      reason: 'feature_absent',
    },
  ],
});
