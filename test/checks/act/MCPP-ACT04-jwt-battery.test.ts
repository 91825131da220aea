/**
 * MCPP-ACT04 on the JWT forgery battery (`i.jwt(case)`): each case is its own key, judged like
 * the unsigned JWT; a `jku`/`x5u` fetch fails on its own; unsent cases and an unreachable key
 * server are named in the passing message.
 */
import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/act/MCPP-ACT04.js';
import type { JwtBattery, JwtCase, JwtCaseName } from '../../../src/evidence/auth-types.js';
import { JWT_CASES } from '../../../src/evidence/auth-types.js';
import type { HttpReply, Probe } from '../../../src/evidence/types.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import { TOKEN_PROBES_SKIPPED } from '../../helpers/oauth.js';
import { oauthEvidence, withCredentials } from '../../helpers/oauth-rs.js';

type ReplyOpts = NonNullable<Parameters<EvidenceBuilder['reply']>[0]>;

const invalid401: ReplyOpts = {
  status: 401,
  mediaType: null,
  headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
};
const served: ReplyOpts = { result: { protocolVersion: '2025-11-25', capabilities: {} } };

type Spec = ReplyOpts | { skip: string } | { reply: ReplyOpts; fetches: number };

function sent(b: EvidenceBuilder, opts: ReplyOpts): Probe<HttpReply> {
  const reply = b.reply(opts);
  withCredentials(b, reply.exchange);
  return b.ok(reply);
}

/** The battery with every case refused 401 invalid_token unless `specs` says otherwise. */
function battery(specs: Partial<Record<JwtCaseName, Spec>> = {}, reachable = true) {
  return oauthEvidence((d, b, ev) => {
    ev.settings.mode = 'intrusive';
    const cases: JwtCase[] = JWT_CASES.map((name) => {
      const spec = specs[name] ?? invalid401;
      if ('skip' in spec)
        return {
          name,
          header: null,
          claims: null,
          probe: { kind: 'skipped', reason: 'no_token', detail: spec.skip },
        };
      const reply = 'fetches' in spec ? spec.reply : spec;
      const fetches =
        'fetches' in spec
          ? Array.from({ length: spec.fetches }, (_, i) => ({
              method: 'GET',
              path: `/k/${name}`,
              atMs: i,
              status: 200,
            }))
          : name === 'jku' || name === 'x5u'
            ? []
            : undefined;
      return {
        name,
        header: { alg: 'RS256' },
        claims: 'synthesized',
        probe: sent(b, reply),
        ...(fetches ? { fetches } : {}),
      };
    });
    const value: JwtBattery = {
      jwks: null,
      keyServer: { origin: 'http://127.0.0.1:9', refused: [], reachable },
      cases,
    };
    d.tokenProbes = {
      ...TOKEN_PROBES_SKIPPED,
      forged: sent(b, invalid401),
      jwtBattery: {
        kind: 'ok',
        value,
        exchanges: cases.flatMap((c) => (c.probe.kind === 'ok' ? c.probe.exchanges : [])),
      },
    };
  });
}

testCheck(check, {
  pass: [
    { name: 'every forgery refused with 401 invalid_token', evidence: battery() },
    {
      name: 'forgeries refused with a bare 401',
      evidence: battery({ 'kid-confusion': { status: 401, mediaType: null } }),
    },
  ],
  fail: [
    {
      name: 'kid confusion served',
      evidence: battery({ 'kid-confusion': served }),
      key: 'kid-confusion',
      severity: 'critical',
    },
    {
      name: 'HS256 with the public key served',
      evidence: battery({ 'hs256-public-key': served }),
      key: 'hs256-public-key',
      severity: 'critical',
    },
    {
      name: 'embedded jwk served',
      evidence: battery({ 'embedded-jwk': served }),
      key: 'embedded-jwk',
      severity: 'critical',
    },
    {
      name: 'jku fetched though the token was refused',
      evidence: battery({ jku: { reply: invalid401, fetches: 1 } }),
      key: 'jku',
      severity: 'critical',
    },
    {
      name: 'x5u fetched and served',
      evidence: battery({ x5u: { reply: served, fetches: 2 } }),
      key: 'x5u',
      severity: 'critical',
    },
    {
      name: 'stripped signature served',
      evidence: battery({ 'stripped-signature': served }),
      key: 'stripped-signature',
      severity: 'critical',
    },
    {
      name: 'tampered signature accepted, refused only for scope',
      evidence: battery({
        'tampered-signature': {
          status: 403,
          mediaType: null,
          headers: { 'www-authenticate': 'Bearer error="insufficient_scope"' },
        },
      }),
      key: 'tampered-signature',
      severity: 'critical',
    },
    {
      name: 'expired token served',
      evidence: battery({ expired: served }),
      key: 'expired',
      severity: 'high',
    },
    {
      name: 'a forgery answered 403',
      evidence: battery({ 'embedded-jwk': { status: 403, mediaType: null } }),
      key: 'status',
      severity: 'medium',
    },
  ],
});

describe('MCPP-ACT04 JWT battery', () => {
  it('every forgery refused: one pass naming them all', () => {
    const { status, results } = runCheck(check, battery());
    expect(status).toBe('pass');
    expect(results).toHaveLength(1);
    expect(results[0]!.message).toContain("an HS256 JWT keyed with the AS's public key");
    expect(results[0]!.message).toContain('the expired token');
    expect(results[0]!.message).not.toContain('Not sent');
  });

  it('cases not sent are named with the reason; an unreachable key server is said', () => {
    const ev = battery(
      {
        'kid-confusion': { skip: 'the authorization server publishes no jwks_uri' },
        expired: { skip: 'needs --expired-token-env' },
      },
      false,
    );
    const [r] = runCheck(check, ev).results;
    expect(r!.status).toBe('pass');
    expect(r!.message).toContain(
      'Not sent: kid-confusion (the authorization server publishes no jwks_uri); expired (needs --expired-token-env).',
    );
    expect(r!.message).toContain('out of a non-loopback target');
  });

  it('one result per failing case, the fetch result cites the case request', () => {
    const { results } = runCheck(
      check,
      battery({ 'embedded-jwk': served, jku: { reply: served, fetches: 1 } }),
    );
    expect(results.map((r) => [r.status, r.key])).toEqual([
      ['fail', 'jku'],
      ['fail', 'embedded-jwk'],
    ]);
    expect(results[0]!.message).toContain('fetched the jku URL');
    expect(results[0]!.message).toContain('then answered 200');
  });
});
