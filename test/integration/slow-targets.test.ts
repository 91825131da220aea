/**
 * Dead and slow servers end fast (issue 16 §1), the HTTP layer's part: every request ends at the
 * per-request timeout, whatever phase it is stuck in, and a scan records each unanswered probe as
 * timed out. Real servers on loopback: a TCP socket that accepts and never writes, a status line
 * and headers dripped one byte per second (test/fixtures/servers/hostile.ts `drip-headers`), a
 * server that answers the handshake and then hangs (`hangs-after-handshake`) or drips every body
 * byte by byte (`drips-after-handshake`).
 */
import { afterEach, describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import type { HttpExchange } from '../../src/evidence/types.js';
import { startHostileServer } from '../fixtures/servers/hostile.js';
import type { HostileBehaviour, SeenRequest } from '../fixtures/servers/hostile.js';
import { FORMAT_NAMES, FORMATS } from '../../src/report/formats.js';
import type { ScanReport } from '../../src/report/model.js';
import { runCli } from '../helpers/cli.js';
import { validateReport } from '../helpers/schema.js';
import { startHangingServer } from '../helpers/raw-servers.js';

/** The CLI's default per-request timeout (`--timeout`). */
const DEFAULT_TIMEOUT_MS = 10_000;
/** What the issue allows beyond the timeout for a whole default scan of a dead server. */
const DEAD_SCAN_SLACK_MS = 2_000;
/** Timer lateness on a loaded 2-core machine, for one request. */
const REQUEST_SLACK_MS = 750;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function hostile(name: HostileBehaviour): Promise<string> {
  const server = await startHostileServer(name);
  open.push(server);
  return server.url;
}

// One at a time: runCli captures the process's stdout, which concurrent runs would share.
describe('a dead server, default options (CLI)', () => {
  const cases: [string, () => Promise<string>][] = [
    [
      'a connection accepted and silent',
      async () => {
        const s = await startHangingServer();
        open.push(s);
        return s.url;
      },
    ],
    ['status line and headers dripped at one byte per second', () => hostile('drip-headers')],
  ];
  for (const [label, start] of cases) {
    it(`${label}: ends within the per-request timeout + 2 s and exits 3`, async () => {
      const url = await start();
      const run = await runCli(['scan', url, '--format', 'json']);
      expect(run.code, run.stderr).toBe(3);
      expect(run.ms).toBeLessThan(DEFAULT_TIMEOUT_MS + DEAD_SCAN_SLACK_MS);
      const report = JSON.parse(run.stdout) as {
        outcome: string;
        exchanges: HttpExchange[];
        target: { notSent?: { count: number; detail: string } };
      };
      expect(report.outcome).toBe('unreachable');
      // The remaining probes were not sent, and the report says so, with the reason.
      expect(report.target.notSent?.count).toBeGreaterThan(10);
      expect(report.target.notSent?.detail).toBe('the target is unreachable (timeout)');
      expect(report.exchanges.length).toBeGreaterThan(0);
      for (const x of report.exchanges) {
        expect(x.error?.code, `${x.id} ${x.probe}`).toBe('timeout');
        expect(x.durationMs, `${x.id} ${x.probe}`).toBeLessThan(DEFAULT_TIMEOUT_MS + REQUEST_SLACK_MS);
      }
    }, 30_000);
  }
});

describe.concurrent('a server that answers the handshake, then hangs or drips', () => {
  const TIMEOUT_MS = 1_000;
  for (const name of ['hangs-after-handshake', 'drips-after-handshake'] as const) {
    it(`${name}: unanswered probes time out at the timeout; after three in a row the rest are not sent`, async () => {
      // Its own server, closed by this test: the tests run concurrently.
      const server = await startHostileServer(name);
      const scanTimeoutMs = 40_000;
      const started = performance.now();
      const { evidence } = await scan({
        url: server.url,
        requestTimeoutMs: TIMEOUT_MS,
        scanTimeoutMs,
      }).finally(() => server.close());
      expect(performance.now() - started).toBeLessThan(scanTimeoutMs);
      const xs = evidence.exchanges;
      // The handshake was answered: the scan went on to later requests, which hung.
      expect(xs.some((x) => x.probe.startsWith('p.init') && x.response?.status === 200)).toBe(true);
      const unanswered = xs.filter((x) => x.request.method === 'POST' && !x.probe.startsWith('p.init'));
      const describe = (x: HttpExchange) => `${x.id} ${x.probe} ${x.durationMs} ms ${x.error?.code}`;
      const timedOut = unanswered.filter((x) => x.error?.code === 'timeout');
      const cut = xs.filter((x) => x.error?.code === 'stopped-answering');
      expect(timedOut.length).toBeGreaterThanOrEqual(3);
      expect(cut.length, 'probes not sent after three timeouts in a row').toBeGreaterThan(0);
      // Timed out or cut, never mistaken for a reset or a protocol error.
      expect(
        unanswered
          .filter((x) => x.error !== undefined && !['timeout', 'stopped-answering'].includes(x.error.code))
          .map(describe),
      ).toEqual([]);
      if (name === 'drips-after-handshake') {
        // Headers came at once: the partial body is kept, marked cut.
        expect(timedOut.every((x) => x.response?.status === 200 && x.response.truncated)).toBe(true);
      }
      // A cut probe was never sent: no response, no time on the wire; the evidence lists it as not sent.
      expect(cut.filter((x) => x.response !== undefined || x.durationMs > 50).map(describe)).toEqual([]);
      expect(new Set(evidence.notSent?.map((n) => n.probe))).toEqual(new Set(cut.map((x) => x.probe)));
      expect(xs.filter((x) => x.durationMs > TIMEOUT_MS + REQUEST_SLACK_MS).map(describe)).toEqual([]);
    }, 60_000);
  }
});

describe.concurrent('a server that answers the handshake, then holds or drips, default options', () => {
  for (const name of ['hangs-after-handshake', 'drips-after-handshake'] as const) {
    it(`${name}: every held request is sent before server/discover settles, so the scan waits one request timeout`, async () => {
      const server = await startHostileServer(name);
      const { evidence } = await scan({ url: server.url }).finally(() => server.close());
      const read = server.requests();
      // The server holds every JSON-RPC request but initialize (and answers notifications, GET, DELETE).
      const held = read.filter(
        (r) =>
          r.rpcMethod !== undefined &&
          r.rpcMethod !== 'initialize' &&
          !r.rpcMethod.startsWith('notifications/'),
      );
      expect(held.filter((r) => r.rpcMethod === 'server/discover')).toHaveLength(1);
      // The session's baseline list and its four listings went out while discover was still held
      // (the session's head start): their timeouts run beside discover's, not after it.
      const others = held.filter((r) => r.rpcMethod !== 'server/discover');
      expect(others.filter((r) => r.rpcMethod?.endsWith('/list')).length).toBeGreaterThanOrEqual(5);
      expect(
        others.filter((r) => !r.openWhenRead?.includes('server/discover')).map((r) => r.rpcMethod),
        'requests held after discover had timed out (a second request timeout on the critical path)',
      ).toEqual([]);
      const xs = evidence.exchanges;
      expect(
        xs
          .filter((x) => x.error?.code === 'timeout')
          .map((x) => x.probe)
          .sort(),
      ).toEqual(
        [
          'p.discover',
          'p.list.baseline',
          'p.list(tools/list)',
          'p.list(prompts/list)',
          'p.list(resources/list)',
          'p.list(resources/templates/list)',
        ].sort(),
      );
      // Three of those in a row stopped the origin: the rest were not sent, with the reason.
      const cut = xs.filter((x) => x.error?.code === 'stopped-answering');
      expect(cut.length).toBeGreaterThan(10);
      expect(cut.every((x) => x.error?.message.startsWith('the server stopped answering'))).toBe(true);
      expect(new Set(evidence.notSent?.map((n) => n.probe))).toEqual(new Set(cut.map((x) => x.probe)));
    }, 60_000);
  }
});

describe('a server whose server/discover answers late, within the request timeout', () => {
  it('opens the session without waiting for discover, and finds what it finds when discover answers at once', async () => {
    const late = await startHostileServer('slow-discover');
    const prompt = await startHostileServer('slow-discover', { discoverDelayMs: 0 });
    const [slow, quick] = await Promise.all([scan({ url: late.url }), scan({ url: prompt.url })]).finally(
      () => Promise.all([late.close(), prompt.close()]),
    );
    const listedBeforeDiscover = (reqs: readonly SeenRequest[]) =>
      reqs.some((r) => r.rpcMethod === 'tools/list' && r.openWhenRead?.includes('server/discover'));
    // The head start: the session was listed while discover was pending, only where it was late.
    expect(listedBeforeDiscover(late.requests())).toBe(true);
    expect(listedBeforeDiscover(prompt.requests())).toBe(false);
    // Discover was answered, not given up on, and read as the same detection.
    const discover = slow.evidence.exchanges.find((x) => x.probe === 'p.discover');
    expect(discover?.error).toBeUndefined();
    expect(discover?.response?.status).toBe(200);
    expect(slow.evidence.detection.revision).toEqual(quick.evidence.detection.revision);
    expect(slow.evidence.detection.transport).toBe(quick.evidence.detection.transport);
    // The same probes sent and the same verdicts (only JSON-RPC ids may differ: the session took them first).
    const probes = (e: typeof slow.evidence) => e.exchanges.map((x) => x.probe);
    expect(probes(slow.evidence)).toEqual(probes(quick.evidence));
    const verdicts = (r: typeof slow.report) =>
      r.results.map((x) => `${x.checkId} ${x.status} ${x.reason ?? ''}`).sort();
    expect(verdicts(slow.report)).toEqual(verdicts(quick.report));
  }, 60_000);
});

describe('a server that goes silent after the handshake, default options (CLI)', () => {
  /** Far from the ~90 s a scan took when every probe waited its own timeout; the bench has the tight figure. */
  const NOT_THE_SLOW_PATH_MS = 40_000;
  it('ends well before every probe waits its timeout, and every format says which probes were cut and why', async () => {
    const url = await hostile('hangs-after-handshake');
    const run = await runCli(['scan', url, '--format', 'json']);
    expect(run.ms).toBeLessThan(NOT_THE_SLOW_PATH_MS);
    const report = JSON.parse(run.stdout) as {
      outcome: string;
      exchanges: HttpExchange[];
      results: { checkId: string; status: string; reason: string | null; message: string }[];
      target: { notSent?: { count: number; detail: string } };
    };
    // The report is whole: it validates, and no check ended in error on the probes that were cut.
    expect(validateReport(run.stdout), 'report schema').toEqual([]);
    expect(
      report.results.filter((r) => r.status === 'error').map((r) => `${r.checkId}: ${r.message}`),
    ).toEqual([]);
    const cut = report.exchanges.filter((x) => x.error?.code === 'stopped-answering');
    expect(cut.length).toBeGreaterThan(0);
    expect(report.target.notSent?.count).toBe(new Set(cut.map((x) => x.probe)).size);
    expect(report.target.notSent?.detail).toMatch(
      /^the server stopped answering \(3 requests in a row to http:\/\/127\.0\.0\.1:\d+ timed out\)$/,
    );
    const stopped = report.results.filter((r) => r.reason === 'target_stopped_answering');
    expect(stopped.length, 'results inconclusive because the server stopped answering').toBeGreaterThan(0);
    for (const r of stopped) {
      expect(r.status).toBe('inconclusive');
      expect(r.message).toContain('was not sent: the server stopped answering');
    }
    // Every format says it: the reason of the inconclusive results, and the probes not sent.
    // (The migration guide lists what changes between revisions, not results.)
    for (const format of FORMAT_NAMES.filter((f) => f !== 'migration')) {
      const ctx = { anchor: { file: 'mcp-posture.config.json', line: () => 1 }, color: false };
      const rendered = FORMATS[format].render([JSON.parse(run.stdout) as ScanReport], ctx);
      expect(rendered, format).toMatch(/stopped answering/i);
    }
  }, 120_000);
});
