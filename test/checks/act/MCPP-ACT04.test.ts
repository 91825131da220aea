import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/act/MCPP-ACT04.js';
import type { SessionReplay } from '../../../src/evidence/auth-types.js';
import type { Probe, HttpReply } from '../../../src/evidence/types.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import { evidence } from '../../helpers/evidence.js';
import { knownRevisions, TOKEN_PROBES_SKIPPED } from '../../helpers/oauth.js';
import { oauthEvidence, withCredentials } from '../../helpers/oauth-rs.js';

type ReplyOpts = Parameters<EvidenceBuilder['reply']>[0];

/** A reply to a request that carried a (crafted) Authorization header. */
function sent(b: EvidenceBuilder, opts: ReplyOpts): Probe<HttpReply> {
  const reply = b.reply(opts);
  withCredentials(b, reply.exchange);
  return b.ok(reply);
}

const invalid401: ReplyOpts = {
  status: 401,
  mediaType: null,
  headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
};
const servedList: ReplyOpts = { result: { tools: [] } };

/** `t.session-replay`: the session opened and served with the user token; its garbage-token leg answered `garbage`. */
function sessionReplay(b: EvidenceBuilder, garbage: ReplyOpts): Probe<SessionReplay> {
  const open = b.reply({ result: b.initResult('2025-11-25'), sessionId: 'sess-1' });
  withCredentials(b, open.exchange);
  return {
    kind: 'ok',
    value: {
      open,
      control: sent(b, servedList),
      withoutToken: b.ok(
        b.reply({ status: 401, mediaType: null, headers: { 'www-authenticate': 'Bearer' } }),
      ),
      garbageToken: sent(b, garbage),
    },
    exchanges: [open.exchange],
  };
}

/**
 * The protected server with the token-tier variants: `forged` (intrusive `s.token.forged`) and
 * `session` (the garbage-token leg of `t.session-replay`); the garbage token is refused 401 invalid_token
 * unless `garbage` says otherwise.
 */
const variants = (v: { forged?: ReplyOpts; session?: ReplyOpts; garbage?: ReplyOpts }) =>
  oauthEvidence((d, b, ev) => {
    if (v.forged) ev.settings.mode = 'intrusive';
    if (v.session) ev.settings.tokenSupplied = true;
    if (v.garbage) d.garbageToken = b.ok(b.reply(v.garbage));
    d.tokenProbes = {
      ...TOKEN_PROBES_SKIPPED,
      ...(v.forged ? { forged: sent(b, v.forged) } : {}),
      ...(v.session ? { sessionReplay: sessionReplay(b, v.session) } : {}),
    };
  });

testCheck(check, {
  pass: [
    { name: 'garbage token gets 401 invalid_token', evidence: oauthEvidence() },
    {
      name: 'garbage, forged and session-garbage tokens all get 401',
      evidence: variants({ forged: invalid401, session: invalid401 }),
    },
    {
      name: 'forged token refused with a bare 401 (its error code is not judged)',
      evidence: variants({ forged: { status: 401, mediaType: null } }),
    },
    {
      name: 'garbage token on the session answered 404 Session not found (the session refused first)',
      evidence: variants({ session: { status: 404, error: { code: -32001, message: 'Session not found' } } }),
    },
  ],
  fail: [
    {
      name: 'garbage token served',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(b.reply({ result: { supportedVersions: ['2026-07-28'] } }));
      }),
      key: 'garbage',
      severity: 'critical',
    },
    {
      name: 'garbage token got past the token check to a protocol error',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(b.reply({ status: 404, error: { code: -32601, message: 'Method not found' } }));
      }),
      key: 'garbage',
      severity: 'critical',
    },
    {
      name: 'garbage token refused with 403',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(b.reply({ status: 403, mediaType: null }));
      }),
      key: 'status',
      severity: 'medium',
    },
    {
      name: 'garbage token refused with 400 and a JSON-RPC error about the token',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(
          b.reply({ status: 400, error: { code: -32001, message: 'Invalid token' }, id: null }),
        );
      }),
      key: 'status',
    },
    {
      name: '401 without error="invalid_token"',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(
          b.reply({ status: 401, mediaType: null, headers: { 'www-authenticate': 'Bearer realm="mcp"' } }),
        );
      }),
      key: 'error-code',
      severity: 'low',
    },
    {
      name: 'forged (alg: none) token served',
      evidence: variants({ forged: { result: { protocolVersion: '2025-11-25', capabilities: {} } } }),
      key: 'forged',
      severity: 'critical',
    },
    {
      name: 'forged token got past the token check to a JSON-RPC error',
      evidence: variants({
        forged: { status: 400, error: { code: -32602, message: 'Unsupported version' } },
      }),
      key: 'forged',
      severity: 'critical',
    },
    {
      name: 'forged token refused only for scope (403 insufficient_scope)',
      evidence: variants({
        forged: {
          status: 403,
          mediaType: null,
          headers: { 'www-authenticate': 'Bearer error="insufficient_scope", scope="mcp:admin"' },
        },
      }),
      key: 'forged',
      severity: 'critical',
    },
    {
      name: 'garbage token on the user-token session served',
      evidence: variants({ session: servedList }),
      key: 'session-garbage',
      severity: 'critical',
    },
    {
      name: 'garbage token on the user-token session refused only for scope (401 insufficient_scope)',
      evidence: variants({
        session: {
          status: 401,
          mediaType: null,
          headers: { 'www-authenticate': 'Bearer error="insufficient_scope"' },
        },
      }),
      key: 'session-garbage',
      severity: 'critical',
    },
    {
      name: 'forged token refused with 403 without insufficient_scope',
      evidence: variants({
        forged: {
          status: 403,
          mediaType: null,
          headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
        },
      }),
      key: 'status',
      severity: 'medium',
    },
    {
      name: 'garbage token on the user-token session refused with a bare 403',
      evidence: variants({ session: { status: 403, mediaType: null } }),
      key: 'status',
      severity: 'medium',
    },
  ],
  inconclusive: [
    {
      name: 'garbage token answered 500',
      evidence: oauthEvidence((d, b) => {
        d.garbageToken = b.ok(b.reply({ status: 500, mediaType: 'text/plain' }));
      }),
      reason: 'fetch_failed',
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
      name: 'optional auth that ignores the Authorization header',
      evidence: oauthEvidence((d, b, ev) => {
        ev.detection.authWall = false;
        d.garbageToken = b.ok(b.reply({ result: { tools: [] } }));
      }),
      reason: 'no_auth',
    },
    {
      name: 'only 2024-11-05 known',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2024-11-05'])),
      reason: 'revision',
    },
  ],
});

