/**
 * The trust chain model (src/report/chain.ts, src/login/chain.ts) and its SVG
 * (src/report/html/chain-svg.ts): which hop a check belongs to, what each hop
 * shows, where the walk stopped, and that hostile server text stays text.
 */
import { describe, expect, it } from 'vitest';

import type { Status } from '../../src/checks/define-check.js';
import type { HttpExchange } from '../../src/evidence/types.js';
import { loginTrustChain } from '../../src/login/chain.js';
import type { LoginReport } from '../../src/login/diagnosis.js';
import { failure } from '../../src/login/diagnosis.js';
import { renderLoginHtml } from '../../src/login/render-html.js';
import type { ChainHop, HopId, TrustChain } from '../../src/report/chain.js';
import { HOPS, hopOfResult, scanTrustChain } from '../../src/report/chain.js';
import { renderChainSvg, truncate } from '../../src/report/html/chain-svg.js';
import { renderHtml } from '../../src/report/html.js';
import type { ScanReport } from '../../src/report/model.js';
import { demoReport, makeResult } from '../helpers/pinned-report.js';

const MCP = 'http://127.0.0.1:4000/mcp';
const AS = 'http://127.0.0.1:5000';
const AS_METADATA = {
  issuer: AS,
  authorization_endpoint: `${AS}/auth`,
  token_endpoint: `${AS}/token`,
  registration_endpoint: `${AS}/reg`,
  jwks_uri: `${AS}/jwks`,
};

let n = 0;
function exchange(
  probe: string,
  method: string,
  url: string,
  status: number | null,
  body = '',
): HttpExchange {
  n += 1;
  return {
    id: `x${n}`,
    probe,
    purpose: probe,
    request: { method, url, headers: {} },
    ...(status === null
      ? { error: { code: 'ECONNREFUSED', message: 'connection refused' } as HttpExchange['error'] & object }
      : { response: { status, headers: {}, body, bodyBytes: body.length, truncated: false } }),
    durationMs: 1,
  };
}

const challenge = () => exchange('p.init(2025-11-25)', 'POST', MCP, 401);
const prmMiss = () =>
  exchange('p.prm', 'GET', 'http://127.0.0.1:4000/.well-known/oauth-protected-resource', 404);
const prmHit = () =>
  exchange('p.prm', 'GET', 'http://127.0.0.1:4000/.well-known/oauth-protected-resource/mcp', 200, '{}');
const asHit = (body = JSON.stringify(AS_METADATA)) =>
  exchange('p.as(0)', 'GET', `${AS}/.well-known/oauth-authorization-server`, 200, body);

interface R {
  readonly checkId: string;
  readonly status: Status;
  readonly location?: string;
  readonly key?: string;
}

/** The demo report turned into a scan of an authorization-protected target. */
function authReport(exchanges: HttpExchange[], results: R[], patch: Partial<ScanReport> = {}): ScanReport {
  const base = demoReport();
  const target = { ...base.target, url: MCP, authInUse: true, authWall: true };
  const report: ScanReport = { ...base, target, exchanges, results: [], ...patch };
  return {
    ...report,
    results: results.map((r) =>
      makeResult(report, { message: `${r.checkId} said so`, evidence: [], ...r, key: r.key ?? null }),
    ),
  };
}

const hop = (c: TrustChain, id: HopId): ChainHop => c.hops.find((h) => h.id === id)!;

