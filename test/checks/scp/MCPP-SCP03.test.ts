import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/scp/MCPP-SCP03.js';
import type { OtherTokenProbe } from '../../../src/evidence/auth-types.js';
import type { Probe, HttpReply } from '../../../src/evidence/types.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import type { OAuthDraft } from '../../helpers/oauth.js';
import { bearer, challenge, PRM_URL, TOKEN_PROBES_SKIPPED } from '../../helpers/oauth.js';
import { oauthEvidence, withCredentials } from '../../helpers/oauth-rs.js';

/** A token scan in which the user's token was refused for scope with `params` and `status`. */
const denied = (params: Record<string, string>, status = 403) =>
  oauthEvidence((d: OAuthDraft, b: EvidenceBuilder, ev) => {
    ev.settings.tokenSupplied = true;
    d.challenges.push(challenge(b, { params, status, credentialsSent: true, probe: 't.rerun' }));
  });

const FULL = { error: 'insufficient_scope', scope: 'mcp:tools mcp:admin', resource_metadata: PRM_URL };

/** How the narrow-scope token was answered on one method: served, or refused with a challenge. */
type Answer = 'served' | { status: number; params: Record<string, string> | null };

/**
 * A token scan with `t.narrow`: the opening request served, then each method answered as given.
 * Refusals go into both the probe's replies and `challenges` (with `probe: 't.narrow'`,
 * `credentialsSent: true`), as src/probe/auth/probe-auth.ts records them.
 */
const narrowScan = (answers: Record<string, Answer>, claims: Record<string, unknown> = {}) =>
  oauthEvidence((d: OAuthDraft, b: EvidenceBuilder, ev) => {
    ev.settings.tokenSupplied = true;
    const reply = (a: Answer): Probe<HttpReply> => {
      if (a === 'served') {
        const r = b.reply({ result: {} });
        withCredentials(b, r.exchange);
        return b.ok(r);
      }
      if (a.params === null) {
        // No WWW-Authenticate: the probe records no challenge for it.
        const r = b.reply({ status: a.status, mediaType: null });
        withCredentials(b, r.exchange);
        return b.ok(r);
      }
      const params = a.params;
      const header = `Bearer ${Object.entries(params)
        .map(([k, v]) => `${k}="${v}"`)
        .join(', ')}`;
      const r = b.reply({ status: a.status, mediaType: null, headers: { 'www-authenticate': header } });
      withCredentials(b, r.exchange);
      d.challenges.push({
        probe: 't.narrow',
        exchange: r.exchange,
        status: a.status,
        header: [header],
        challenges: [bearer(params)],
        parseError: null,
        credentialsSent: true,
      });
      return b.ok(r);
    };
    const replies = [
      { method: 'initialize', probe: reply('served') },
      ...Object.entries(answers).map(([method, a]) => ({ method, probe: reply(a) })),
    ];
    const narrow: Probe<OtherTokenProbe> = {
      kind: 'ok',
      value: {
        token: { kind: 'jwt', claims: { aud: 'http://127.0.0.1:3000/mcp', scope: 'mcp:tools', ...claims } },
        replies,
      },
      exchanges: replies.flatMap((r) => (r.probe.kind === 'skipped' ? [] : r.probe.exchanges)),
    };
    d.tokenProbes = { ...TOKEN_PROBES_SKIPPED, narrow };
  });

const ALL_SERVED = {
  'tools/list': 'served',
  'resources/list': 'served',
  'prompts/list': 'served',
  'tools/call': 'served',
} as const;

