import check from '../../../src/checks/prm/MCPP-PRM10.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { challenge, goodPrm, knownRevisions, PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [
    { name: 'offline_access not advertised', evidence: oauthEvidence() },
    {
      name: 'known 2026-07-28 server without offline_access',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2026-07-28'])),
    },
  ],
  fail: [
    {
      name: 'PRM scopes list offline_access (conditional on 2026-07-28 behind the wall)',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, goodPrm({ scopes_supported: ['mcp:tools', 'offline_access'] })),
      ),
      key: 'prm',
      severity: 'low',
    },
    {
      name: 'challenge scope includes offline_access',
      evidence: oauthEvidence((d, b, ev) => {
        knownRevisions(ev, ['2026-07-28']);
        d.challenges = [
          challenge(b, { params: { resource_metadata: PRM_URL, scope: 'mcp:tools offline_access' } }),
        ];
      }),
      key: 'challenge',
    },
  ],
  notApplicable: [
    {
      name: 'no authorization in use (a 2026-07-28 server)',
      evidence: evidence((ev) => knownRevisions(ev, ['2026-07-28'])),
      reason: 'no_auth',
    },
    {
      name: 'server known not to speak 2026-07-28',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-06-18', '2025-11-25'])),
      reason: 'revision',
    },
    {
      name: 'no PRM and no challenge',
      evidence: oauthEvidence((d, b) => {
        d.challenges = [];
        setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' });
      }),
      reason: 'feature_absent',
    },
  ],
});
