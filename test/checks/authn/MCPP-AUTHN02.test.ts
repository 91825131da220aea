import check from '../../../src/checks/authn/MCPP-AUTHN02.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { bearer, challenge, knownRevisions, MCP_URL, PRM_URL } from '../../helpers/oauth.js';
import { authInUse, oauthEvidence } from '../../helpers/oauth-rs.js';
import { setDetection } from '../../helpers/trn.js';

testCheck(check, {
  pass: [
    { name: 'every 401 carries a Bearer challenge', evidence: oauthEvidence() },
    {
      name: 'a DPoP challenge next to the Bearer one',
      evidence: oauthEvidence((d, b) => {
        d.challenges.push(
          challenge(b, {
            header: [`Bearer resource_metadata="${PRM_URL}", DPoP algs="ES256"`],
            challenges: [
              bearer({ resource_metadata: PRM_URL }),
              { ...bearer({ algs: 'ES256' }), scheme: 'dpop' },
            ],
            probe: 'p.init(2025-06-18)',
          }),
        );
      }),
    },
    {
      name: 'only 2024-11-05 possible: judged against the RFC',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2024-11-05'])),
    },
  ],
  fail: [
    {
      name: '401 without WWW-Authenticate (2025-06-18 possible)',
      evidence: oauthEvidence((d, b) => {
        d.challenges.push(challenge(b, { header: [], challenges: [], probe: 'p.init(2025-06-18)' }));
      }),
      key: 'missing',
      severity: 'high',
    },
    {
      name: 'a later 401 the discovery did not parse lacks the header (only 2025-11-25)',
      evidence: oauthEvidence((_d, b, ev) => {
        knownRevisions(ev, ['2025-11-25']);
        b.exchange({ url: MCP_URL, status: 401, probe: 's.session.none' });
      }),
      key: 'missing',
      severity: 'medium',
    },
    {
      name: 'Basic instead of Bearer',
      evidence: oauthEvidence((d, b) => {
        d.challenges.push(
          challenge(b, {
            header: ['Basic realm="mcp"'],
            challenges: [{ ...bearer({ realm: 'mcp' }), scheme: 'basic' }],
            probe: 'p.init(2025-03-26)',
          }),
        );
      }),
      key: 'scheme',
    },
    {
      name: 'unparseable field value',
      evidence: oauthEvidence((d, b) => {
        d.challenges.push(
          challenge(b, {
            header: ['Bearer resource_metadata="x'],
            challenges: null,
            parseError: 'unterminated quoted-string',
          }),
        );
      }),
      key: 'syntax',
    },
    {
      name: 'a parameter repeated in the Bearer challenge',
      evidence: oauthEvidence((d, b) => {
        d.challenges.push(
          challenge(b, {
            header: ['Bearer scope="a", scope="b"'],
            challenges: [{ ...bearer({ scope: 'a' }), duplicateParams: ['scope'] }],
          }),
        );
      }),
      key: 'syntax',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'authorization signalled without any 401',
      evidence: evidence((ev) => authInUse(ev)),
      reason: 'feature_absent',
    },
    {
      name: 'stdio target',
      evidence: evidence((ev) => {
        authInUse(ev);
        setDetection(ev, { transport: 'stdio' });
      }),
      reason: 'transport',
    },
  ],
});
