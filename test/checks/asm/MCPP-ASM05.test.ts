import check from '../../../src/checks/asm/MCPP-ASM05.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, oauthEvidence } from '../../helpers/oauth.js';
import { oidcProviderMetadata, setServers, unreachableAs, withAsMetadata } from '../../helpers/oauth-as.js';

const { code_challenge_methods_supported: _pkce, ...noPkce } = goodAsMetadata();

testCheck(check, {
  pass: [
    { name: 'S256 only', evidence: oauthEvidence() },
    { name: 'oidc-provider', evidence: withAsMetadata(oidcProviderMetadata()) },
  ],
  fail: [
    {
      name: 'oidc-provider DOWNGRADE lists plain next to S256',
      evidence: withAsMetadata({
        ...oidcProviderMetadata(),
        code_challenge_methods_supported: ['plain', 'S256'],
      }),
      severity: 'low',
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
    { name: 'member absent (ASM04 fails)', evidence: withAsMetadata(noPkce), reason: 'feature_absent' },
    {
      name: 'AS publishes no metadata',
      evidence: oauthEvidence((d, b) => setServers(d, asObservation(b, null))),
      reason: 'feature_absent',
    },
  ],
});
