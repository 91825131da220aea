/**
 * The redirect URI shapes verified live (`i.shape(…)`, docs/clients.md#registration-shapes-verified-live):
 * an intrusive scan of the SDK resource server backed by a real oidc-provider 9.13.3, configured
 * with its defaults (loopback ports matched per RFC 8252 §7.3 for native clients), with exact
 * loopback port matching, with strict redirect URIs (https or loopback only), and with DCR off.
 * Every client a scan created is gone afterwards (the provider's own store says so), and nothing is
 * sent to a redirect URI (listeners on the loopback redirect ports get no request).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { clientMatrix } from '../../src/clients/matrix.js';
import { CLIENT_PROFILES } from '../../src/clients/profiles/index.js';
import type { ClientMatrix } from '../../src/clients/types.js';
import type { Evidence } from '../../src/evidence/types.js';
import {
  FIXED_LOOPBACK_PORT,
  OTHER_LOOPBACK_PORT,
  REGISTERED_LOOPBACK_PORT,
  SHAPES,
} from '../../src/probe/auth/redirect-shapes.js';
import { buildPlan } from '../../src/probe/plan.js';
import { collectEvidence } from '../../src/probe/scan.js';
import { clientCredentialsToken, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcToggles } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import { citedExchangesExist, deciding, expectRow, statuses } from '../clients/matrix-helpers.js';

interface Run {
  readonly evidence: Evidence;
  readonly matrix: ClientMatrix;
  readonly clients: { created: string[]; live: string[] };
}

/** Requests that reached a redirect URI's port (there must be none). */
const reachedRedirect: string[] = [];
const listeners: Server[] = [];

