import check from '../../../src/checks/asm/MCPP-ASM04.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, knownRevisions, oauthEvidence } from '../../helpers/oauth.js';
import {
  asFound,
  legacyModel,
  oidcProviderMetadata,
  sdkDemoMetadata,
  setServers,
  unreachableAs,
  withAsMetadata,
} from '../../helpers/oauth-as.js';

const { code_challenge_methods_supported: _pkce, ...noPkce } = goodAsMetadata();

testCheck(check, {
  pass: [
    { name: 'S256 advertised', evidence: oauthEvidence() },
    { name: 'oidc-provider', evidence: withAsMetadata(oidcProviderMetadata()) },
    {
      name: '2025-03-26 origin metadata (SDK mirror) advertises S256',
      evidence: oauthEvidence((d, b) => legacyModel(d, b, { metadata: sdkDemoMetadata() })),
    },
  ],
  fail: [
    {
      name: 'absent, 2025-11-25 possible behind the wall',
      evidence: withAsMetadata(noPkce),
      key: 'absent',
      severity: 'high',
    },
    {
      name: 'absent, 2025-06-18 server',
      evidence: oauthEvidence((d, b, ev) => {
        setServers(d, asFound(b, noPkce));
        knownRevisions(ev, ['2025-03-26', '2025-06-18']);
      }),
      key: 'absent',
      severity: 'medium',
    },
    {
      name: 'only plain',
      evidence: withAsMetadata(goodAsMetadata({ code_challenge_methods_supported: ['plain'] })),
      key: 'no-s256',
      severity: 'high',
    },
    {
      name: '2025-03-26 origin metadata without PKCE',
      evidence: oauthEvidence((d, b) =>
        legacyModel(d, b, { metadata: { ...noPkce, issuer: 'http://127.0.0.1:3000' } }),
      ),
      key: 'absent',
      severity: 'medium',
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
