import check from '../../../src/checks/cimd/MCPP-CIMD01.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, knownRevisions, oauthEvidence } from '../../helpers/oauth.js';
import { oidcProviderMetadata, setServers, unreachableAs, withAsMetadata } from '../../helpers/oauth-as.js';

testCheck(check, {
  pass: [
    { name: 'flag true', evidence: oauthEvidence() },
    {
      name: 'oidc-provider CIMD=1',
      evidence: withAsMetadata({ ...oidcProviderMetadata(), client_id_metadata_document_supported: true }),
    },
  ],
  fail: [
    {
      name: 'oidc-provider default: flag absent',
      evidence: withAsMetadata(oidcProviderMetadata()),
      key: 'absent',
      severity: 'low',
    },
    {
      name: 'flag false',
      evidence: withAsMetadata(goodAsMetadata({ client_id_metadata_document_supported: false })),
      key: 'false',
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
    {
      name: '2025-06-18 server',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-06-18'])),
      reason: 'revision',
    },
  ],
});
