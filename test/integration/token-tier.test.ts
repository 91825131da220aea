/**
 * The token tier end to end: scan() with real tokens from oidc-provider (RS256 JWTs, `aud` = the
 * resource) against the SDK 1.x resource server, stateful, one flaw at a time. The user token holds
 * `mcp:tools`; the second token was issued for another resource; the narrow token lacks `mcp:tools`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CheckResult } from '../../src/checks/define-check.js';
import { serializeEvidence } from '../../src/evidence/bundle.js';
import type { Mode } from '../../src/evidence/types.js';
import { scan } from '../../src/index.js';
import type { ScanOutput } from '../../src/index.js';
import { FORMAT_NAMES, FORMATS } from '../../src/report/formats.js';
import { clientCredentialsToken, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcServer } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import { startModernFixture } from '../../src/demo/modern-fixture.js';
import type { ResourceServerFlaws } from '../fixtures/servers/resource-server.js';

const OTHER_RESOURCE = 'http://127.0.0.1:1/other-mcp';
const TOKEN_CHECKS = ['MCPP-ACT02', 'MCPP-ACT03', 'MCPP-ACT04', 'MCPP-AUTHN10', 'MCPP-SCP03'];

interface Run {
  readonly out: ScanOutput;
  readonly tokens: readonly string[];
  readonly origin: string;
}

let oidc: OidcServer;

async function run(
  flaws: ResourceServerFlaws,
  opts: { mode?: Mode; second?: boolean; narrow?: boolean } = {},
): Promise<Run> {
  const rs = await startResourceServer({ issuer: oidc.issuer, stateful: true, flaws });
  try {
    const token = await clientCredentialsToken(oidc.issuer, rs.url, 'mcp:tools');
    const secondToken = await clientCredentialsToken(oidc.issuer, OTHER_RESOURCE, 'mcp:tools');
    const narrowToken = await clientCredentialsToken(oidc.issuer, rs.url, 'mcp:resources');
    const out = await scan({
      url: rs.url,
      mode: opts.mode ?? 'intrusive',
      token,
      ...(opts.second === false ? {} : { secondToken }),
      ...(opts.narrow === false ? {} : { narrowToken }),
      requestTimeoutMs: 5_000,
      scanTimeoutMs: 60_000,
    });
    return { out, tokens: [token, secondToken, narrowToken], origin: new URL(rs.url).origin };
  } finally {
    await rs.close();
  }
}

/** `status[:key]` of every result of the token-tier checks. */
function verdicts(r: Run): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const id of TOKEN_CHECKS) {
    const rows = r.out.report.results.filter((x: CheckResult) => x.checkId === id);
    out[id] = rows.map((x) =>
      x.key ? `${x.status}:${x.key}` : x.status === 'inconclusive' ? `${x.status}:${x.reason}` : x.status,
    );
  }
  return out;
}

const ALL_PASS = {
  'MCPP-ACT02': ['pass'],
  'MCPP-ACT03': ['pass'],
  'MCPP-ACT04': ['pass'],
  'MCPP-AUTHN10': ['pass'],
  'MCPP-SCP03': ['pass'],
};

const runs = new Map<string, Promise<Run>>();
const cases: [name: string, flaws: ResourceServerFlaws, expected: Record<string, string[]>][] = [
  ['good configuration', {}, ALL_PASS],
  [
    'session used as the credential',
    { sessionAsCredential: true },
    {
      ...ALL_PASS,
      'MCPP-AUTHN10': ['fail:replay'],
      'MCPP-ACT04': ['fail:session-garbage'],
    },
  ],
  ['audience not checked', { noAudienceCheck: true }, { ...ALL_PASS, 'MCPP-ACT03': ['fail:served'] }],
  ['query-string token accepted', { queryToken: true }, { ...ALL_PASS, 'MCPP-ACT02': ['fail:served'] }],
  ['unsigned JWT accepted', { acceptsUnsignedJwt: true }, { ...ALL_PASS, 'MCPP-ACT04': ['fail:forged'] }],
  ['insufficient scope answered 401', { stepUpAs401: true }, { ...ALL_PASS, 'MCPP-SCP03': ['fail:401'] }],
  [
    'step-up challenge without scope',
    { stepUpNoScope: true },
    { ...ALL_PASS, 'MCPP-SCP03': ['fail:no-scope'] },
  ],
];

