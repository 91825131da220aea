import check from '../../../src/checks/authn/MCPP-AUTHN10.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  oauthEvidence,
  sessionServer,
  setLegacy,
  setMethod,
  withCredentials,
} from '../../helpers/oauth-rs.js';
import { setDetection } from '../../helpers/trn.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import type { Patchable } from '../../helpers/oauth.js';

/** A session established with the token, then one request on it without Authorization answered `status`. */
function tokenSession(ev: Patchable, b: EvidenceBuilder, status: number): void {
  ev.settings.tokenSupplied = true;
  withCredentials(b, ev.legacy!.init.exchange);
  b.exchange({
    status,
    requestHeaders: { 'mcp-session-id': ev.legacy!.sessionId! },
    probe: 't.session-replay',
  });
}

testCheck(check, {
  pass: [
    {
      name: 'token scan: a request on the token session without Authorization got 401',
      evidence: sessionServer((ev, b) => tokenSession(ev, b, 401)),
    },
  ],
  fail: [
    {
      name: 'token scan: the token session was served without Authorization',
      evidence: sessionServer((ev, b) => tokenSession(ev, b, 200)),
      key: 'replay',
      severity: 'critical',
    },
    {
      name: 'custom session-token scheme: missing Mcp-Session-Id yields 401 without a challenge',
      evidence: sessionServer((ev, b) => {
        setLegacy(ev, {
          sessionNone: b.ok(
            b.reply({ status: 401, error: { code: -32001, message: 'Login first' }, id: null }),
          ),
        });
      }),
      key: 'indicator',
      severity: 'medium',
    },
    {
      name: 'unknown session yields 401 with a Bearer challenge',
      evidence: sessionServer((ev, b) => {
        setLegacy(ev, {
          sessionUnknown: b.ok(
            b.reply({ status: 401, mediaType: null, headers: { 'www-authenticate': 'Bearer' } }),
          ),
        });
      }),
      key: 'indicator',
    },
  ],
  inconclusive: [
    { name: 'behind a wall without a token', evidence: oauthEvidence(), reason: 'needs_token' },
    {
      name: 'token scan without replay evidence (sessionless tools/list 401 is expected)',
      evidence: oauthEvidence((d, b, ev) => {
        ev.settings.tokenSupplied = true;
        setMethod(d, 'tools/list', b.ok(b.reply({ status: 401, mediaType: null })));
      }),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'stateless server (no session ID)',
      evidence: sessionServer((ev) => setLegacy(ev, { sessionId: null })),
      reason: 'feature_absent',
    },
    {
      name: 'modern-only server without sessions',
      evidence: sessionServer((ev) => {
        ev.legacy = null;
        setDetection(ev, { authWall: false });
      }),
      reason: 'feature_absent',
    },
  ],
});
