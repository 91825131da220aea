import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/act/MCPP-ACT02.js';
import type { Probe, HttpReply } from '../../../src/evidence/types.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import { evidence } from '../../helpers/evidence.js';
import { MCP_URL, oauthEvidence, TOKEN_PROBES_SKIPPED } from '../../helpers/oauth.js';

/** The opening request with the token only as `?access_token=` (no Authorization header), answered `opts`. */
function queryReply(b: EvidenceBuilder, opts: Parameters<EvidenceBuilder['reply']>[0]): Probe<HttpReply> {
  return b.ok(b.reply({ url: `${MCP_URL}?access_token=[REDACTED]`, ...opts }));
}

/** An intrusive token scan whose `t.query` is built by `make`. */
const intrusive = (make: (b: EvidenceBuilder) => Probe<HttpReply>) =>
  oauthEvidence((d, b, ev) => {
    ev.settings.mode = 'intrusive';
    ev.settings.tokenSupplied = true;
    d.tokenProbes = { ...TOKEN_PROBES_SKIPPED, query: make(b) };
  });

const refused401 = (b: EvidenceBuilder) =>
  queryReply(b, {
    status: 401,
    mediaType: null,
    headers: { 'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1:3000/.well-known/x"' },
  });

testCheck(check, {
  pass: [
    { name: 'query-string token refused with 401', evidence: intrusive(refused401) },
    {
      name: 'query-string token refused with 400 (any refusal passes)',
      evidence: intrusive((b) =>
        queryReply(b, { status: 400, error: { code: -32001, message: 'Unauthorized' }, id: null }),
      ),
    },
  ],
  fail: [
    {
      name: 'query-string token served',
      evidence: intrusive((b) => queryReply(b, { result: b.initResult() })),
      key: 'served',
      severity: 'high',
    },
    {
      name: 'query-string token got past the token check to a JSON-RPC error',
      evidence: intrusive((b) =>
        queryReply(b, { status: 404, error: { code: -32601, message: 'Method not found' } }),
      ),
      key: 'served',
      severity: 'high',
    },
  ],
  inconclusive: [
    {
      name: 'intrusive mode without a token (query skipped: no_token)',
      evidence: intrusive(() => ({ kind: 'skipped', reason: 'no_token', detail: 'needs --token' })),
      reason: 'needs_token',
    },
    {
      name: 'safe-mode token scan (t.query skipped: mode_disabled)',
      evidence: oauthEvidence((_d, _b, ev) => {
        ev.settings.tokenSupplied = true;
      }),
      reason: 'mode_disabled',
    },
    {
      name: 'no token supplied (engine gate, whatever the mode)',
      evidence: oauthEvidence((_d, _b, ev) => {
        ev.settings.mode = 'intrusive';
      }),
      reason: 'needs_token',
    },
    {
      name: 'query-string request answered 502',
      evidence: intrusive((b) => queryReply(b, { status: 502, mediaType: 'text/html' })),
      reason: 'fetch_failed',
    },
    {
      name: 'query-string request answered 429',
      evidence: intrusive((b) => queryReply(b, { status: 429, mediaType: null })),
      reason: 'rate_limited',
    },
    {
      name: 'query-string request redirected',
      evidence: intrusive((b) =>
        queryReply(b, { status: 307, mediaType: null, location: 'http://127.0.0.1:3000/login' }),
      ),
      reason: 'ambiguous',
    },
    {
      name: 'query-string request timed out',
      evidence: intrusive((b) => b.failed('timeout')),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    {
      name: 'no authorization in use (intrusive token scan)',
      evidence: evidence((ev) => {
        ev.settings.mode = 'intrusive';
        ev.settings.tokenSupplied = true;
      }),
      reason: 'no_auth',
    },
    { name: 'no authorization in use (no token)', evidence: evidence(), reason: 'no_auth' },
  ],
});

describe('MCPP-ACT02 results', () => {
  it('the fail cites the query-string exchange and says it was served', () => {
    let id = '';
    const ev = intrusive((b) => {
      const p = queryReply(b, { result: b.initResult() });
      if (p.kind === 'ok') id = p.value.exchange;
      return p;
    });
    const { results } = runCheck(check, ev);
    expect(results).toHaveLength(1);
    expect(results[0]!.evidence).toEqual([id]);
    expect(results[0]!.message).toBe('The request with the token only as ?access_token= was served: 200.');
  });

  it('the pass names the refusal status', () => {
    const [r] = runCheck(check, intrusive(refused401)).results;
    expect(r!.status).toBe('pass');
    expect(r!.message).toBe('The token in the query string was not accepted (401).');
  });

  it('a safe-mode token scan says the query probe needs --mode intrusive', () => {
    const ev = oauthEvidence((_d, _b, e) => {
      e.settings.tokenSupplied = true;
    });
    const [r] = runCheck(check, ev).results;
    expect(r!.reason).toBe('mode_disabled');
    expect(r!.message).toContain('needs --mode intrusive');
  });

  it('the 5xx inconclusive names the status', () => {
    const [r] = runCheck(
      check,
      intrusive((b) => queryReply(b, { status: 503, mediaType: null })),
    ).results;
    expect(r!.reason).toBe('fetch_failed');
    expect(r!.message).toBe('The request with a query-string token was answered 503.');
  });
});