async function listenOn(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    reachedRedirect.push(`${port} ${req.method} ${req.url}`);
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

async function run(toggles: OidcToggles): Promise<Run> {
  const oidc = await startOidcProvider({ toggles: { ...toggles, cc: true } });
  try {
    const rs = await startResourceServer({ issuer: oidc.issuer });
    try {
      const token = await clientCredentialsToken(oidc.issuer, rs.url);
      const evidence = await collectEvidence({
        url: rs.url,
        mode: 'intrusive',
        token,
        requestTimeoutMs: 5_000,
        scanTimeoutMs: 90_000,
      });
      const matrix = clientMatrix(evidence);
      expect(citedExchangesExist(evidence, matrix)).toEqual([]);
      return { evidence, matrix, clients: await oidc.registeredClients() };
    } finally {
      await rs.close();
    }
  } finally {
    await oidc.close();
  }
}

const runs = new Map<string, Promise<Run>>();
const CONFIGS: Record<string, OidcToggles> = {
  rfc8252: {},
  exact: { exactLoopbackPorts: true },
  strict: { strictRedirects: true },
  dcrOff: { reg: 'off', cimd: true },
};

beforeAll(async () => {
  for (const port of [REGISTERED_LOOPBACK_PORT, OTHER_LOOPBACK_PORT, FIXED_LOOPBACK_PORT])
    listeners.push(await listenOn(port));
  // One after the other: each scan registers a dozen clients.
  for (const [name, toggles] of Object.entries(CONFIGS)) {
    const previous = [...runs.values()].at(-1) ?? Promise.resolve(null);
    runs.set(
      name,
      previous.then(() => run(toggles)),
    );
  }
}, 30_000);

afterAll(async () => {
  await Promise.allSettled([...runs.values()]);
  await Promise.all(listeners.map((s) => new Promise((r) => s.close(r))));
});

const get = (name: string) => runs.get(name)!;

function shapeProbe(r: Run) {
  const p = r.evidence.oauth?.shapes;
  if (p?.kind !== 'ok') throw new Error(`shapes probe: ${JSON.stringify(p)}`);
  return p.value;
}

describe('i.shape against oidc-provider', () => {
  it('the plan lists every shape probe in intrusive mode only', () => {
    const ids = (mode: 'safe' | 'intrusive') =>
      buildPlan('http://127.0.0.1:1/mcp', mode)
        .map((p) => p.probe)
        .filter((p) => p.startsWith('i.shape'));
    expect(ids('safe')).toEqual([]);
    for (const s of SHAPES) {
      expect(ids('intrusive')).toContain(`i.shape(${s})`);
      expect(ids('intrusive')).toContain(`i.shape.cleanup(${s})`);
    }
  });

  it('registers every redirect URI shape the client profiles use', () => {
    const used = CLIENT_PROFILES.flatMap((p) =>
      p.rules.flatMap((r) => (r.requirement.kind === 'redirect-accepted' ? [r.requirement.shape] : [])),
    );
    expect(used.length).toBeGreaterThan(0);
    for (const shape of used) expect(SHAPES).toContain(shape);
  });

  it('defaults (RFC 8252 loopback ports): every shape is accepted, any loopback port too', async () => {
    const r = await get('rfc8252');
    const v = shapeProbe(r);
    expect(v.attempts.map((a) => a.shape)).toEqual(SHAPES);
    for (const a of v.attempts) {
      expect(a.registration.kind === 'ok' && a.registration.value.created, a.shape).toBe(true);
      expect(a.deletion?.deleted, a.shape).toBe(true);
    }
    const loopback = v.attempts.filter((a) => a.shape.startsWith('loopback'));
    for (const a of loopback) {
      // oidc-provider went on to its interaction (login) page: the other port was accepted.
      expect(a.authorization.kind === 'ok' && a.authorization.value.answer.login, a.shape).toBe('redirect');
    }
    expectRow(r.matrix, 'shapes-rfc8252');
  });

  it('exact loopback ports: every random-port client is blocked by its redirect rule', async () => {
    const r = await get('exact');
    const random = shapeProbe(r).attempts.find((a) => a.shape === 'loopback-random-port')!;
    expect(random.authorization.kind === 'ok' && random.authorization.value.answer.status).toBe(400);
    expect(random.authorization.kind === 'ok' && random.authorization.value.namesRedirectUri).toBe(true);
    expectRow(r.matrix, 'shapes-exact-ports');
    for (const c of ['claude-code', 'gemini-cli', 'goose', 'zed']) {
      expect(statuses(r.matrix)[c], c).toBe('blocked');
      expect(deciding(r.matrix, c), c).toEqual([`${c}.redirect`]);
    }
    expect(deciding(r.matrix, 'vscode')).toEqual(['vscode.redirect-loopback']);
    // Cursor's custom scheme and Codex's registered path (its port is registered each login) pass.
    expect(statuses(r.matrix)['cursor']).toBe('connects');
    expect(statuses(r.matrix)['codex']).toBe('connects');
  });

  it('strict redirect URIs (https or loopback only): Cursor is blocked, the loopback clients connect', async () => {
    const r = await get('strict');
    const custom = shapeProbe(r).attempts.find((a) => a.shape === 'custom-scheme')!;
    expect(custom.registration.kind === 'ok' && custom.registration.value.status).toBe(400);
    expect(custom.deletion).toBeNull();
    expectRow(r.matrix, 'shapes-strict-redirects');
    expect(statuses(r.matrix)['cursor']).toBe('blocked');
    expect(deciding(r.matrix, 'cursor')).toEqual(['cursor.redirect']);
    expect(statuses(r.matrix)['goose']).toBe('connects');
  });

  it('DCR off: no registration is sent and the redirect cells say why they stay unknown', async () => {
    const r = await get('dcrOff');
    expect(r.evidence.oauth?.shapes?.kind).toBe('skipped');
    expectRow(r.matrix, 'shapes-dcr-off');
    expect(r.evidence.exchanges.some((x) => x.probe.startsWith('i.shape'))).toBe(false);
    const goose = r.matrix.cells.find((c) => c.client === 'goose')!;
    expect(goose.status).toBe('unknown');
    expect(goose.rules.find((x) => x.rule === 'goose.redirect')?.detail).toMatch(
      /not sent: .*publishes no http\(s\) registration_endpoint/,
    );
  });

  it('every client any scan created is deleted, and no request reached a redirect port', async () => {
    for (const name of Object.keys(CONFIGS)) {
      const r = await get(name);
      expect(r.clients.live, name).toEqual([]);
    }
    expect((await get('rfc8252')).clients.created.length).toBeGreaterThanOrEqual(SHAPES.length);
    expect(reachedRedirect).toEqual([]);
  });
});
