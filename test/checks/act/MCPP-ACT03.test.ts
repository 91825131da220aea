import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/act/MCPP-ACT03.js';
import type { OtherTokenProbe, TokenShape } from '../../../src/evidence/auth-types.js';
import type { Probe, HttpReply } from '../../../src/evidence/types.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import { evidence } from '../../helpers/evidence.js';
import type { OAuthDraft, Patchable } from '../../helpers/oauth.js';
import { goodPrm, MCP_URL, oauthEvidence, TOKEN_PROBES_SKIPPED } from '../../helpers/oauth.js';
import { setPrm, withCredentials } from '../../helpers/oauth-rs.js';

const OTHER_AUD = 'https://api.other.example/';

const jwt = (claims: Record<string, unknown>): TokenShape => ({ kind: 'jwt', claims });
const FOREIGN_JWT = jwt({ iss: 'http://127.0.0.1:4000', aud: OTHER_AUD, sub: 'u1' });

/** A reply to a request that carried the second token (the recorded request has an Authorization header). */
function sent(b: EvidenceBuilder, opts: Parameters<EvidenceBuilder['reply']>[0]): Probe<HttpReply> {
  const reply = b.reply(opts);
  withCredentials(b, reply.exchange);
  return b.ok(reply);
}

const refused401 = (b: EvidenceBuilder) =>
  sent(b, {
    status: 401,
    mediaType: null,
    headers: { 'www-authenticate': 'Bearer error="invalid_token", error_description="audience mismatch"' },
  });

const served = (b: EvidenceBuilder, result: unknown = b.initResult()) => sent(b, { result });

/** `t.foreign` as the probe records it: the opening request, then tools/list when the opening was served. */
function foreignProbe(
  token: TokenShape,
  replies: { method: string; probe: Probe<HttpReply> }[],
): Probe<OtherTokenProbe> {
  return {
    kind: 'ok',
    value: { token, replies },
    exchanges: replies.flatMap((r) => (r.probe.kind === 'skipped' ? [] : r.probe.exchanges)),
  };
}

/** A token scan of the protected server with `t.foreign` built by `make`. */
function scan(
  make: (b: EvidenceBuilder, d: OAuthDraft, ev: Patchable) => Probe<OtherTokenProbe>,
): ReturnType<typeof oauthEvidence> {
  return oauthEvidence((d, b, ev) => {
    ev.settings.tokenSupplied = true;
    d.tokenProbes = { ...TOKEN_PROBES_SKIPPED, foreign: make(b, d, ev) };
  });
}

/** The second token answered `opening` on the opening request (tools/list not sent, as the probe does). */
const opening = (token: TokenShape, answer: (b: EvidenceBuilder) => Probe<HttpReply>) =>
  scan((b) => foreignProbe(token, [{ method: 'initialize', probe: answer(b) }]));

/** PRM `resource` on a public https origin (to exercise default-port and trailing-slash spellings). */
const HTTPS_RESOURCE = 'https://mcp.example.com/mcp';

