import check from '../../../src/checks/asm/MCPP-ASM07.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, oauthEvidence } from '../../helpers/oauth.js';
import { oidcProviderMetadata, setServers, unreachableAs, withAsMetadata } from '../../helpers/oauth-as.js';

const { response_types_supported: _types, ...noTypes } = goodAsMetadata();

testCheck(check, {
  pass: [
    { name: 'code only', evidence: oauthEvidence() },
    { name: 'oidc-provider', evidence: withAsMetadata(oidcProviderMetadata()) },
    {
      name: 'id_token hybrids carry no access token',
      evidence: withAsMetadata(
        goodAsMetadata({ response_types_supported: ['code', 'code id_token', 'id_token'] }),
      ),
    },
  ],
  fail: [
    { name: 'member missing', evidence: withAsMetadata(noTypes), key: 'missing', severity: 'medium' },
    {
      name: 'oidc-provider IMPLICIT=1',
      evidence: withAsMetadata({
        ...oidcProviderMetadata(),
        response_types_supported: ['code', 'id_token token', 'code id_token token', 'id_token'],
      }),
      key: 'token',
    },
    {
      name: 'no code response type',
      evidence: withAsMetadata(goodAsMetadata({ response_types_supported: ['id_token'] })),
      key: 'code',
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
    {
      name: 'AS publishes no metadata',
      evidence: oauthEvidence((d, b) => setServers(d, asObservation(b, null))),
      reason: 'feature_absent',
    },
  ],
});
