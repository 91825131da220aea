import check from '../../../src/checks/asm/MCPP-ASM06.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, oauthEvidence } from '../../helpers/oauth.js';
import { oidcProviderMetadata, setServers, withAsMetadata } from '../../helpers/oauth-as.js';

const { grant_types_supported: _grants, ...noGrants } = goodAsMetadata();

testCheck(check, {
  pass: [
    { name: 'code and refresh only', evidence: oauthEvidence() },
    { name: 'oidc-provider', evidence: withAsMetadata(oidcProviderMetadata()) },
    {
      name: 'client credentials are not judged',
      evidence: withAsMetadata(
        goodAsMetadata({ grant_types_supported: ['authorization_code', 'client_credentials'] }),
      ),
    },
  ],
  fail: [
    {
      name: 'password grant',
      evidence: withAsMetadata(goodAsMetadata({ grant_types_supported: ['authorization_code', 'password'] })),
      key: 'password',
      severity: 'high',
    },
    {
      name: 'oidc-provider IMPLICIT=1',
      evidence: withAsMetadata({
        ...oidcProviderMetadata(),
        grant_types_supported: ['implicit', 'authorization_code', 'refresh_token'],
      }),
      key: 'implicit',
      severity: 'medium',
    },
    {
      name: 'member omitted (default includes implicit)',
      evidence: withAsMetadata(noGrants),
      key: 'default',
      severity: 'low',
    },
  ],
  inconclusive: [
    {
      name: 'member is not a list',
      evidence: withAsMetadata(goodAsMetadata({ grant_types_supported: 'authorization_code' })),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'AS publishes no metadata',
      evidence: oauthEvidence((d, b) => setServers(d, asObservation(b, null))),
      reason: 'feature_absent',
    },
  ],
});
