import check from '../../../src/checks/asm/MCPP-ASM14.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, oauthEvidence } from '../../helpers/oauth.js';
import { asFound, legacyModel, sdkDemoMetadata, setServers, unreachableAs } from '../../helpers/oauth-as.js';

testCheck(check, {
  pass: [
    { name: '200 application/json', evidence: oauthEvidence() },
    {
      name: 'application/json with a charset (media type essence)',
      evidence: oauthEvidence((d, b) =>
        setServers(d, asFound(b, goodAsMetadata(), { mediaType: 'application/json' })),
      ),
    },
    {
      name: '2025-03-26 origin metadata',
      evidence: oauthEvidence((d, b) => legacyModel(d, b, { metadata: sdkDemoMetadata() })),
    },
  ],
  fail: [
    {
      name: 'served as text/plain',
      evidence: oauthEvidence((d, b) =>
        setServers(d, asFound(b, goodAsMetadata(), { mediaType: 'text/plain' })),
      ),
      key: 'content-type',
      severity: 'low',
    },
    {
      name: 'served without a media type',
      evidence: oauthEvidence((d, b) => setServers(d, asFound(b, goodAsMetadata(), { mediaType: null }))),
      key: 'content-type',
    },
    {
      name: 'served with status 203',
      evidence: oauthEvidence((d, b) => setServers(d, asFound(b, goodAsMetadata(), { status: 203 }))),
      key: 'status',
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
