import check from '../../../src/checks/cimd/MCPP-CIMD02.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, oauthEvidence } from '../../helpers/oauth.js';
import {
  asFound,
  dcrAnswer,
  legacyModel,
  oidcProviderMetadata,
  sdkDemoMetadata,
  setServers,
  withAsMetadata,
} from '../../helpers/oauth-as.js';

const preregistered = goodAsMetadata({ client_id_metadata_document_supported: false });

testCheck(check, {
  pass: [
    { name: 'CIMD advertised', evidence: oauthEvidence() },
    { name: 'oidc-provider: open DCR', evidence: withAsMetadata(oidcProviderMetadata()) },
    {
      name: 'SDK AS mirror at the 2025-03-26 origin offers DCR',
      evidence: oauthEvidence((d, b) => legacyModel(d, b, { metadata: sdkDemoMetadata() })),
    },
  ],
  fail: [
    { name: 'pre-registration only', evidence: withAsMetadata(preregistered), severity: 'info' },
    {
      name: 'registration needs an initial access token',
      evidence: oauthEvidence((d, b) => {
        const { client_id_metadata_document_supported: _c, ...noCimd } = oidcProviderMetadata();
        setServers(d, {
          ...asFound(b, noCimd),
          dcrMalformed: dcrAnswer(b, 401, '{"error":"invalid_token"}'),
        });
      }),
      severity: 'info',
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
