import check from '../../../src/checks/asm/MCPP-ASM10.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, knownRevisions, oauthEvidence } from '../../helpers/oauth.js';
import {
  asFound,
  legacyModel,
  oidcProviderMetadata,
  sdkDemoMetadata,
  setServers,
  withAsMetadata,
} from '../../helpers/oauth-as.js';

testCheck(check, {
  pass: [
    { name: 'no DCR', evidence: oauthEvidence() },
    {
      name: 'oidc-provider CIMD=1 offers both',
      evidence: withAsMetadata({ ...oidcProviderMetadata(), client_id_metadata_document_supported: true }),
    },
  ],
  fail: [
    {
      name: 'oidc-provider: DCR without CIMD, 2026-07-28 possible',
      evidence: withAsMetadata(oidcProviderMetadata()),
      severity: 'medium',
    },
    {
      name: 'SDK demo AS on a 2025-11-25 server',
      evidence: oauthEvidence((d, b, ev) => {
        setServers(d, asFound(b, sdkDemoMetadata('http://127.0.0.1:4000')));
        knownRevisions(ev, ['2025-06-18', '2025-11-25']);
      }),
      severity: 'low',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'AS publishes no metadata',
      evidence: oauthEvidence((d, b) => setServers(d, asObservation(b, null))),
      reason: 'feature_absent',
    },
    {
      name: '2025-06-18 server',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-06-18'])),
      reason: 'revision',
    },
    {
      name: 'only the 2025-03-26 origin model',
      evidence: oauthEvidence((d, b) => legacyModel(d, b, { metadata: sdkDemoMetadata() })),
      reason: 'feature_absent',
    },
  ],
});