describe('which hop a check judges', () => {
  it.each([
    ['MCPP-TRN01', 'endpoint', 'endpoint'],
    ['MCPP-TRN05', 'endpoint', 'endpoint'],
    ['MCPP-TRN12', 'endpoint', null],
    ['MCPP-AUTHN02', 'endpoint', 'challenge'],
    ['MCPP-SCP02', 'endpoint', 'challenge'],
    ['MCPP-PRM05', `as:${AS}`, 'resource-metadata'],
    ['MCPP-PIN05', 'endpoint', 'resource-metadata'],
    ['MCPP-ASM04', `as:${AS}`, 'as-metadata'],
    ['MCPP-SCP04', `as:${AS}`, 'as-metadata'],
    ['MCPP-ASM03', `as:${AS}#issuer`, 'as-metadata'],
    ['MCPP-ASM03', `as:${AS}#jwks_uri`, 'jwks'],
    ['MCPP-ASM16', `as:${AS}#registration_endpoint`, 'registration'],
    ['MCPP-ASM03', `as:${AS}#authorization_endpoint`, 'authorization'],
    ['MCPP-ASM03', `as:${AS}#token_endpoint`, 'token'],
    ['MCPP-ASM09', `as:${AS}`, 'registration'],
    ['MCPP-CIMD01', `as:${AS}`, 'registration'],
    ['MCPP-ACT09', `as:${AS}`, 'registration'],
    ['MCPP-ACT08', `as:${AS}`, 'authorization'],
    ['MCPP-ASM18', `as:${AS}`, 'token'],
    ['MCPP-LEG08', 'endpoint', null],
    ['MCPP-TOOL01', 'endpoint', null],
    ['not-a-check', 'endpoint', null],
  ] as const)('%s at %s → %s', (checkId, location, expected) => {
    expect(hopOfResult({ checkId, location, key: null })).toBe(expected);
  });

  it('moves a PIN06 change of the key set to the JWKS hop', () => {
    expect(hopOfResult({ checkId: 'MCPP-PIN06', location: `as:${AS}`, key: 'jwks' })).toBe('jwks');
    expect(hopOfResult({ checkId: 'MCPP-PIN06', location: `as:${AS}`, key: 'scopes_supported' })).toBe(
      'as-metadata',
    );
  });
});