describe('MCPP-ACT04 token-tier variants', () => {
  it('all variants refused with 401: one pass that names the extra variants', () => {
    const { status, results } = runCheck(check, variants({ forged: invalid401, session: invalid401 }));
    expect(status).toBe('pass');
    expect(results).toHaveLength(1);
    expect(results[0]!.message).toBe(
      'A garbage bearer token got 401 with error="invalid_token". Also refused with 401: an unsigned (alg: none) JWT naming the issuer and resource; a random bearer token on a session opened with the user token.',
    );
  });

  it('without the token-tier variants the pass message is unchanged', () => {
    const [r] = runCheck(check, oauthEvidence()).results;
    expect(r!.message).toBe('A garbage bearer token got 401 with error="invalid_token".');
  });

  it('a failing variant replaces the garbage pass and cites only its own exchange', () => {
    let forged = '';
    const ev = oauthEvidence((d, b, e) => {
      e.settings.mode = 'intrusive';
      const p = sent(b, servedList);
      if (p.kind === 'ok') forged = p.value.exchange;
      d.tokenProbes = { ...TOKEN_PROBES_SKIPPED, forged: p };
    });
    const { results } = runCheck(check, ev);
    expect(results.map((r) => [r.status, r.key, r.severity])).toEqual([['fail', 'forged', 'critical']]);
    expect(results[0]!.evidence).toEqual([forged]);
    expect(results[0]!.message).toBe(
      'A request with an unsigned (alg: none) JWT naming the issuer and resource was served: 200.',
    );
  });

  it('the scope-only refusal says the token was accepted', () => {
    const ev = variants({
      forged: {
        status: 403,
        mediaType: null,
        headers: { 'www-authenticate': 'Bearer error="insufficient_scope"' },
      },
    });
    const [r] = runCheck(check, ev).results;
    expect(r!.message).toContain(
      'was accepted as a valid token and refused only for scope (403 insufficient_scope)',
    );
  });

  it('garbage token and forged token both failing: both results', () => {
    const ev = variants({ garbage: { result: { tools: [] } }, forged: servedList });
    const { status, results } = runCheck(check, ev);
    expect(status).toBe('fail');
    expect(results.map((r) => [r.status, r.key, r.severity])).toEqual([
      ['fail', 'garbage', 'critical'],
      ['fail', 'forged', 'critical'],
    ]);
  });

  it('garbage 403 (status) and a served session-garbage leg: both results, each with its severity', () => {
    const ev = variants({ garbage: { status: 403, mediaType: null }, session: servedList });
    const { results } = runCheck(check, ev);
    expect(results.map((r) => [r.status, r.key, r.severity])).toEqual([
      ['fail', 'status', 'medium'],
      ['fail', 'session-garbage', 'critical'],
    ]);
  });

  it('every failing variant is its own result', () => {
    const ev = variants({ forged: servedList, session: { status: 403, mediaType: null } });
    const { results } = runCheck(check, ev);
    expect(results.map((r) => [r.status, r.key, r.severity])).toEqual([
      ['fail', 'forged', 'critical'],
      ['fail', 'status', 'medium'],
    ]);
  });

  it('a variant answered 5xx is not judged (the garbage pass stands, without "Also refused")', () => {
    const ev = variants({ forged: { status: 502, mediaType: 'text/html' } });
    const { status, results } = runCheck(check, ev);
    expect(status).toBe('pass');
    expect(results).toHaveLength(1);
    expect(results[0]!.message).not.toContain('Also refused');
  });
});
