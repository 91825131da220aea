import { defineCheck } from '../define-check.js';
import type { CheckContext, Verdict } from '../define-check.js';
import type { SessionReplay } from '../../evidence/auth-types.js';
import type { Probe, HttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { responseHeader, sentCredentials } from '../shared/exchanges.js';
import { noAuth } from './discovery.js';
import { judgeSessionAnswer } from '../shared/token-answer.js';

const is2xx = (s: number) => s >= 200 && s < 300;
const servedOk = (p: Probe<HttpReply>): p is Extract<Probe<HttpReply>, { kind: 'ok' }> =>
  p.kind === 'ok' && is2xx(p.value.status) && p.value.response?.result !== undefined;

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN10',
    title: 'Session IDs are not credentials',
    requirement:
      'A session established with a token cannot be used without it; a missing session header never yields 401.',
    keyword: 'MUST NOT',
    revisions: revisionRange('2025-06-18', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['auth', 'settings', 'detection', 'exchanges', 'oauth?', 'sessions?'],
    rating: { scope: 'authorization' },
    chain: { hop: 'challenge' },
    keys: {
      replay: 'the session opened with the token was served without Authorization (critical)',
      indicator:
        'a 401 appears when only Mcp-Session-Id is missing or unknown while the session was served (medium)',
    },
    severity: 'critical',
    citations: [
      mcp('2025-11-25', 'basic/security_best_practices', 'Session Hijacking'),
      mcp('2025-06-18', 'basic/security_best_practices', 'Session Hijacking'),
    ],
    rationale:
      'A session ID is not a secret bound to a user: it travels in logs, can be guessed or replayed, and is shared with every component on the path. A server that treats possession of a session ID as proof of identity lets anyone holding one act as that user.',
    remediation:
      'Authenticate every request from its `Authorization` header (validate the token each time) and use `Mcp-Session-Id` only to find protocol state, bound to the authenticated user. A request without a session ID should get 400 (or be served statelessly), never 401.',
    evidence:
      'Indicator (safe): the post-initialization `tools/list` served on the session (`p.list.baseline`) while the same request without or with an unknown `Mcp-Session-Id` (`s.session.none`, `s.session.unknown`, and the session-less `tools/list` of `s.methods.noauth`) is answered 401. Definitive (token): `t.session-replay` — initialize with the token, then `tools/list` on that session with the token (control), and without any `Authorization` header (the replay).',
    traps:
      'Servers binding sessions to the token and re-validating the token on every request pass; custom session-token schemes (a login method returning a token used as `Mcp-Session-Id`) show the indicator.',
    notes:
      'Definitive in token mode (`t.session-replay`): the replay answered by the session (2xx with a JSON-RPC result or error) fails with key `replay` (critical); refused passes — a 401, or a 4xx such as 404 "Session not found" from a server that binds sessions to their token; when the control request with the token is not answered by the session itself the result is inconclusive (`ambiguous`). Without a token, the safe indicator: a 401 that appears when only `Mcp-Session-Id` is missing or unknown, while the session itself was served (key `indicator`, medium, conf. medium; the message says whether the 401 carries a Bearer challenge). Otherwise inconclusive: `needs_token` without a token, `probe_unavailable` with one when the replay could not run (the authenticated initialize issued no session). Not applicable: no authorization (`no_auth`), or a handshake without session IDs (`feature_absent`).',
  },
  evaluate(ev, ctx) {
    const gate = noAuth(ev, ctx);
    if (gate) return gate;
    const legacy = ev.sessions;
    if (legacy && legacy.sessionId === null) {
      return ctx.notApplicable('feature_absent', 'The server issued no session ID.');
    }
    if (!legacy && !ev.detection.authWall) {
      return ctx.notApplicable(
        'feature_absent',
        'No legacy session was established; sessions are not in use.',
      );
    }
    const replay = ev.oauth?.tokenProbes.sessionReplay;
    if (replay?.kind === 'ok') return judgeReplay(ctx, replay.value);
    if (legacy && servedOk(legacy.baseline)) {
      const baseline = legacy.baseline.value;
      const tokenOnBaseline = sentCredentials(ev, baseline.exchange);
      const noAuthList = ev.oauth?.methodsNoAuth.find((m) => m.method === 'tools/list')?.probe;
      const variants: [string, Probe<HttpReply> | undefined][] = [
        ['without Mcp-Session-Id', legacy.sessionNone],
        ['with an unknown Mcp-Session-Id', legacy.sessionUnknown],
        ['without Mcp-Session-Id (s.methods.noauth)', noAuthList],
      ];
      for (const [name, p] of variants) {
        if (p?.kind !== 'ok' || p.value.status !== 401) continue;
        // A 401 for a request that lacked the token the served request carried proves nothing.
        if (tokenOnBaseline && !sentCredentials(ev, p.value.exchange)) continue;
        const challenge = responseHeader(ev, p.value.exchange, 'www-authenticate');
        const bearer = challenge.some((v) => /bearer/i.test(v));
        return ctx.fail(
          `tools/list on the session was served (${baseline.status}), but the same request ${name} got 401${bearer ? '' : ' without a Bearer challenge'}: the session ID acts as the credential.`,
          [baseline.exchange, p.value.exchange],
          { key: 'indicator', severity: 'medium', confidence: 'medium' },
        );
      }
    }
    // A recorded request on the session established with the token, sent without Authorization, is the replay.
    if (legacy?.sessionId && sentCredentials(ev, legacy.init.exchange)) {
      const replays = ev.exchanges.filter(
        (x) =>
          x.response &&
          x.request.headers['mcp-session-id'] === legacy.sessionId &&
          !sentCredentials(ev, x.id),
      );
      const served = replays.filter((x) => is2xx(x.response!.status));
      if (served.length > 0) {
        return ctx.fail(
          `The session established with the token was used without Authorization and served (${served.map((x) => `${x.request.method} ${x.response!.status}`).join(', ')}).`,
          served.slice(0, 5).map((x) => x.id),
          { key: 'replay' },
        );
      }
      if (replays.length > 0) {
        const statuses = [...new Set(replays.map((x) => x.response!.status))].join(', ');
        return ctx.pass(
          `Requests on the session established with the token, sent without Authorization, were refused (${statuses}).`,
          replays.slice(0, 5).map((x) => x.id),
        );
      }
    }
    if (ev.settings.tokenSupplied) {
      const why = replay?.kind === 'skipped' && replay.detail ? ` (${replay.detail})` : '';
      return ctx.inconclusive(
        'probe_unavailable',
        `No session-as-credential indicator, and the session-replay probe could not run${why}.`,
      );
    }
    return ctx.inconclusive(
      'needs_token',
      'No session-as-credential indicator; a token (--token) is needed to replay a session without it.',
    );
  },
});

