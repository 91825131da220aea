import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/authn/MCPP-AUTHN10.js';
import type { SessionReplay } from '../../../src/evidence/auth-types.js';
import type { Probe, HttpReply } from '../../../src/evidence/types.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
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
import type { OAuthDraft, Patchable } from '../../helpers/oauth.js';
import { bareOAuth, TOKEN_PROBES_SKIPPED } from '../../helpers/oauth.js';

/** A session established with the token, then one request on it without Authorization answered `status`. */
function tokenSession(ev: Patchable, b: EvidenceBuilder, status: number): void {
  ev.settings.tokenSupplied = true;
  withCredentials(b, ev.sessions!.init.exchange);
  b.exchange({
    status,
    requestHeaders: { 'mcp-session-id': ev.sessions!.sessionId! },
    probe: 't.session-replay',
  });
}

type ReplyOpts = Parameters<EvidenceBuilder['reply']>[0];
type Leg = ReplyOpts | 'timeout';

const listed: ReplyOpts = { result: { tools: [] } };
const refused401: ReplyOpts = {
  status: 401,
  mediaType: null,
  headers: { 'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1:3000/.well-known/x"' },
};

/** A leg of `t.session-replay`; `token` records an Authorization header on the request. */
function leg(b: EvidenceBuilder, opts: Leg, token: boolean): Probe<HttpReply> {
  if (opts === 'timeout') return b.failed('timeout');
  const reply = b.reply({ ...opts, sessionId: null });
  if (token) withCredentials(b, reply.exchange);
  return b.ok(reply);
}

/**
 * A token scan with `t.session-replay`: initialize with the token opened session `sess-1`, then
 * tools/list on it with the token (`control`, served by default) and without Authorization (`replay`).
 */
function replayScan(replay: Leg, control: Leg = listed) {
  return oauthEvidence((d: OAuthDraft, b, ev) => {
    ev.settings.tokenSupplied = true;
    const open = b.reply({ result: b.initResult('2025-11-25'), sessionId: 'sess-1' });
    withCredentials(b, open.exchange);
    const value: SessionReplay = {
      open,
      control: leg(b, control, true),
      withoutToken: leg(b, replay, false),
      garbageToken: leg(b, refused401, true),
    };
    d.tokenProbes = {
      ...TOKEN_PROBES_SKIPPED,
      sessionReplay: { kind: 'ok', value, exchanges: [open.exchange] },
    };
  });
}

/** A token scan in which the session replay could not run (`detail` says why). */
const replaySkipped = (detail: string) =>
  oauthEvidence((d, _b, ev) => {
    ev.settings.tokenSupplied = true;
    d.tokenProbes = {
      ...TOKEN_PROBES_SKIPPED,
      sessionReplay: { kind: 'skipped', reason: 'no_session', detail },
    };
  });

const NO_SESSION = 'the authenticated initialize was answered 200 without a session ID';

