import check from '../../../src/checks/authn/MCPP-AUTHN09.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { oauthEvidence, setMethod, sessionServer } from '../../helpers/oauth-rs.js';
import { setDetection } from '../../helpers/trn.js';

testCheck(check, {
  pass: [{ name: 'unauthenticated requests get 401', evidence: oauthEvidence() }],
  fail: [
    {
      name: '403 insufficient_scope to a token-less request',
      evidence: oauthEvidence((d, b) => {
        setMethod(
          d,
          'tools/list',
          b.ok(
            b.reply({
              status: 403,
              mediaType: null,
              headers: { 'www-authenticate': 'Bearer error="insufficient_scope", scope="mcp:tools"' },
            }),
          ),
        );
      }),
      key: '403',
      severity: 'medium',
    },
    {
      name: 'redirect to a login page',
      evidence: oauthEvidence((d, b) => {
        setMethod(
          d,
          'initialize',
          b.ok(
            b.reply({
              status: 302,
              mediaType: null,
              location: 'https://idp.example.com/oauth2/sign_in?rd=/mcp',
            }),
          ),
        );
      }),
      key: 'redirect',
    },
    {
      name: '200 with a JSON-RPC error about missing credentials',
      evidence: sessionServer((ev, b) => {
        setDetection(ev, {
          discover: b.ok(b.reply({ error: { code: -32001, message: 'Unauthorized: missing bearer token' } })),
        });
      }),
      key: '200-error',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'optional authorization: nothing refused',
      evidence: sessionServer(),
      reason: 'feature_absent',
    },
    {
      name: 'only 2024-11-05 known',
      evidence: sessionServer((ev) => {
        ev.detection.revision = {
          ...ev.detection.revision,
          known: ['2024-11-05'],
          candidates: ['2024-11-05'],
        };
      }),
      reason: 'revision',
    },
  ],
});