testCheck(check, {
  pass: [
    { name: 'second token refused with 401 invalid_token', evidence: opening(FOREIGN_JWT, refused401) },
    {
      name: 'second token with an aud array naming only other resources refused with 401',
      evidence: opening(jwt({ aud: ['https://a.example', 'https://b.example/api'] }), refused401),
    },
    {
      name: 'PRM resource is https://…/mcp and aud is another path on the same origin',
      evidence: scan((b, d) => {
        setPrm(d, b, goodPrm({ resource: HTTPS_RESOURCE }));
        return foreignProbe(jwt({ aud: 'https://mcp.example.com/other' }), [
          { method: 'initialize', probe: refused401(b) },
        ]);
      }),
    },
  ],
  fail: [
    {
      name: 'opening request and tools/list served with the second token',
      evidence: scan((b) =>
        foreignProbe(FOREIGN_JWT, [
          { method: 'initialize', probe: served(b) },
          { method: 'tools/list', probe: served(b, { tools: [] }) },
        ]),
      ),
      key: 'served',
      severity: 'critical',
    },
    {
      name: 'opening request answered 200 with a JSON-RPC error from past the token check',
      evidence: opening(FOREIGN_JWT, (b) =>
        sent(b, { status: 200, error: { code: -32602, message: 'Unsupported protocol version' } }),
      ),
      key: 'served',
      severity: 'critical',
    },
    {
      name: 'opening answered 200 with a token error, but tools/list served',
      evidence: scan((b) =>
        foreignProbe(FOREIGN_JWT, [
          {
            method: 'initialize',
            probe: sent(b, { status: 200, error: { code: -32001, message: 'Invalid token audience' } }),
          },
          { method: 'tools/list', probe: served(b, { tools: [] }) },
        ]),
      ),
      key: 'served',
    },
    {
      name: 'a JWT without aud served (nothing names this resource)',
      evidence: scan((b) =>
        foreignProbe(jwt({ iss: 'http://127.0.0.1:4000' }), [{ method: 'initialize', probe: served(b) }]),
      ),
      key: 'served',
    },
  ],
  inconclusive: [
    {
      name: 'no second token (foreign skipped: no_token)',
      evidence: scan(() => TOKEN_PROBES_SKIPPED.foreign),
      reason: 'needs_second_token',
    },
    {
      name: 'opaque second token (even when served)',
      evidence: opening({ kind: 'opaque', claims: null }, (b) => served(b)),
      reason: 'opaque_token',
    },
    {
      name: 'JWT-looking second token whose claims did not decode',
      evidence: opening({ kind: 'jwt', claims: null }, refused401),
      reason: 'opaque_token',
    },
    {
      name: 'aud names this resource (exact)',
      evidence: opening(jwt({ aud: MCP_URL }), (b) => served(b)),
      reason: 'ambiguous',
    },
    {
      name: 'aud names this resource with a trailing slash, inside an array',
      evidence: opening(jwt({ aud: ['https://a.example', `${MCP_URL}/`] }), refused401),
      reason: 'ambiguous',
    },
    {
      name: 'aud names the https resource with its default port :443',
      evidence: scan((b, d) => {
        setPrm(d, b, goodPrm({ resource: HTTPS_RESOURCE }));
        return foreignProbe(jwt({ aud: 'https://MCP.example.com:443/mcp' }), [
          { method: 'initialize', probe: served(b) },
        ]);
      }),
      reason: 'ambiguous',
    },
    {
      name: 'without a PRM resource, aud names the endpoint URL',
      evidence: scan((b, d) => {
        setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' });
        return foreignProbe(jwt({ aud: MCP_URL }), [{ method: 'initialize', probe: refused401(b) }]);
      }),
      reason: 'ambiguous',
    },
    {
      name: 'second token refused with 403 (audience enforced, but not with 401)',
      evidence: opening(FOREIGN_JWT, (b) =>
        sent(b, {
          status: 403,
          mediaType: null,
          headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
        }),
      ),
      reason: 'ambiguous',
    },
    {
      name: 'second token refused with a bare 400',
      evidence: opening(FOREIGN_JWT, (b) => sent(b, { status: 400, mediaType: null })),
      reason: 'ambiguous',
    },
    {
      name: 'opening request answered 500',
      evidence: opening(FOREIGN_JWT, (b) => sent(b, { status: 500, mediaType: 'text/plain' })),
      reason: 'fetch_failed',
    },
    {
      name: 'opening request answered 429',
      evidence: opening(FOREIGN_JWT, (b) => sent(b, { status: 429, mediaType: null })),
      reason: 'rate_limited',
    },
    {
      name: 'opening request redirected',
      evidence: opening(FOREIGN_JWT, (b) =>
        sent(b, { status: 302, mediaType: null, location: 'https://login.example/' }),
      ),
      reason: 'ambiguous',
    },
    {
      name: 'opening request timed out',
      evidence: opening(FOREIGN_JWT, (b) => b.failed('timeout')),
      reason: 'fetch_failed',
    },
    {
      name: 'the whole foreign probe failed to connect',
      evidence: scan((b) => b.failed('connect')),
      reason: 'fetch_failed',
    },
    {
      name: 'foreign probe recorded no request',
      evidence: scan(() => foreignProbe(FOREIGN_JWT, [])),
      reason: 'probe_unavailable',
    },
    { name: 'no user token supplied (engine gate)', evidence: oauthEvidence(), reason: 'needs_token' },
  ],
  notApplicable: [
    {
      name: 'no authorization in use (token supplied)',
      evidence: evidence((ev) => {
        ev.settings.tokenSupplied = true;
      }),
      reason: 'no_auth',
    },
    { name: 'no authorization in use (no token)', evidence: evidence(), reason: 'no_auth' },
  ],
});

describe('MCPP-ACT03 results', () => {
  it('cites the served tools/list exchange and names the method and audience', () => {
    let toolsList = '';
    const ev = scan((b) => {
      const list = served(b, { tools: [] });
      if (list.kind === 'ok') toolsList = list.value.exchange;
      return foreignProbe(FOREIGN_JWT, [
        {
          method: 'initialize',
          probe: sent(b, { status: 200, error: { code: -32001, message: 'Invalid token audience' } }),
        },
        { method: 'tools/list', probe: list },
      ]);
    });
    const { status, results } = runCheck(check, ev);
    expect(status).toBe('fail');
    expect(results).toHaveLength(1);
    expect(results[0]!.key).toBe('served');
    expect(results[0]!.severity).toBe('critical');
    expect(results[0]!.evidence).toEqual([toolsList]);
    expect(results[0]!.message).toContain('tools/list with a token issued for "https://api.other.example/"');
    expect(results[0]!.message).toContain('The audience is not validated.');
  });

  it('says when a served answer was a JSON-RPC error from past the token check', () => {
    const ev = opening(FOREIGN_JWT, (b) =>
      sent(b, { status: 200, error: { code: -32602, message: 'Unsupported protocol version' } }),
    );
    const [r] = runCheck(check, ev).results;
    expect(r!.message).toContain('initialize with a token issued for');
    expect(r!.message).toContain('200 (a JSON-RPC error from past the token check)');
  });

  it('the pass names the foreign audience', () => {
    const [r] = runCheck(check, opening(FOREIGN_JWT, refused401)).results;
    expect(r!.status).toBe('pass');
    expect(r!.message).toBe('A token issued for "https://api.other.example/" was refused with 401.');
  });

  it('the 403 refusal says which status it got', () => {
    const [r] = runCheck(
      check,
      opening(FOREIGN_JWT, (b) => sent(b, { status: 403, mediaType: null })),
    ).results;
    expect(r!.reason).toBe('ambiguous');
    expect(r!.message).toContain('refused with 403, not 401');
  });
});
