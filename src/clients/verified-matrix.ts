/**
 * The client matrix on the test servers, as data: one row per fixture or oidc-provider
 * configuration, each client's cell, and the deciding rules worth naming. The tests that scan those
 * servers assert every row (test/clients/matrix.test.ts, test/integration/redirect-shapes.test.ts),
 * and `npm run gen:docs` writes the table into docs/clients.md
 * (docs/clients.md#the-matrix-on-the-test-servers), which test/clients/verified-matrix-doc.test.ts
 * holds to it: the doc cannot say what the code does not do.
 */
import { CLIENT_PROFILES } from './profiles/index.js';
import type { CellStatus } from './types.js';

export interface VerifiedRow {
  /** What the tests call it. */
  readonly id: string;
  /** The target and its configuration, in words (Markdown). */
  readonly target: string;
  /** Every client's cell. */
  readonly cells: Readonly<Record<string, CellStatus>>;
  /** The deciding rules of the cells worth naming, per client (asserted too). */
  readonly deciding: Readonly<Record<string, readonly string[]>>;
}

/** Every client `status`, but for `others`; Claude and ChatGPT are blocked on loopback http throughout. */
function cells(status: CellStatus, others: Readonly<Record<string, CellStatus>> = {}) {
  return Object.fromEntries(
    CLIENT_PROFILES.map((p) => [
      p.id,
      others[p.id] ?? (p.id === 'claude' || p.id === 'chatgpt' ? 'blocked' : status),
    ]),
  );
}

const OAUTH = ['claude-code', 'cursor', 'vscode', 'gemini-cli', 'codex', 'goose', 'zed'] as const;
const REDIRECT_RULE: Readonly<Record<(typeof OAUTH)[number], string>> = {
  'claude-code': 'claude-code.redirect',
  cursor: 'cursor.redirect',
  vscode: 'vscode.redirect-loopback',
  'gemini-cli': 'gemini-cli.redirect',
  codex: 'codex.redirect',
  goose: 'goose.redirect',
  zed: 'zed.redirect',
};
const byRedirect = (clients: readonly (typeof OAUTH)[number][]) =>
  Object.fromEntries(clients.map((c) => [c, [REDIRECT_RULE[c]]]));
const withRegistration = (clients: readonly (typeof OAUTH)[number][]) =>
  Object.fromEntries(clients.map((c) => [c, [REDIRECT_RULE[c], `${c}.registration`]]));
const CIMD_CLIENTS = ['claude-code', 'goose', 'zed'] as const;
const DCR_ONLY = OAUTH.filter((c) => !(CIMD_CLIENTS as readonly string[]).includes(c));
const LOOPBACK_RANDOM = ['claude-code', 'gemini-cli', 'goose', 'zed'] as const;

