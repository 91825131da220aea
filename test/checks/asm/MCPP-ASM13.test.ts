import check from '../../../src/checks/asm/MCPP-ASM13.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { knownRevisions, oauthEvidence } from '../../helpers/oauth.js';
import { legacyModel, sdkDemoMetadata } from '../../helpers/oauth-as.js';

testCheck(check, {
  pass: [
    {
      name: 'SDK AS mirror at the origin',
      evidence: oauthEvidence((d, b) => legacyModel(d, b, { metadata: sdkDemoMetadata() })),
    },
    {
      name: 'origin metadata on a pinned 2025-03-26 server',
      evidence: oauthEvidence((d, b, ev) => {
        legacyModel(d, b, { metadata: sdkDemoMetadata('http://127.0.0.1:3000') });
        knownRevisions(ev, ['2025-03-26']);
      }),
    },
  ],
  fail: [
    {
      name: 'default endpoints only (405 and 400 count as existing)',
      evidence: oauthEvidence((d, b) => legacyModel(d, b)),
      key: 'defaults-only',
      severity: 'low',
    },
    {
      name: 'defaults without /register',
      evidence: oauthEvidence((d, b) =>
        legacyModel(d, b, { defaults: { '/authorize': 302, '/token': 405, '/register': 404 } }),
      ),
      key: 'defaults-only',
      severity: 'low',
    },
    {
      name: 'neither metadata nor /authorize',
      evidence: oauthEvidence((d, b) =>
        legacyModel(d, b, { defaults: { '/authorize': 404, '/token': 405, '/register': 404 } }),
      ),
      key: 'none',
      severity: 'high',
    },
  ],
  inconclusive: [
    {
      name: 'default endpoint timed out',
      evidence: oauthEvidence((d, b) =>
        legacyModel(d, b, { defaults: { '/authorize': 'timeout', '/token': 405, '/register': 405 } }),
      ),
      reason: 'fetch_failed',
    },
    {
      name: 'no PRM and p.as0326 not recorded',
      evidence: oauthEvidence((d, b) => {
        legacyModel(d, b);
        d.legacyBase = null;
      }),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    { name: 'PRM found (2025-06-18 model)', evidence: oauthEvidence(), reason: 'feature_absent' },
    {
      name: '2025-11-25 server',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-06-18', '2025-11-25'])),
      reason: 'revision',
    },
  ],
});
