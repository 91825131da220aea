import check from '../../../src/checks/asm/MCPP-ASM11.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  asObservation,
  goodAsMetadata,
  goodPrm,
  ISSUER,
  oauthEvidence,
  PRM_URL,
  prmCandidate,
} from '../../helpers/oauth.js';
import {
  asFound,
  oidcProviderMetadata,
  sdkDemoMetadata,
  setServers,
  unreachableAs,
  withAsMetadata,
} from '../../helpers/oauth-as.js';

const { authorization_response_iss_parameter_supported: _iss, ...noIss } = oidcProviderMetadata();
const SECOND = 'http://127.0.0.1:4001';

testCheck(check, {
  pass: [
    { name: 'flag true', evidence: oauthEvidence() },
    { name: 'oidc-provider', evidence: withAsMetadata(oidcProviderMetadata()) },
  ],
  fail: [
    {
      name: 'oidc-provider DOWNGRADE drops the flag',
      evidence: withAsMetadata(noIss),
      key: 'absent',
      severity: 'low',
    },
    {
      name: 'flag false',
      evidence: withAsMetadata(goodAsMetadata({ authorization_response_iss_parameter_supported: false })),
      key: 'false',
    },
    {
      name: 'two listed servers, one without the flag',
      evidence: oauthEvidence((d, b) => {
        d.prm = [
          prmCandidate(b, 'path-inserted', PRM_URL, goodPrm({ authorization_servers: [ISSUER, SECOND] })),
        ];
        setServers(d, asFound(b, goodAsMetadata()), asFound(b, sdkDemoMetadata(SECOND), { issuer: SECOND }));
      }),
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
