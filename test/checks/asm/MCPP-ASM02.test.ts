import check from '../../../src/checks/asm/MCPP-ASM02.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, knownRevisions, oauthEvidence } from '../../helpers/oauth.js';
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

const { issuer: _issuer, ...noIssuer } = goodAsMetadata();

testCheck(check, {
  pass: [
    { name: 'issuer identical to the PRM entry', evidence: oauthEvidence() },
    { name: 'oidc-provider', evidence: withAsMetadata(oidcProviderMetadata()) },
    {
      name: 'SDK demo AS listed with its trailing slash',
      evidence: withAsMetadata(sdkDemoMetadata(), SDK_DEMO_ISSUER),
    },
    {
      name: '2025-03-26 origin metadata whose issuer adds a trailing slash',
      evidence: oauthEvidence((d, b, ev) => {
        legacyModel(d, b, { metadata: goodAsMetadata({ issuer: 'http://127.0.0.1:3000/' }) });
        knownRevisions(ev, ['2025-03-26']);
      }),
    },
  ],
  fail: [
    {
      name: 'SDK demo AS listed without the trailing slash',
      evidence: oauthEvidence((d, b) => {
        setServers(d, asFound(b, sdkDemoMetadata(), { issuer: 'http://localhost:3302' }));
      }),
      key: 'mismatch',
      severity: 'high',
    },
    {
      name: 'localhost in the document, 127.0.0.1 in the PRM',
      evidence: withAsMetadata(goodAsMetadata({ issuer: 'http://localhost:4000' })),
      key: 'mismatch',
    },
    { name: 'issuer member missing', evidence: withAsMetadata(noIssuer), key: 'missing' },
    {
      name: 'issuer with a query',
      evidence: withAsMetadata(goodAsMetadata({ issuer: 'http://127.0.0.1:4000?tenant=1' })),
      key: 'shape',
    },
    {
      name: 'SDK AS mirror at the origin (2025-03-26 path, revision unknown)',
      evidence: oauthEvidence((d, b) => legacyModel(d, b, { metadata: sdkDemoMetadata() })),
      key: 'mismatch',
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
