/**
 * The registration ledger (docs/clients.md#the-ledger) in every format, from an intrusive scan of
 * the SDK resource server backed by a real oidc-provider whose RFC 7592 management is off: every
 * client the scan registered is listed, none could be deleted, and each format says so in words
 * (a failing JUnit case, a SARIF warning, "NOT DELETED" in text). With management on, the same
 * scan deletes every client and the ledger says so. A safe scan has no ledger.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import type { ScanOutput } from '../../src/index.js';
import { FORMATS } from '../../src/report/formats.js';
import type { FormatName } from '../../src/report/formats.js';
import { ledgerSummary } from '../../src/report/ledger.js';
import { SHAPES } from '../../src/probe/auth/redirect-shapes.js';
import { startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcToggles } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import { validateReport } from '../helpers/schema.js';

async function run(toggles: OidcToggles, mode: 'safe' | 'intrusive' = 'intrusive') {
  const oidc = await startOidcProvider({ toggles });
  try {
    const rs = await startResourceServer({ issuer: oidc.issuer });
    try {
      const out = await scan({ url: rs.url, mode, requestTimeoutMs: 5_000, scanTimeoutMs: 90_000 });
      return { out, clients: await oidc.registeredClients() };
    } finally {
      await rs.close();
    }
  } finally {
    await oidc.close();
  }
}

const render = (out: ScanOutput, f: FormatName) =>
  FORMATS[f].render([out.report], { anchor: { file: 'mcp-posture.json', line: () => 1 }, color: false });

let kept: Awaited<ReturnType<typeof run>>;
let deleted: Awaited<ReturnType<typeof run>>;
let safe: Awaited<ReturnType<typeof run>>;

beforeAll(async () => {
  kept = await run({ noManagement: true });
  deleted = await run({});
  safe = await run({}, 'safe');
}, 120_000);

describe('the registration ledger', () => {
  it('lists every client the AS saw created, each shape among them', () => {
    const ledger = deleted.out.report.registrations ?? [];
    expect(ledger.length).toBe(deleted.clients.created.length);
    for (const s of SHAPES) expect(ledger.map((e) => e.probe)).toContain(`i.shape(${s})`);
    expect(ledger.every((e) => e.deleted)).toBe(true);
    expect(deleted.clients.live).toEqual([]);
    expect(ledgerSummary(ledger)).toMatch(/every one deleted again/);
  });

  it('without RFC 7592 management nothing could be deleted, and every format says so', () => {
    const ledger = kept.out.report.registrations ?? [];
    expect(ledger.length).toBe(kept.clients.created.length);
    expect(ledger.length).toBeGreaterThanOrEqual(SHAPES.length);
    expect(kept.clients.live.length).toBe(ledger.length);
    expect(ledger.every((e) => !e.deleted)).toBe(true);
    for (const e of ledger) expect(e.detail).toMatch(/administrator must delete it by hand/);

    const json = render(kept.out, 'json');
    expect(validateReport(json)).toEqual([]);
    expect((JSON.parse(json) as { registrations: unknown[] }).registrations).toHaveLength(ledger.length);
    expect(render(kept.out, 'text')).toMatch(/registrations: .* could not be deleted/);
    expect(render(kept.out, 'text')).toContain('NOT DELETED: i.shape(custom-scheme)');
    expect(render(kept.out, 'markdown')).toMatch(/#### Registered clients/);
    expect(render(kept.out, 'markdown')).toContain('| **no** |');
    const html = render(kept.out, 'html');
    expect(html).toContain('id="registrations"');
    expect(html).toContain('data-probe="i.shape(loopback-random-port)"');
    const junit = render(kept.out, 'junit');
    expect(junit.match(/type="client-not-deleted"/g)?.length).toBe(ledger.length);
    const sarif = JSON.parse(render(kept.out, 'sarif')) as {
      runs: {
        invocations: { toolExecutionNotifications: { level: string; message: { text: string } }[] }[];
      }[];
    };
    const warnings = sarif.runs[0]!.invocations[0]!.toolExecutionNotifications.filter(
      (n) => n.level === 'warning' && n.message.text.startsWith('NOT DELETED'),
    );
    expect(warnings).toHaveLength(ledger.length);
  });

  it('a safe scan registers nothing and carries no ledger', () => {
    expect(safe.out.report.registrations).toBeUndefined();
    expect(safe.clients.created).toEqual([]);
    expect(render(safe.out, 'text')).not.toMatch(/registrations:/);
  });
});
