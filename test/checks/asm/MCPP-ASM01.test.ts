import check from '../../../src/checks/asm/MCPP-ASM01.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  asObservation,
  goodPrm,
  knownRevisions,
  oauthEvidence,
  PRM_URL,
  prmCandidate,
} from '../../helpers/oauth.js';
import {
  asFound,
  legacyModel,
  oidcProviderMetadata,
  SDK_DEMO_ISSUER,
  sdkDemoMetadata,
  setServers,
  unreachableAs,
  withAsMetadata,
} from '../../helpers/oauth-as.js';

const TENANT = 'http://127.0.0.1:4005/tenant1';
const oidcOnly = oauthEvidence((d, b) => {
  setServers(d, asFound(b, oidcProviderMetadata(TENANT), { issuer: TENANT, kind: 'openid' }));
});

testCheck(check, {
  pass: [
    { name: 'RFC 8414 metadata at the inserted URL', evidence: oauthEvidence() },
    { name: 'oidc-provider (both documents served)', evidence: withAsMetadata(oidcProviderMetadata()) },
    {
      name: 'SDK demo AS: issuer with a trailing slash',
      evidence: withAsMetadata(sdkDemoMetadata(), SDK_DEMO_ISSUER),
    },
    {
      name: 'tenant issuer served only by OpenID appending, 2025-11-25 server',
      evidence: oauthEvidence((d, b, ev) => {
        setServers(d, asFound(b, oidcProviderMetadata(TENANT), { issuer: TENANT, kind: 'openid' }));
        knownRevisions(ev, ['2025-11-25', '2026-07-28']);
      }),
    },
  ],
  fail: [
    {
      name: 'no metadata at any URL',
      evidence: oauthEvidence((d, b) => setServers(d, asObservation(b, null))),
      key: 'none',
      severity: 'high',
    },
    {
      name: 'OpenID-only tenant issuer, 2025-06-18 server',
      evidence: oauthEvidence((d, b, ev) => {
        setServers(d, asFound(b, oidcProviderMetadata(TENANT), { issuer: TENANT, kind: 'openid' }));
        knownRevisions(ev, ['2025-06-18', '2025-11-25']);
      }),
      key: 'oidc-only',
      severity: 'high',
    },
    {
      name: 'second listed AS has no metadata',
      evidence: oauthEvidence((d, b) => {
        d.authorizationServers.push(asObservation(b, null, { issuer: 'http://127.0.0.1:4001' }));
      }),
      key: 'none',
    },
  ],
  inconclusive: [
    {
      name: 'OpenID-only, revision unknown behind the wall',
      evidence: oidcOnly,
      reason: 'revision_dependent',
    },
    {
      name: 'metadata URL timed out',
      evidence: oauthEvidence((d, b) => setServers(d, unreachableAs(b))),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'PRM lists no authorization server',
      evidence: oauthEvidence((d, b) => {
        setServers(d);
        d.prm = [prmCandidate(b, 'path-inserted', PRM_URL, goodPrm({ authorization_servers: [] }))];
      }),
      reason: 'feature_absent',
    },
    {
      name: 'only the 2025-03-26 origin model',
      evidence: oauthEvidence((d, b) => legacyModel(d, b, { metadata: sdkDemoMetadata() })),
      reason: 'feature_absent',
    },
    {
      name: 'only 2025-03-26 known',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-03-26'])),
      reason: 'revision',
    },
  ],
});
