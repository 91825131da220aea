/**
 * The client matrix on real servers: the demo fixture and its saved evidence, the fixture with one
 * flaw at a time, the official SDK 2.x refusing the initialize handshake, and oidc-provider behind
 * the SDK resource server with registration open or off and CIMD on or off. Each expected cell is
 * asserted with the rule that decides it, and the comments say why.
 *
 * Every target here is http on 127.0.0.1, so two cells are the same everywhere: Claude connects from
 * Anthropic's cloud (a loopback address is unreachable: `claude.network`), and ChatGPT needs https
 * (`chatgpt.https`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { clientMatrix } from '../../src/clients/matrix.js';
import type { RedirectShapeObservation } from '../../src/clients/types.js';
import { startFixtureServer } from '../../src/demo/fixture-server.js';
import type { FixtureOptions } from '../../src/demo/fixture-server.js';
import { parseEvidence } from '../../src/evidence/bundle.js';
import { clientCredentialsToken, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcToggles } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import type { ResourceServerFlaws } from '../fixtures/servers/resource-server.js';
import { startSdk1 } from '../fixtures/servers/sdk1.js';
import { startSdk2 } from '../fixtures/servers/sdk2.js';
import { FIXTURE, scanCommand } from '../stdio/helpers.js';
import { citedExchangesExist, deciding, expectRow, scanMatrix, statuses } from './matrix-helpers.js';

const LOOPBACK_HTTP = { claude: 'blocked', chatgpt: 'blocked' } as const;

async function fixtureMatrix(opts: Partial<FixtureOptions>) {
  const server = await startFixtureServer(opts);
  try {
    const out = await scanMatrix(server.url);
    expect(citedExchangesExist(out.evidence, out.matrix)).toEqual([]);
    return out.matrix;
  } finally {
    await server.close();
  }
}

describe('client matrix: the demo fixture', () => {
  it('saved evidence (demo.json): Gemini CLI renames the hostile tool name, every local client connects', () => {
    const ev = parseEvidence(readFileSync('test/fixtures/evidence/demo.json', 'utf8'));
    const m = clientMatrix(ev);
    expectRow(m, 'demo-saved');
    expect(deciding(m, 'claude')).toEqual(['claude.network']);
    expect(deciding(m, 'chatgpt')).toEqual(['chatgpt.https']);
    // `run_<script>…` has characters outside Gemini's function-name alphabet.
    expect(deciding(m, 'gemini-cli')).toEqual(['gemini-cli.tool-names']);
    expect(citedExchangesExist(ev, m)).toEqual([]);
    // The matrix is plain data, ready for the JSON report.
    expect(JSON.parse(JSON.stringify(m))).toEqual(m);
  });

  it('a clean Streamable HTTP server: every local client connects', async () => {
    expectRow(await fixtureMatrix({}), 'demo-clean');
  });

  it('HTTP+SSE answering POST with 405: VS Code falls back, Gemini CLI (404 only) does not', async () => {
    const m = await fixtureMatrix({ transport: 'http+sse' });
    expectRow(m, 'demo-sse');
    expect(deciding(m, 'gemini-cli')).toEqual(['gemini-cli.sse-fallback']);
    expect(
      m.cells.find((c) => c.client === 'vscode')?.rules.find((r) => r.rule === 'vscode.sse-fallback')?.status,
    ).toBe('met');
  });

  it('50 tools: over Cursor’s limit of 40', async () => {
    const m = await fixtureMatrix({ tools: 50 });
    expectRow(m, 'demo-50-tools');
    expect(deciding(m, 'cursor')).toEqual(['cursor.tool-count']);
  });

  it('a 401 whose advertised PRM is never served: every OAuth client is blocked at discovery; Windsurf cannot be judged', async () => {
    const m = await fixtureMatrix({ requireAuth: 'secret-token' });
    expectRow(m, 'demo-unserved-prm');
    expect(deciding(m, 'zed')).toEqual(['zed.prm', 'zed.as-metadata']);
    expect(deciding(m, 'vscode')).toEqual(['vscode.discovery']);
    // Windsurf's only rule is its transport, which a 401 without a token hides.
    expect(m.cells.find((c) => c.client === 'windsurf')?.reason).toMatch(/401\/403 and no token/);
  });
});

describe('client matrix: the official SDK 1.x, and a local stdio server', () => {
  it('SDK 1.x with sessions and SSE answers: every local client connects', async () => {
    const server = await startSdk1({ responseMode: 'sse', hostValidation: true });
    try {
      const { evidence, matrix } = await scanMatrix(server.url);
      expectRow(matrix, 'sdk1-sse');
      expect(citedExchangesExist(evidence, matrix)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('a stdio server: the remote-only clients are blocked, the local ones connect', async () => {
    const { evidence } = await scanCommand([FIXTURE]);
    const m = clientMatrix(evidence);
    // Claude's connectors and ChatGPT reach only remote servers; the OAuth rules do not apply to stdio.
    expectRow(m, 'stdio');
    expect(m.cells.find((c) => c.client === 'claude')?.reason).toMatch(/only to remote servers/);
    const zed = m.cells.find((c) => c.client === 'zed');
    expect(zed?.rules.find((r) => r.rule === 'zed.prm')?.status).toBe('not_applicable');
  });
});

describe('client matrix: the official SDK 2.x', () => {
  it("legacy: 'reject' (2026-07-28 only): the clients that open with initialize are blocked", async () => {
    const server = await startSdk2({ variant: 'express', legacy: 'reject' });
    try {
      const { matrix } = await scanMatrix(server.url);
      expectRow(matrix, 'sdk2-reject');
      expect(deciding(matrix, 'gemini-cli')).toEqual(['gemini-cli.handshake']);
      expect(deciding(matrix, 'codex')).toEqual(['codex.handshake']);
    } finally {
      await server.close();
    }
  });
});

/** oidc-provider behind the SDK resource server, scanned with a client-credentials token so the wall opens. */
async function oauthMatrix(toggles: OidcToggles, flaws: ResourceServerFlaws = {}, withToken = true) {
  const oidc = await startOidcProvider({ toggles: { ...toggles, cc: true } });
  const rs = await startResourceServer({ issuer: oidc.issuer, flaws });
  try {
    const token = withToken ? await clientCredentialsToken(oidc.issuer, rs.url) : undefined;
    const out = await scanMatrix(rs.url, token ? { token } : {});
    expect(citedExchangesExist(out.evidence, out.matrix)).toEqual([]);
    return out;
  } finally {
    await rs.close();
    await oidc.close();
  }
}