testCheck(check, {
  pass: [
    {
      name: 'token scan: a request on the token session without Authorization got 401',
      evidence: sessionServer((ev, b) => tokenSession(ev, b, 401)),
    },
    {
      name: 't.session-replay: the session without Authorization refused with 401',
      evidence: replayScan(refused401),
    },
    {
      name: 't.session-replay: the session without Authorization refused with a bare 403',
      evidence: replayScan({ status: 403, mediaType: null }),
    },
    {
      name: 't.session-replay: a session bound to its token answers 404 Session not found without it',
      evidence: replayScan({ status: 404, error: { code: -32001, message: 'Session not found' } }),
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
      name: 't.session-replay: the session was served without Authorization',
      evidence: replayScan(listed),
      key: 'replay',
      severity: 'critical',
    },
    {
      name: 't.session-replay: a 200 JSON-RPC error from past the token check without Authorization',
      evidence: replayScan({ status: 200, error: { code: -32602, message: 'Invalid params' } }),
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
    {
      name: 't.session-replay: a dead session (404 Session not found even with the token)',
      evidence: replayScan(
        { status: 404, error: { code: -32001, message: 'Session not found' } },
        { status: 404, error: { code: -32001, message: 'Session not found' } },
      ),
      reason: 'ambiguous',
    },
    {
      name: 't.session-replay: the control request with the token got 401',
      evidence: replayScan(refused401, refused401),
      reason: 'ambiguous',
    },
    {
      name: 't.session-replay: the control request with the token got 403 insufficient_scope',
      evidence: replayScan(refused401, {
        status: 403,
        mediaType: null,
        headers: { 'www-authenticate': 'Bearer error="insufficient_scope"' },
      }),
      reason: 'ambiguous',
    },
    {
      name: 't.session-replay: the replay answered 500',
      evidence: replayScan({ status: 500, mediaType: 'text/plain' }),
      reason: 'fetch_failed',
    },
    {
      name: 't.session-replay: the replay answered 429',
      evidence: replayScan({ status: 429, mediaType: null }),
      reason: 'rate_limited',
    },
    {
      name: 't.session-replay: the replay timed out',
      evidence: replayScan('timeout'),
      reason: 'fetch_failed',
    },
    {
      name: 't.session-replay: the control request timed out',
      evidence: replayScan(listed, 'timeout'),
      reason: 'fetch_failed',
    },
    {
      name: 'token supplied, t.session-replay skipped (no_session)',
      evidence: replaySkipped(NO_SESSION),
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
        ev.sessions = null;
        setDetection(ev, { authWall: false });
      }),
      reason: 'feature_absent',
    },
  ],
});

describe('MCPP-AUTHN10 t.session-replay', () => {
  it('the replay fail cites the open, control and replay exchanges', () => {
    const ev = replayScan(listed);
    const replay = ev.oauth!.tokenProbes.sessionReplay;
    if (replay.kind !== 'ok') throw new Error('expected a replay');
    const { open, control, withoutToken } = replay.value;
    if (control.kind !== 'ok' || withoutToken.kind !== 'ok') throw new Error('expected ok legs');
    const ids = [open.exchange, control.value.exchange, withoutToken.value.exchange];
    const { results } = runCheck(check, ev);
    expect(results).toHaveLength(1);
    expect(results[0]!.key).toBe('replay');
    expect(results[0]!.evidence).toEqual(ids);
    expect(results[0]!.message).toContain('used without Authorization and served: 200.');
  });

  it('the pass names the refusal status', () => {
    const [r] = runCheck(check, replayScan(refused401)).results;
    expect(r!.status).toBe('pass');
    expect(r!.message).toContain('was refused without Authorization (401), and served with it');
  });

  it('the ambiguous control names its status', () => {
    const [r] = runCheck(check, replayScan(listed, refused401)).results;
    expect(r!.reason).toBe('ambiguous');
    expect(r!.message).toContain('was not served (401)');
  });

  it('the replay probe takes precedence over the safe indicator', () => {
    // Without the replay this evidence fails with key `indicator` (see the fail cases above).
    const ev = sessionServer((e, b) => {
      e.settings.tokenSupplied = true;
      setLegacy(e, {
        sessionNone: b.ok(
          b.reply({ status: 401, error: { code: -32001, message: 'Login first' }, id: null }),
        ),
      });
      const open = b.reply({ result: b.initResult('2025-11-25'), sessionId: 'sess-1' });
      withCredentials(b, open.exchange);
      const oauth = bareOAuth({
        tokenProbes: {
          ...TOKEN_PROBES_SKIPPED,
          sessionReplay: {
            kind: 'ok',
            value: {
              open,
              control: leg(b, listed, true),
              withoutToken: leg(b, refused401, false),
              garbageToken: leg(b, refused401, true),
            },
            exchanges: [open.exchange],
          },
        },
      });
      Object.assign(e, { oauth });
    });
    const { status, results } = runCheck(check, ev);
    expect(status).toBe('pass');
    expect(results).toHaveLength(1);
    expect(results[0]!.message).toContain('refused without Authorization (401), and served with it');
  });

  it('the skipped replay says why it could not run', () => {
    const [r] = runCheck(check, replaySkipped(NO_SESSION)).results;
    expect(r!.reason).toBe('probe_unavailable');
    expect(r!.message).toBe(
      `No session-as-credential indicator, and the session-replay probe could not run (${NO_SESSION}).`,
    );
  });
});
