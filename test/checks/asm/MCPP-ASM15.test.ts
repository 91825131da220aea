import check from '../../../src/checks/asm/MCPP-ASM15.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, oauthEvidence } from '../../helpers/oauth.js';
import {
  asFound,
  oidcProviderMetadata,
  setServers,
  unreachableAs,
  withAsMetadata,
} from '../../helpers/oauth-as.js';

const TENANT = 'http://127.0.0.1:4005/tenant1';
const { token_endpoint: _t, ...noToken } = goodAsMetadata();
const { subject_types_supported: _s, ...oidcNoSubjects } = oidcProviderMetadata(TENANT);
const { authorization_endpoint: _a, ...noAuthorize } = goodAsMetadata({
  grant_types_supported: ['client_credentials'],
});

testCheck(check, {
  pass: [
    { name: 'RFC 8414 document', evidence: oauthEvidence() },
    {
      name: 'oidc-provider found at the OpenID URL',
      evidence: oauthEvidence((d, b) => {
        setServers(d, asFound(b, oidcProviderMetadata(TENANT), { issuer: TENANT, kind: 'openid' }));
      }),
    },
    {
      name: 'client-credentials-only AS needs no authorization endpoint',
      evidence: withAsMetadata(noAuthorize),
    },
  ],
  fail: [
    { name: 'token endpoint missing', evidence: withAsMetadata(noToken), key: 'missing', severity: 'medium' },
    {
      name: 'OpenID document without subject_types_supported',
      evidence: oauthEvidence((d, b) => {
        setServers(d, asFound(b, oidcNoSubjects, { issuer: TENANT, kind: 'openid' }));
      }),
      key: 'missing',
    },
    {
      name: 'authorization endpoint not a string',
      evidence: withAsMetadata(goodAsMetadata({ authorization_endpoint: 42 })),
      key: 'type',
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
