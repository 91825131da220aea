/**
 * The JWT forgery battery end to end: scan() in intrusive mode with a real oidc-provider token
 * (RS256, `aud` = the resource) and an expired token from the same AS against the SDK 1.x resource
 * server, which must refuse every forgery; then the same server with one broken verifier each
 * (test/fixtures/servers/jwt-flaws.ts), each of which yields exactly its own ACT04 finding.
 */
import { SignJWT, decodeJwt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { JwtBattery } from '../../src/evidence/auth-types.js';
import { serializeEvidence } from '../../src/evidence/bundle.js';
import { scan } from '../../src/index.js';
import { buildPlan } from '../../src/probe/plan.js';
import type { ScanOutput } from '../../src/index.js';
import { clientCredentialsToken, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcServer } from '../fixtures/servers/oidc.js';
import type { JwtVerifierFlaws } from '../fixtures/servers/jwt-flaws.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';

let oidc: OidcServer;

/** A token as the AS issues it for `resource`, signed with the AS's own key but expired a minute ago. */
async function expiredToken(resource: string): Promise<string> {
  const claims = decodeJwt(await clientCredentialsToken(oidc.issuer, resource, 'mcp:tools'));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 660, exp: now - 60 })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: oidc.signingKey.kid! })
    .sign(await importJWK(oidc.signingKey, 'RS256'));
}

interface Run {
  readonly out: ScanOutput;
  readonly tokens: readonly string[];
}

async function run(jwt: JwtVerifierFlaws | null, withToken = true): Promise<Run> {
  const rs = await startResourceServer({ issuer: oidc.issuer, flaws: jwt ? { jwt } : {} });
  try {
    const token = await clientCredentialsToken(oidc.issuer, rs.url, 'mcp:tools');
    const expired = await expiredToken(rs.url);
    const out = await scan({
      url: rs.url,
      mode: 'intrusive',
      ...(withToken ? { token, expiredToken: expired } : {}),
      requestTimeoutMs: 5_000,
      scanTimeoutMs: 60_000,
    });
    return { out, tokens: [token, expired] };
  } finally {
    await rs.close();
  }
}

const battery = (r: Run): JwtBattery => {
  const b = r.out.evidence.oauth?.tokenProbes.jwtBattery;
  if (b?.kind !== 'ok') throw new Error(`no battery: ${JSON.stringify(b)}`);
  return b.value;
};

/** case → answered status (or why not sent) and the fetches of jku/x5u. */
const table = (r: Run) =>
  Object.fromEntries(
    battery(r).cases.map((c) => [
      c.name,
      `${c.probe.kind === 'ok' ? c.probe.value.status : `${c.probe.kind}:${c.probe.kind === 'skipped' ? c.probe.reason : ''}`}${c.fetches?.length ? ` fetched×${c.fetches.length}` : ''}`,
    ]),
  );

const act04 = (r: Run) =>
  r.out.report.results
    .filter((x) => x.checkId === 'MCPP-ACT04')
    .map((x) => (x.key ? `${x.status}:${x.key}` : x.status));

const runs = new Map<string, Promise<Run>>();
const flawed: [name: string, flaws: JwtVerifierFlaws, expected: string[]][] = [
  ['trusts the jwk embedded in the header', { trustsEmbeddedJwk: true }, ['fail:embedded-jwk']],
  ['accepts HS256 keyed with the AS public key', { hs256PublicKey: true }, ['fail:hs256-public-key']],
  ['fetches jku and trusts its keys', { fetchesJku: 'trust' }, ['fail:jku']],
  ['fetches jku, then verifies with the AS keys', { fetchesJku: 'fetch-only' }, ['fail:jku']],
  ['ignores expiry', { ignoresExpiry: true }, ['fail:expired']],
  ['fetches x5u, then verifies with the AS keys', { fetchesX5u: true }, ['fail:x5u']],
  [
    'never checks the signature, only the claims',
    { skipsSignature: true },
    [
      'fail:forged',
      'fail:kid-confusion',
      'fail:hs256-public-key',
      'fail:embedded-jwk',
      'fail:jku',
      'fail:x5u',
      'fail:stripped-signature',
      'fail:tampered-signature',
    ],
  ],
];

beforeAll(async () => {
  oidc = await startOidcProvider({ toggles: { cc: true } });
  runs.set('good', run(null));
  runs.set('no token', run(null, false));
  for (const [name, flaws] of flawed) runs.set(name, run(flaws));
}, 180_000);