testCheck(check, {
  pass: [
    { name: '403 step-up challenge with error, scope and resource_metadata', evidence: denied(FULL) },
    {
      name: 't.narrow: resources/list refused 403 with a full step-up challenge',
      evidence: narrowScan({ ...ALL_SERVED, 'resources/list': { status: 403, params: FULL } }),
    },
  ],
  fail: [
    { name: 'insufficient_scope sent with 401', evidence: denied(FULL, 401), key: '401', severity: 'medium' },
    {
      name: '403 without error code',
      evidence: denied({ scope: 'mcp:admin', resource_metadata: PRM_URL }),
      key: 'no-error',
    },
    {
      name: 'step-up without scope',
      evidence: denied({ error: 'insufficient_scope', resource_metadata: PRM_URL }),
      key: 'no-scope',
    },
    {
      name: 'step-up without resource_metadata',
      evidence: denied({ error: 'insufficient_scope', scope: 'mcp:admin' }),
      key: 'no-resource-metadata',
    },
    {
      name: 't.narrow: the valid narrow token refused with 401 invalid_token',
      evidence: narrowScan({
        ...ALL_SERVED,
        'tools/call': { status: 401, params: { error: 'invalid_token', resource_metadata: PRM_URL } },
      }),
      key: '401',
      severity: 'medium',
    },
    {
      name: 't.narrow: 401 with a full insufficient_scope challenge',
      evidence: narrowScan({ ...ALL_SERVED, 'prompts/list': { status: 401, params: FULL } }),
      key: '401',
    },
    {
      name: 't.narrow: a bare 403 without any challenge',
      evidence: narrowScan({ ...ALL_SERVED, 'tools/list': { status: 403, params: null } }),
      key: 'no-error',
    },
    {
      name: 't.narrow: 403 step-up without scope',
      evidence: narrowScan({
        ...ALL_SERVED,
        'tools/list': { status: 403, params: { error: 'insufficient_scope', resource_metadata: PRM_URL } },
      }),
      key: 'no-scope',
    },
  ],
  inconclusive: [
    { name: 'no token supplied', evidence: oauthEvidence(), reason: 'needs_token' },
    {
      name: 'token supplied but no scope refusal observed (the garbage-token 401 does not count)',
      evidence: oauthEvidence((d, b, ev) => {
        ev.settings.tokenSupplied = true;
        d.challenges.push(
          challenge(b, {
            params: { error: 'invalid_token' },
            credentialsSent: true,
            probe: 's.token.garbage',
          }),
        );
      }),
      reason: 'needs_narrow_token',
    },
    {
      name: 't.narrow: an expired narrow token refused with 401 (not a scope answer)',
      evidence: narrowScan(
        { ...ALL_SERVED, 'tools/list': { status: 401, params: { error: 'invalid_token' } } },
        { exp: 1_000_000_000 },
      ),
      reason: 'ambiguous',
    },
    {
      name: 't.narrow: the narrow token served on every probed method',
      evidence: narrowScan(ALL_SERVED),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [
    {
      name: 'no authorization in use',
      evidence: evidence((ev) => {
        ev.settings.tokenSupplied = true;
      }),
      reason: 'no_auth',
    },
  ],
});

describe('MCPP-SCP03 t.narrow', () => {
  it('the narrow 403 pass cites the refusal and names the scope', () => {
    const ev = narrowScan({ ...ALL_SERVED, 'resources/list': { status: 403, params: FULL } });
    const denial = ev.oauth!.challenges.find((c) => c.probe === 't.narrow')!;
    const { results } = runCheck(check, ev);
    expect(results).toHaveLength(1);
    expect(results[0]!.status).toBe('pass');
    expect(results[0]!.evidence).toEqual([denial.exchange]);
    expect(results[0]!.message).toContain('scope="mcp:tools mcp:admin"');
  });

  it('the narrow 401 fail cites the 401 exchange', () => {
    const ev = narrowScan({
      ...ALL_SERVED,
      'tools/call': { status: 401, params: { error: 'invalid_token', resource_metadata: PRM_URL } },
    });
    const denial = ev.oauth!.challenges.find((c) => c.probe === 't.narrow')!;
    const fail401 = runCheck(check, ev).results.find((r) => r.key === '401')!;
    expect(fail401.status).toBe('fail');
    expect(fail401.evidence).toEqual([denial.exchange]);
  });

  it('the narrow token served everywhere: the message lists every method and status', () => {
    const ev = narrowScan(ALL_SERVED);
    const [r] = runCheck(check, ev).results;
    expect(r!.reason).toBe('ambiguous');
    expect(r!.message).toContain(
      '(initialize 200, tools/list 200, resources/list 200, prompts/list 200, tools/call 200)',
    );
    expect(r!.evidence).toHaveLength(5);
  });
});