export const VERIFIED_MATRIX: readonly VerifiedRow[] = [
  {
    id: 'demo-saved',
    target: 'demo fixture, saved evidence (`demo.json`)',
    cells: cells('connects', { 'gemini-cli': 'degraded' }),
    deciding: {
      claude: ['claude.network'],
      chatgpt: ['chatgpt.https'],
      'gemini-cli': ['gemini-cli.tool-names'],
    },
  },
  {
    id: 'demo-clean',
    target: 'demo fixture, Streamable HTTP, no flaw',
    cells: cells('connects'),
    deciding: {},
  },
  {
    id: 'demo-sse',
    target: 'demo fixture, HTTP+SSE (POST answered 405)',
    cells: cells('connects', { 'gemini-cli': 'blocked' }),
    deciding: { 'gemini-cli': ['gemini-cli.sse-fallback'] },
  },
  {
    id: 'demo-50-tools',
    target: 'demo fixture, 50 tools',
    cells: cells('connects', { cursor: 'degraded' }),
    deciding: { cursor: ['cursor.tool-count'] },
  },
  {
    id: 'demo-unserved-prm',
    target: 'demo fixture, 401 with an unserved PRM',
    cells: cells('blocked', { windsurf: 'unknown' }),
    deciding: { zed: ['zed.prm', 'zed.as-metadata'], vscode: ['vscode.discovery'] },
  },
  {
    id: 'sdk1-sse',
    target: 'SDK 1.x, sessions and SSE answers',
    cells: cells('connects'),
    deciding: {},
  },
  {
    id: 'stdio',
    target: 'a local stdio server (test/fixtures/stdio)',
    cells: cells('connects'),
    deciding: {},
  },
  {
    id: 'sdk2-reject',
    target: "SDK 2.x, `legacy: 'reject'` (2026-07-28 only)",
    cells: cells('connects', { 'gemini-cli': 'blocked', codex: 'blocked' }),
    deciding: { 'gemini-cli': ['gemini-cli.handshake'], codex: ['codex.handshake'] },
  },
  {
    id: 'oidc-dcr-on',
    target: 'oidc-provider + SDK resource server, DCR on, CIMD off (with a token, safe mode)',
    cells: cells('unknown', { windsurf: 'connects' }),
    deciding: byRedirect(OAUTH),
  },
  {
    id: 'oidc-dcr-off',
    target: 'same, DCR off, CIMD off',
    cells: cells('unknown', { windsurf: 'connects' }),
    deciding: withRegistration(OAUTH),
  },
  {
    id: 'oidc-dcr-off-cimd-on',
    target: 'same, DCR off, CIMD on',
    cells: cells('unknown', { windsurf: 'connects' }),
    deciding: { ...byRedirect(CIMD_CLIENTS), ...withRegistration(DCR_ONLY) },
  },
  {
    id: 'oidc-dcr-on-cimd-on',
    target: 'same, DCR on, CIMD on',
    cells: cells('unknown', { windsurf: 'connects' }),
    deciding: byRedirect(OAUTH),
  },
  {
    id: 'oidc-no-prm',
    target: 'SDK resource server with no PRM and no metadata at the origin',
    cells: cells('blocked', { windsurf: 'connects' }),
    deciding: { chatgpt: ['chatgpt.https', 'chatgpt.prm', 'chatgpt.as-metadata'] },
  },
  {
    id: 'shapes-rfc8252',
    target:
      'oidc-provider defaults (loopback ports matched per RFC 8252 §7.3), DCR on, **intrusive** (redirect shapes registered live)',
    cells: cells('connects'),
    deciding: {},
  },
  {
    id: 'shapes-exact-ports',
    target: 'same, loopback redirect URIs matched port included (`exactLoopbackPorts`), **intrusive**',
    cells: cells('connects', Object.fromEntries([...LOOPBACK_RANDOM, 'vscode'].map((c) => [c, 'blocked']))),
    deciding: byRedirect([...LOOPBACK_RANDOM, 'vscode']),
  },
  {
    id: 'shapes-strict-redirects',
    target: 'same, registration refuses redirect URIs other than https or loopback http, **intrusive**',
    cells: cells('connects', { cursor: 'blocked' }),
    deciding: byRedirect(['cursor']),
  },
  {
    id: 'shapes-dcr-off',
    target: 'same, DCR off, CIMD on, **intrusive** (nothing to register at: the redirect rules stay unknown)',
    cells: cells('unknown', { windsurf: 'connects' }),
    deciding: { ...byRedirect(CIMD_CLIENTS), ...withRegistration(DCR_ONLY) },
  },
];

/** The row the tests assert, by id. */
export function verifiedRow(id: string): VerifiedRow {
  const row = VERIFIED_MATRIX.find((r) => r.id === id);
  if (!row) throw new Error(`no verified matrix row ${id}`);
  return row;
}

/** The Markdown table docs/clients.md carries between its markers. */
export function renderVerifiedMatrix(rows: readonly VerifiedRow[] = VERIFIED_MATRIX): string {
  const names = CLIENT_PROFILES.map((p) => p.name.replace(/ \(.*\)$/, ''));
  const cell = (row: VerifiedRow, id: string) => {
    const status = row.cells[id] ?? 'unknown';
    const rules = row.deciding[id];
    const shown = status === 'connects' ? status : `**${status}**`;
    return rules?.length ? `${shown}: ${rules.map((r) => `\`${r}\``).join(', ')}` : shown;
  };
  return [
    `| Target | ${names.join(' | ')} |`,
    `| --- | ${names.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.target} | ${CLIENT_PROFILES.map((p) => cell(r, p.id)).join(' | ')} |`),
  ].join('\n');
}
