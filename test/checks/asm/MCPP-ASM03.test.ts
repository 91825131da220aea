import check from '../../../src/checks/asm/MCPP-ASM03.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, oauthEvidence } from '../../helpers/oauth.js';
import {
  HTTPS_ISSUER,
  httpsAsMetadata,
  oidcProviderMetadata,
  setServers,
  unreachableAs,
  withAsMetadata,
} from '../../helpers/oauth-as.js';

testCheck(check, {
  pass: [
    { name: 'every endpoint on https', evidence: withAsMetadata(httpsAsMetadata(), HTTPS_ISSUER) },
    {
      name: 'http service documentation is not an endpoint',
      evidence: withAsMetadata(
        httpsAsMetadata(HTTPS_ISSUER, { service_documentation: 'http://docs.example.com/' }),
        HTTPS_ISSUER,
      ),
    },
  ],
  fail: [
    {
      name: 'oidc-provider on loopback http',
      evidence: withAsMetadata(oidcProviderMetadata()),
      key: 'loopback-http',
      severity: 'medium',
    },
    {
      name: 'cleartext token endpoint on a public host',
      evidence: withAsMetadata(
        httpsAsMetadata(HTTPS_ISSUER, { token_endpoint: 'http://auth.example.com/token' }),
        HTTPS_ISSUER,
      ),
      key: 'http',
      severity: 'high',
    },
    {
      name: 'javascript: authorization endpoint',
      evidence: withAsMetadata(
        httpsAsMetadata(HTTPS_ISSUER, { authorization_endpoint: 'javascript:alert(document.cookie)' }),
        HTTPS_ISSUER,
      ),
      key: 'script',
      severity: 'critical',
    },
    {
      name: 'data: URL in service documentation',
      evidence: withAsMetadata(
        httpsAsMetadata(HTTPS_ISSUER, { service_documentation: 'data:text/html,<script>x()</script>' }),
        HTTPS_ISSUER,
      ),
      key: 'script',
      severity: 'critical',
    },
    {
      name: 'relative registration endpoint',
      evidence: withAsMetadata(
        httpsAsMetadata(HTTPS_ISSUER, { registration_endpoint: '/register' }),
        HTTPS_ISSUER,
      ),
      key: 'relative',
    },
    {
      name: 'ftp mTLS alias',
      evidence: withAsMetadata(
        httpsAsMetadata(HTTPS_ISSUER, {
          mtls_endpoint_aliases: { token_endpoint: 'ftp://auth.example.com/t' },
        }),
        HTTPS_ISSUER,
      ),
      key: 'scheme',
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