/** `t.session-replay`: the session opened with the token, used without it. */
function judgeReplay(ctx: CheckContext, r: SessionReplay): Verdict {
  const control = r.control;
  if (control.kind !== 'ok')
    return ctx.fromProbe(control, 'tools/list with the token on the session it opened');
  if (judgeSessionAnswer(control.value) !== 'served') {
    return ctx.inconclusive(
      'ambiguous',
      `tools/list with the token on the session it opened was not served (${control.value.status}), so a refusal without the token would prove nothing.`,
      [r.open.exchange, control.value.exchange],
    );
  }
  const replay = r.withoutToken;
  if (replay.kind !== 'ok') return ctx.fromProbe(replay, 'tools/list on the session without Authorization');
  const ids = [r.open.exchange, control.value.exchange, replay.value.exchange];
  const s = replay.value.status;
  const answer = judgeSessionAnswer(replay.value);
  if (answer === 'served') {
    const how = replay.value.response?.error === undefined ? '' : ' (a JSON-RPC error from the session)';
    return ctx.fail(
      `The session opened with the token was used without Authorization and served: ${s}${how}. The session ID acts as the credential.`,
      ids,
      { key: 'replay' },
    );
  }
  if (answer !== 'refused')
    return ctx.inconclusive(
      answer,
      `tools/list on the session without Authorization was answered ${s}.`,
      ids,
    );
  return ctx.pass(
    `tools/list on the session opened with the token was refused without Authorization (${s}), and served with it.`,
    ids,
  );
}