beforeAll(async () => {
  oidc = await startOidcProvider({ toggles: { cc: true } });
  for (const [name, flaws] of cases) runs.set(name, run(flaws));
  runs.set('safe mode, user token only', run({}, { mode: 'safe', second: false, narrow: false }));
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(runs.values());
  await oidc.close();
});

describe('token tier against an oidc-provider-backed SDK resource server', () => {
  for (const [name, , expected] of cases) {
    it(`${name}: exactly its seeded token-tier findings`, async () => {
      const r = await runs.get(name)!;
      expect(verdicts(r)).toEqual(expected);
      expect(r.out.report.results.filter((x) => x.status === 'error').map((x) => x.message)).toEqual([]);
    });
  }

  it('safe mode with the user token only: the intrusive and extra-token checks say what they need', async () => {
    const r = await runs.get('safe mode, user token only')!;
    expect(verdicts(r)).toEqual({
      'MCPP-ACT02': ['inconclusive:mode_disabled'],
      'MCPP-ACT03': ['inconclusive:needs_second_token'],
      'MCPP-ACT04': ['pass'],
      'MCPP-AUTHN10': ['pass'],
      'MCPP-SCP03': ['inconclusive:needs_narrow_token'],
    });
    const probes = new Set(r.out.evidence.exchanges.map((x) => x.probe));
    expect(probes.has('t.session-replay')).toBe(true);
    for (const p of ['t.query', 's.token.forged', 't.foreign', 't.narrow']) expect(probes.has(p)).toBe(false);
  });

  it('every token goes to the target origin only, and appears in no output', async () => {
    const r = await runs.get('good configuration')!;
    for (const x of r.out.evidence.exchanges) {
      // The RFC 7592 deletions carry the registration access token the AS itself issued, not a user token.
      const cleanup =
        /^(i\.dcr\.cleanup|i\.client\.cleanup|i\.proxy\.cleanup\(\d\)|i\.shape\.cleanup\([a-z-]+\))$/.test(
          x.probe,
        );
      if (x.request.headers['authorization'] !== undefined && !cleanup)
        expect(new URL(x.request.url).origin).toBe(r.origin);
    }
    const texts = [
      serializeEvidence(r.out.evidence),
      ...FORMAT_NAMES.map((f) =>
        FORMATS[f].render([r.out.report], { anchor: { file: 'x.json', line: () => 1 }, color: false }),
      ),
    ];
    for (const text of texts) for (const token of r.tokens) expect(text.includes(token)).toBe(false);
    // The query probe's URL is recorded with the token redacted.
    const query = r.out.evidence.exchanges.find((x) => x.probe === 't.query');
    expect(query?.request.url).toMatch(/access_token=(%5B|\[)REDACTED(%5D|\])/);
  });
});

describe('MOD06 against the 2026-07-28 fixture with caller-dependent tool lists', () => {
  const callers = { 'fixture-full-token-1': 'full', 'fixture-narrow-token-1': 'narrow' } as const;
  async function modernRun(callerListScope: 'private' | 'public'): Promise<CheckResult[]> {
    const server = await startModernFixture({ callers, callerListScope });
    try {
      const out = await scan({
        url: server.url,
        token: 'fixture-full-token-1',
        narrowToken: 'fixture-narrow-token-1',
        requestTimeoutMs: 5_000,
      });
      return out.report.results.filter((r) => r.checkId === 'MCPP-MOD06');
    } finally {
      await server.close();
    }
  }

  it('caller-dependent tools/list marked private: pass', async () => {
    const results = await modernRun('private');
    expect(results.map((r) => r.status)).toEqual(['pass']);
    expect(results[0]!.message).toContain('tools/list (the narrow-scope token)');
  });

  it('caller-dependent tools/list marked public: fail, high (the privileged list is a superset)', async () => {
    const results = await modernRun('public');
    expect(results.map((r) => [r.status, r.key, r.severity])).toEqual([['fail', 'tools/list', 'high']]);
  });
});