describe('the chain of a scan', () => {
  it('is absent for a target without authorization', () => {
    expect(scanTrustChain(demoReport())).toBeNull();
    expect(renderHtml(demoReport())).not.toContain('<svg');
  });

  it('walks a complete discovery: every hop in order, URLs, statuses, worst outcome per hop, no stop', () => {
    const r = authReport(
      [challenge(), prmMiss(), prmHit(), asHit(), exchange('s.dcr.malformed', 'POST', `${AS}/reg`, 400)],
      [
        { checkId: 'MCPP-TRN01', status: 'pass' },
        { checkId: 'MCPP-AUTHN02', status: 'pass' },
        { checkId: 'MCPP-AUTHN10', status: 'inconclusive' },
        { checkId: 'MCPP-PRM01', status: 'pass' },
        { checkId: 'MCPP-PRM05', status: 'fail', location: `as:${AS}` },
        { checkId: 'MCPP-ASM03', status: 'pass', location: `as:${AS}#issuer` },
        { checkId: 'MCPP-ASM03', status: 'fail', location: `as:${AS}#jwks_uri` },
        { checkId: 'MCPP-ASM04', status: 'pass', location: `as:${AS}` },
        { checkId: 'MCPP-ASM05', status: 'not_applicable', location: `as:${AS}` },
        { checkId: 'MCPP-ASM09', status: 'error', location: `as:${AS}` },
        { checkId: 'MCPP-LEG08', status: 'fail' },
      ],
    );
    const c = scanTrustChain(r)!;
    expect(c.hops.map((h) => h.id)).toEqual([...HOPS]);
    expect(c.stoppedAt).toBeNull();
    expect(c.hops.some((h) => h.stoppedHere)).toBe(false);
    expect(hop(c, 'endpoint')).toMatchObject({ url: MCP, state: 'ok', worst: 'pass' });
    expect(hop(c, 'challenge')).toMatchObject({ status: 'HTTP 401', worst: 'inconclusive' });
    expect(hop(c, 'resource-metadata')).toMatchObject({
      url: 'http://127.0.0.1:4000/.well-known/oauth-protected-resource/mcp',
      state: 'ok',
      status: 'HTTP 200',
      worst: 'fail',
    });
    // ASM03 passes on the issuer and fails on jwks_uri: one chip each on the hop it judged.
    const asHop = hop(c, 'as-metadata');
    expect(asHop.checks.map((x) => `${x.id}:${x.worst}`)).toEqual(['MCPP-ASM03:pass', 'MCPP-ASM04:pass']);
    expect(asHop.worst).toBe('pass');
    expect(hop(c, 'jwks')).toMatchObject({ url: `${AS}/jwks`, state: 'not-requested', worst: 'fail' });
    expect(hop(c, 'registration')).toMatchObject({ url: `${AS}/reg`, state: 'ok', status: 'HTTP 400' });
    expect(hop(c, 'registration').worst).toBe('error');
    expect(hop(c, 'authorization')).toMatchObject({ url: `${AS}/auth`, state: 'not-requested', worst: null });
    expect(hop(c, 'token')).toMatchObject({ url: `${AS}/token`, state: 'not-requested' });
    // Wire checks are not on the chain.
    expect(c.hops.flatMap((h) => h.checks.map((x) => x.id))).not.toContain('MCPP-LEG08');
  });

  it('stops at the protected-resource metadata when none is found; later hops are not reached', () => {
    const r = authReport(
      [challenge(), prmMiss()],
      [
        { checkId: 'MCPP-AUTHN02', status: 'pass' },
        { checkId: 'MCPP-PRM01', status: 'fail', location: 'prm:' },
      ],
    );
    const c = scanTrustChain(r)!;
    expect(c.stoppedAt).toBe('resource-metadata');
    expect(hop(c, 'resource-metadata')).toMatchObject({
      state: 'failed',
      status: 'HTTP 404',
      stoppedHere: true,
      worst: 'fail',
    });
    for (const id of ['as-metadata', 'jwks', 'registration', 'authorization', 'token'] as const)
      expect(hop(c, id)).toMatchObject({ state: 'not-reached', url: null, stoppedHere: false });
    expect(c.hops.filter((h) => h.stoppedHere)).toHaveLength(1);
  });

  it('stops at the authorization-server metadata when it does not answer', () => {
    const r = authReport(
      [challenge(), prmHit(), exchange('p.as(0)', 'GET', `${AS}/.well-known/x`, null)],
      [],
    );
    const c = scanTrustChain(r)!;
    expect(c.stoppedAt).toBe('as-metadata');
    expect(hop(c, 'as-metadata')).toMatchObject({ state: 'failed', status: 'network error (ECONNREFUSED)' });
    expect(hop(c, 'token').state).toBe('not-reached');
  });

  it('draws a stopped hop marked, not-reached hops dashed, and chips coloured by outcome', () => {
    const r = authReport(
      [challenge(), prmMiss()],
      [{ checkId: 'MCPP-PRM01', status: 'fail', location: 'prm:' }],
    );
    const svg = renderChainSvg(scanTrustChain(r)!).value;
    expect(svg.match(/<g\s+class="hop /g)).toHaveLength(HOPS.length + 1); // + the legend's
    expect(svg).toMatch(/data-hop="resource-metadata"[^>]*data-stopped="true"/);
    expect(svg).toMatch(/class="hop s-not-reached o-none"\s+data-hop="token"/);
    expect(svg).toContain('class="chip o-fail" data-check="MCPP-PRM01"');
    expect(svg).not.toMatch(/<script|href=|url\(|style=/);
  });
});

/** Every hostile string an authorization server or resource could put in front of the renderer. */
const HOSTILE = [
  '<script>window.__xss=1</script>',
  '"><svg onload="window.__xss=1">',
  "' onmouseover='window.__xss=1",
  ']]><script>window.__xss=1</script><![CDATA[',
  '</text></g></svg><img src=x onerror="window.__xss=1">',
] as const;

/** Markup the payloads would create if any escaped badly: an element, a CDATA edge, an event-handler attribute. */
const INJECTED = /<(?:script|img)|<!\[CDATA\[|\]\]>|<[^>]*\son[a-z]+\s*=/i;

describe('hostile server text in the chain', () => {
  const evil = `${AS}/${HOSTILE.join('')}`;
  const report = authReport(
    [
      challenge(),
      prmHit(),
      asHit(JSON.stringify({ ...AS_METADATA, jwks_uri: evil, token_endpoint: `${AS}/t?${HOSTILE[0]}` })),
    ],
    [{ checkId: 'MCPP-ASM03', status: 'fail', location: `as:${AS}#jwks_uri` }],
  );

  it('escapes every string, in text and in attributes, and keeps the full URL in a <title>', () => {
    const page = renderHtml(report);
    const svg = /<svg[\s\S]*<\/svg>/.exec(page)![0];
    expect(svg).not.toMatch(INJECTED);
    expect(svg).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(svg).toContain('&quot;&gt;&lt;svg onload=&quot;');
    expect(svg).toContain('&#39; onmouseover=&#39;');
    expect(svg).toContain(']]&gt;&lt;script&gt;');
    // The long URL is cut in the box and whole in its tooltip.
    const escapedEvil = evil.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(svg).toContain(`<title>${escapedEvil.replace(/"/g, '&quot;').replace(/'/g, '&#39;')}</title>`);
    expect(svg).toContain('…');
    // Exactly one svg element (ours) and no script in the whole page but the report's own.
    expect(page.match(/<svg/g)).toHaveLength(1);
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it('escapes a hostile login failure too, and the login page has no script at all', () => {
    const login: LoginReport = {
      target: `${MCP}?${HOSTILE[0]}`,
      ok: false,
      resource: MCP,
      issuer: AS,
      client: null,
      redirectUri: null,
      scope: null,
      expiresAt: null,
      steps: [
        { step: 'challenge', status: 'ok', url: MCP, detail: HOSTILE[1], exchanges: [] },
        {
          step: 'resource-metadata',
          status: 'failed',
          url: `${MCP}/${HOSTILE[3]}`,
          detail: HOSTILE[4],
          exchanges: [],
        },
      ],
      failure: failure('no-resource-metadata', HOSTILE.join(' ')),
      exchanges: [],
    };
    const page = renderLoginHtml(login);
    expect(page).not.toMatch(INJECTED);
    expect(page.match(/<svg/g)).toHaveLength(1);
  });
});

describe('truncate', () => {
  it('cuts on code points and marks the cut', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('ab…');
    expect(truncate('😀😀😀😀', 3)).toBe('😀😀…');
  });
});

describe('the chain of a login', () => {
  const base: Omit<LoginReport, 'steps' | 'failure' | 'ok'> = {
    target: MCP,
    resource: MCP,
    issuer: AS,
    client: null,
    redirectUri: null,
    scope: null,
    expiresAt: null,
    exchanges: [],
  };
  const ok = (step: LoginReport['steps'][number]['step'], url: string | null = null) =>
    ({ step, status: 'ok', url, detail: `${step} fine`, exchanges: [] }) as const;

  it('a login that got a token: every step passes, nothing stopped, the key set not requested', () => {
    const meta = asHit();
    const c = loginTrustChain({
      ...base,
      ok: true,
      failure: null,
      exchanges: [challenge(), meta],
      steps: [
        { ...ok('challenge', MCP), exchanges: ['x-none'] },
        ok('resource-metadata', `${MCP}/prm`),
        { ...ok('as-metadata', AS), exchanges: [meta.id] },
        ok('client', `${AS}/reg`),
        ok('authorization', `${AS}/auth`),
        ok('callback', 'http://127.0.0.1:1234/callback'),
        ok('token', `${AS}/token`),
      ],
    });
    expect(c.stoppedAt).toBeNull();
    expect(c.hops.map((h) => `${h.id}:${h.worst}`)).toEqual([
      'endpoint:null',
      'challenge:pass',
      'resource-metadata:pass',
      'as-metadata:pass',
      'jwks:null',
      'registration:pass',
      'authorization:pass',
      'token:pass',
    ]);
    expect(hop(c, 'jwks')).toMatchObject({ url: `${AS}/jwks`, state: 'not-requested' });
    expect(hop(c, 'authorization').url).toBe(`${AS}/auth`);
    expect(hop(c, 'authorization').checks.map((x) => x.id)).toEqual(['authorization', 'callback']);
  });

  it('a failed login highlights the step it stopped at, with the failure code as the failing check', () => {
    const c = loginTrustChain({
      ...base,
      ok: false,
      failure: failure('registration-rejected-redirect', 'invalid_redirect_uri'),
      steps: [
        ok('challenge', MCP),
        ok('resource-metadata'),
        ok('as-metadata'),
        { step: 'client', status: 'failed', url: null, detail: 'rejected', exchanges: [] },
      ],
    });
    expect(c.stoppedAt).toBe('registration');
    const reg = hop(c, 'registration');
    expect(reg).toMatchObject({ state: 'failed', stoppedHere: true, worst: 'fail' });
    expect(reg.checks.map((x) => `${x.id}:${x.worst}`)).toEqual([
      'client:fail',
      'registration-rejected-redirect:fail',
    ]);
    expect(hop(c, 'authorization').state).toBe('not-reached');
    expect(hop(c, 'token').state).toBe('not-reached');
    expect(c.hops.filter((h) => h.stoppedHere).map((h) => h.id)).toEqual(['registration']);
  });

  it('an unreachable endpoint stops at the endpoint', () => {
    const c = loginTrustChain({
      ...base,
      ok: false,
      failure: failure('target-unreachable', 'ECONNREFUSED'),
      steps: [{ step: 'challenge', status: 'failed', url: MCP, detail: 'no answer', exchanges: [] }],
    });
    expect(c.stoppedAt).toBe('endpoint');
    expect(hop(c, 'endpoint')).toMatchObject({ state: 'failed', stoppedHere: true, worst: 'fail' });
    expect(hop(c, 'challenge').state).toBe('not-reached');
  });
});