const REDIRECT_RULE: Record<string, string> = {
  'claude-code': 'claude-code.redirect',
  cursor: 'cursor.redirect',
  vscode: 'vscode.redirect-loopback',
  'gemini-cli': 'gemini-cli.redirect',
  codex: 'codex.redirect',
  goose: 'goose.redirect',
  zed: 'zed.redirect',
};
const OAUTH_CLIENTS = Object.keys(REDIRECT_RULE);

describe('client matrix: oidc-provider, registration and CIMD switched', () => {
  it('DCR open, CIMD off: every login hinges on a redirect URI only a registration would show', async () => {
    const { matrix } = await oauthMatrix({});
    // Windsurf documents no OAuth rule, so only its transport is judged.
    expectRow(matrix, 'oidc-dcr-on');
    for (const c of OAUTH_CLIENTS) expect(deciding(matrix, c), c).toEqual([REDIRECT_RULE[c]]);
  });

  it('DCR off, CIMD off: every client is left with a pre-registered client ID (listed after the redirect)', async () => {
    const { matrix } = await oauthMatrix({ reg: 'off' });
    expectRow(matrix, 'oidc-dcr-off');
    for (const c of OAUTH_CLIENTS)
      expect(deciding(matrix, c), c).toEqual([REDIRECT_RULE[c], `${c}.registration`]);
    const zed = matrix.cells.find((c) => c.client === 'zed');
    expect(zed?.rules.find((r) => r.rule === 'zed.registration')?.detail).toMatch(
      /offers neither DCR nor CIMD/,
    );
  });

  it('DCR off, CIMD on: the CIMD clients register, the DCR-only clients do not', async () => {
    const { matrix } = await oauthMatrix({ reg: 'off', cimd: true });
    expectRow(matrix, 'oidc-dcr-off-cimd-on');
    const cimdClients = ['claude-code', 'goose', 'zed'];
    for (const c of OAUTH_CLIENTS) {
      const want = cimdClients.includes(c) ? [REDIRECT_RULE[c]] : [REDIRECT_RULE[c], `${c}.registration`];
      expect(deciding(matrix, c), c).toEqual(want);
    }
  });

  it('DCR on, CIMD on: registration passes for everyone', async () => {
    const { matrix } = await oauthMatrix({ cimd: true });
    expectRow(matrix, 'oidc-dcr-on-cimd-on');
    for (const c of OAUTH_CLIENTS) expect(deciding(matrix, c), c).toEqual([REDIRECT_RULE[c]]);
  });

  it('with the redirect shapes an intrusive registration would record, the unknown cells are decided', async () => {
    const { evidence } = await oauthMatrix({});
    const shapes: RedirectShapeObservation[] = [
      { shape: 'loopback-random-port', accepted: true, anyLoopbackPort: true, evidence: [] },
      { shape: 'custom-scheme', accepted: false, anyLoopbackPort: null, evidence: [] },
    ];
    const m = clientMatrix(evidence, { shapes });
    // Loopback clients connect; Cursor's cursor:// URI was refused; Codex's per-server path was not tried.
    expect(statuses(m)).toEqual({
      ...LOOPBACK_HTTP,
      'claude-code': 'connects',
      cursor: 'blocked',
      vscode: 'connects',
      'gemini-cli': 'connects',
      codex: 'unknown',
      goose: 'connects',
      zed: 'connects',
      windsurf: 'connects',
    });
    const strict = clientMatrix(evidence, { shapes: [{ ...shapes[0]!, anyLoopbackPort: false }] });
    expect(deciding(strict, 'goose')).toEqual(['goose.redirect']);
    expect(statuses(strict)['goose']).toBe('blocked');
  });

  it('no PRM and no metadata at the origin: blocked at discovery for every OAuth client', async () => {
    const { matrix } = await oauthMatrix({}, { noPrm: true });
    expectRow(matrix, 'oidc-no-prm');
    for (const c of OAUTH_CLIENTS) expect(statuses(matrix)[c], c).toBe('blocked');
    expect(deciding(matrix, 'chatgpt')).toEqual(['chatgpt.https', 'chatgpt.prm', 'chatgpt.as-metadata']);
  });

  it('without a token the transport behind the 401 is unknown, and says so', async () => {
    const { evidence, matrix } = await oauthMatrix({}, {}, false);
    expect(deciding(matrix, 'vscode')).toEqual(['vscode.transport', 'vscode.redirect-loopback']);
    expect(matrix.cells.find((c) => c.client === 'vscode')?.reason).toMatch(/no token was given/);
    // Authorization in use but no OAuth chain recorded (an older bundle): the OAuth rules are unknown.
    const noChain = clientMatrix({ ...evidence, oauth: null });
    const zed = noChain.cells.find((c) => c.client === 'zed');
    expect(zed?.status).toBe('unknown');
    expect(zed?.rules.find((r) => r.rule === 'zed.prm')?.detail).toMatch(/chain was not recorded/);
    // A target that was not reached as an MCP server: nothing is judged.
    const unreachable = clientMatrix({
      ...evidence,
      detection: { ...evidence.detection, targetClass: 'unreachable' },
    });
    expect(new Set(unreachable.cells.map((c) => c.status))).toEqual(new Set(['unknown']));
    expect(unreachable.cells[0]?.reason).toMatch(/did not reach an MCP server/);
  });
});