afterAll(async () => {
  await Promise.allSettled(runs.values());
  await oidc.close();
});

describe('JWT battery against oidc-provider behind the SDK resource server', () => {
  it('every forgery is refused with 401, nothing is fetched, ACT04 passes', async () => {
    const r = await runs.get('good')!;
    expect(table(r)).toEqual({
      'kid-confusion': '401',
      'hs256-public-key': '401',
      'embedded-jwk': '401',
      jku: '401',
      x5u: '401',
      'stripped-signature': '401',
      'tampered-signature': '401',
      expired: '401',
    });
    expect(act04(r)).toEqual(['pass']);
    const b = battery(r);
    expect(b.keyServer).toMatchObject({ refused: [], reachable: true });
    // Claims copied from the user's token; the kid is the AS's; the HMAC secret form is recorded.
    const kid = b.cases.find((c) => c.name === 'kid-confusion')!;
    expect(kid.header).toMatchObject({ alg: 'RS256', kid: 'fixture-rs256' });
    expect(kid.claims).toBe('user-token');
    expect(b.cases.find((c) => c.name === 'hs256-public-key')).toMatchObject({
      header: { alg: 'HS256', kid: 'fixture-rs256' },
      secretForm: 'spki-pem',
    });
    // The SDK answers every one with its invalid_token challenge.
    for (const c of b.cases) {
      const p = c.probe;
      if (p.kind !== 'ok') continue;
      const x = r.out.evidence.exchanges.find((e) => e.id === p.exchanges[0]);
      expect(x?.response?.headers['www-authenticate']?.join()).toContain('error="invalid_token"');
    }
  });

  it('the battery is in the plan, and no token or signature reaches the evidence', async () => {
    const r = await runs.get('good')!;
    const probes = new Set(r.out.evidence.exchanges.map((x) => x.probe));
    for (const p of ['i.jwt.jwks', 'i.jwt(kid-confusion)', 'i.jwt(x5u)', 'i.jwt(expired)'])
      expect(probes.has(p)).toBe(true);
    const planned = new Set(buildPlan(r.out.evidence.target.url, 'intrusive').map((p) => p.probe));
    expect([...probes].filter((p) => p.startsWith('i.jwt') && !planned.has(p))).toEqual([]);
    const safePlan = buildPlan(r.out.evidence.target.url, 'safe').map((p) => p.probe);
    expect(safePlan.filter((p) => p.startsWith('i.jwt'))).toEqual([]);
    const text = serializeEvidence(r.out.evidence);
    for (const t of r.tokens) expect(text.includes(t.split('.')[2]!)).toBe(false);
  });

  it('without tokens: the forgeries use made-up claims; the token cases say what they need', async () => {
    const r = await runs.get('no token')!;
    expect(table(r)).toMatchObject({
      'kid-confusion': '401',
      'stripped-signature': 'skipped:no_token',
      'tampered-signature': 'skipped:no_token',
      expired: 'skipped:no_token',
    });
    expect(battery(r).cases.find((c) => c.name === 'embedded-jwk')?.claims).toBe('synthesized');
    const [pass] = r.out.report.results.filter((x) => x.checkId === 'MCPP-ACT04');
    expect(pass?.message).toContain('Not sent: stripped-signature (needs --token)');
  });

  for (const [name, , expected] of flawed) {
    it(`${name}: exactly its finding`, async () => {
      const r = await runs.get(name)!;
      expect(act04(r)).toEqual(expected);
    });
  }

  it('an x5u fetch alone is the finding: the request was refused, the key server saw the fetch', async () => {
    const r = await runs.get('fetches x5u, then verifies with the AS keys')!;
    const x5u = battery(r).cases.find((c) => c.name === 'x5u')!;
    expect(x5u.probe.kind === 'ok' && x5u.probe.value.status).toBe(401);
    expect(x5u.fetches?.length).toBe(1);
    expect(String(x5u.header?.['x5u'])).toContain(x5u.fetches![0]!.path);
  });

  it('the jku fetches are logged with the path the header named, the key server refuses the rest', async () => {
    const r = await runs.get('fetches jku, then verifies with the AS keys')!;
    const jku = battery(r).cases.find((c) => c.name === 'jku')!;
    expect(jku.probe.kind === 'ok' && jku.probe.value.status).toBe(401);
    expect(jku.fetches?.map((f) => [f.method, f.status])).toEqual([['GET', 200]]);
    expect(String(jku.header?.['jku'])).toContain(jku.fetches![0]!.path);
  });
});
