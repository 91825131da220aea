import check from '../../../src/checks/authn/MCPP-AUTHN08.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm, PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence, setForwarded } from '../../helpers/oauth-rs.js';

const GOOD_CHALLENGE = `Bearer resource_metadata="${PRM_URL}", scope="mcp:tools"`;

testCheck(check, {
  pass: [
    {
      name: 'challenge and PRM unchanged by forwarding headers',
      evidence: oauthEvidence((d, b) =>
        setForwarded(d, b, GOOD_CHALLENGE, [{ url: PRM_URL, json: goodPrm() }]),
      ),
    },
  ],
  fail: [
    {
      name: 'the challenge reflects X-Forwarded-Host',
      evidence: oauthEvidence((d, b) =>
        setForwarded(
          d,
          b,
          'Bearer resource_metadata="https://evil.example/.well-known/oauth-protected-resource/mcp"',
          [{ url: PRM_URL, json: goodPrm() }],
        ),
      ),
      key: 'challenge',
      severity: 'high',
    },
    {
      name: 'the PRM resource follows the forwarded host',
      evidence: oauthEvidence((d, b) =>
        setForwarded(d, b, GOOD_CHALLENGE, [
          { url: PRM_URL, json: goodPrm({ resource: 'https://evil.example/mcp' }) },
        ]),
      ),
      key: 'prm-resource',
    },
    {
      name: 'PRM URLs follow the forwarded host',
      evidence: oauthEvidence((d, b) =>
        setForwarded(d, b, GOOD_CHALLENGE, [
          { url: PRM_URL, json: goodPrm({ resource_documentation: 'https://evil.example/docs' }) },
        ]),
      ),
      key: 'prm-urls',
    },
  ],
  inconclusive: [
    {
      name: 'the forwarded request got no challenge',
      evidence: oauthEvidence((d, b) => {
        setForwarded(d, b, GOOD_CHALLENGE, [{ url: PRM_URL, json: goodPrm() }]);
        d.forwarded = { ...d.forwarded, challenge: b.ok(b.reply({ status: 400, mediaType: null })) };
      }),
      reason: 'ambiguous',
    },
    {
      name: 'passive scan',
      evidence: oauthEvidence((_d, _b, ev) => {
        ev.settings.mode = 'passive';
      }),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'no challenge and no PRM',
      evidence: oauthEvidence((d) => {
        d.challenges = [];
        d.prm = [];
      }),
      reason: 'feature_absent',
    },
  ],
});
