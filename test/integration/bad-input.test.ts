/**
 * Targets that are not (reachable) MCP endpoints, through the CLI and through `scan()`:
 * each must end in a clear outcome (exit 3), never a stack trace, within its deadline, with
 * a JSON report that validates against the published schema. Everything runs on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import type { Outcome, ScanReport } from '../../src/report/model.js';
import { renderJson } from '../../src/report/json.js';
import { testCerts } from '../helpers/certs.js';
import { runCli, STACK_TRACE } from '../helpers/cli.js';
import {
  closedPort,
  fixedAnswer,
  startHangingServer,
  startHtmlLoginServer,
  startHugeJsonServer,
  startRawServer,
  startRedirectServer,
  startTextServer,
} from '../helpers/raw-servers.js';
import type { RawServer } from '../helpers/raw-servers.js';
import { validateReport } from '../helpers/schema.js';

const REQUEST_TIMEOUT_MS = 1000;
const SCAN_TIMEOUT_MS = 8000;
const FAST = ['--timeout', String(REQUEST_TIMEOUT_MS), '--scan-timeout', String(SCAN_TIMEOUT_MS)];
/**
 * A case the server answers at once (refused, garbage, wrong type) ends in well under a second;
 * this bound (CLI start-up included, on a loaded machine) tells that apart from waiting for the
 * 8 s scan deadline.
 */
const FAST_ANSWER_MS = 5000;
/** Every case must finish within the scan deadline plus this slack. */
const SLACK_MS = 3000;
const TEN_MB = 10 * 1024 * 1024;
/** The HTTP client's default response body cap (src/probe/http/client.ts). */
const BODY_CAP = 1024 * 1024;

interface Target {
  readonly url: string;
  /** Servers to close after the test. */
  readonly servers: readonly RawServer[];
  /** Extra assertions on the report (from the CLI's saved evidence and from scan()). */
  readonly verify?: (report: ScanReport) => void;
}

interface Case {
  readonly name: string;
  readonly outcome: Outcome;
  /** Why the target could not be scanned (`target.unreached.cause`); absent for a redirect, which is judged. */
  readonly cause?: RegExp;
  /** Wall-time bound for one scan. */
  readonly withinMs: number;
  readonly start: () => Promise<Target>;
}

function errorCodes(report: ScanReport): string[] {
  return [...new Set(report.exchanges.map((x) => x.error?.code ?? 'none'))];
}

/** The scan stopped after detection: no safe-tier (active) probe went to a non-MCP target. */
function onlyDetectionProbes(report: ScanReport): void {
  expect(report.exchanges.length).toBeGreaterThan(0);
  expect(report.exchanges.filter((x) => !x.probe.startsWith('p.')).map((x) => x.probe)).toEqual([]);
}

/** The other origin of a redirect: 127.0.0.2 (loopback on Linux) or, failing that, another port. */
async function otherOrigin(): Promise<RawServer> {
  try {
    return await startTextServer({ host: '127.0.0.2' });
  } catch {
    return startTextServer();
  }
}

const CASES: readonly Case[] = [
  {
    name: 'closed port (connection refused)',
    cause: /^connect$/,
    outcome: 'unreachable',
    withinMs: FAST_ANSWER_MS,
    start: async () => ({
      url: `http://127.0.0.1:${await closedPort()}/mcp`,
      servers: [],
      verify: (report) => {
        expect(errorCodes(report)).toEqual(['connect']);
        expect(report.target.class).toBe('unreachable');
      },
    }),
  },
  {
    name: 'TLS error (self-signed certificate)',
    cause: /^tls$/,
    outcome: 'unreachable',
    withinMs: SCAN_TIMEOUT_MS + SLACK_MS,
    start: async () => {
      const server = await startRawServer(fixedAnswer(200, { 'content-type': 'application/json' }, '{}'), {
        tls: testCerts().selfSigned,
      });
      return {
        url: server.url,
        servers: [server],
        verify: (report) => {
          expect(
            report.exchanges.filter((x) => x.probe !== 'p.plain').every((x) => x.error?.code === 'tls'),
          ).toBe(true);
          const trn03 = report.results.filter((r) => r.checkId === 'MCPP-TRN03');
          expect(trn03.map((r) => [r.status, r.key, r.severity])).toContainEqual([
            'fail',
            'self-signed',
            'high',
          ]);
          // The handshake refused the certificate: no MCP request reached the server.
          expect(server.requests()).toBe(0);
        },
      };
    },
  },
  {
    name: "non-JSON answer (text/plain 'hello')",
    cause: /^not-mcp$/,
    outcome: 'not-mcp',
    withinMs: FAST_ANSWER_MS,
    start: async () => {
      const server = await startTextServer();
      return {
        url: server.url,
        servers: [server],
        verify: (report) => {
          onlyDetectionProbes(report);
          expect(
            report.exchanges.every((x) => x.response?.status === 200 && x.response.body === 'hello'),
          ).toBe(true);
        },
      };
    },
  },
  {
    name: 'HTML login page',
    cause: /^not-mcp$/,
    outcome: 'not-mcp',
    withinMs: FAST_ANSWER_MS,
    start: async () => {
      const server = await startHtmlLoginServer();
      return {
        url: server.url,
        servers: [server],
        verify: (report) => {
          onlyDetectionProbes(report);
          expect(report.exchanges.some((x) => x.response?.body?.includes('<form action=/login'))).toBe(true);
        },
      };
    },
  },
  {
    name: 'redirect to another origin (127.0.0.2)',
    outcome: 'redirect',
    withinMs: FAST_ANSWER_MS,
    start: async () => {
      const other = await otherOrigin();
      const server = await startRedirectServer(other.url);
      return {
        url: server.url,
        servers: [server, other],
        verify: (report) => {
          onlyDetectionProbes(report);
          expect(report.exchanges.every((x) => x.response?.status === 307)).toBe(true);
          expect(report.exchanges.every((x) => new URL(x.request.url).origin === server.origin)).toBe(true);
          expect(
            report.results.some(
              (r) => r.checkId === 'MCPP-TRN11' && r.status === 'fail' && r.key === 'cross-origin',
            ),
          ).toBe(true);
          expect(other.requests()).toBe(0);
        },
      };
    },
  },
  {
    name: 'redirect to another port on 127.0.0.1 (a different origin)',
    outcome: 'redirect',
    withinMs: FAST_ANSWER_MS,
    start: async () => {
      const other = await startTextServer();
      const server = await startRedirectServer(`${other.origin}/mcp`, 308);
      return {
        url: server.url,
        servers: [server, other],
        verify: (report) => {
          onlyDetectionProbes(report);
          expect(other.requests()).toBe(0);
        },
      };
    },
  },
  {
    name: '10 MB application/json body',
    cause: /^not-mcp$/,
    outcome: 'not-mcp',
    withinMs: FAST_ANSWER_MS,
    start: async () => {
      const server = await startHugeJsonServer(TEN_MB);
      return {
        url: server.url,
        servers: [server],
        verify: (report) => {
          onlyDetectionProbes(report);
          for (const x of report.exchanges) {
            // Bounded memory: at most the 1 MiB cap is held per response, then the connection is
            // dropped (the rest of the 10 MB is never read); the record keeps only an excerpt.
            expect(x.error?.code).toBe('too-large');
            expect(x.response?.status).toBe(200);
            expect(x.response?.truncated).toBe(true);
            expect(x.response?.bodyBytes).toBeLessThanOrEqual(BODY_CAP);
            expect(x.response?.body.length ?? 0).toBeLessThanOrEqual(64 * 1024);
          }
          expect(renderJson(report).length).toBeLessThan(1024 * 1024);
        },
      };
    },
  },
  {
    name: 'server that never answers',
    cause: /^(timeout|deadline)$/,
    outcome: 'unreachable',
    withinMs: SCAN_TIMEOUT_MS + SLACK_MS,
    start: async () => {
      const server = await startHangingServer();
      return {
        url: server.url,
        servers: [server],
        verify: (report) => {
          expect(errorCodes(report).every((c) => c === 'timeout' || c === 'deadline')).toBe(true);
          expect(server.requests()).toBeGreaterThan(0);
        },
      };
    },
  },
];

let dir: string;
let open: RawServer[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpp-bad-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  process.exitCode = undefined;
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

async function startCase(c: Case): Promise<Target> {
  const target = await c.start();
  open.push(...target.servers);
  return target;
}

function checkJson(json: string, c: Case): ScanReport {
  expect(validateReport(json)).toEqual([]);
  const report = JSON.parse(json) as ScanReport;
  expect(report.outcome).toBe(c.outcome);
  // No check crashes on the evidence of a failed scan.
  expect(report.results.filter((r) => r.status === 'error')).toEqual([]);
  return report;
}

describe.each(CASES)('bad input: $name', (c) => {
  it(`CLI: exit 3, outcome ${c.outcome}, no stack trace, within the deadline`, async () => {
    const target = await startCase(c);
    const evidence = join(dir, `${c.name.replace(/\W+/g, '-')}.json`);
    const run = await runCli(['scan', target.url, ...FAST, '--save-evidence', evidence]);
    expect(run.code, run.stderr).toBe(3);
    expect(run.ms).toBeLessThan(c.withinMs);
    expect(run.stdout).toContain(`outcome ${c.outcome} `);
    if (c.cause) {
      // The cause first, in words, then the next step; nothing passes on a target not reached.
      expect(run.stdout.split('\n')[0]).toMatch(/^cannot scan http/);
      expect(run.stdout.split('\n')[1]).toMatch(/^ {2}next: \S/);
      expect(run.stdout).not.toMatch(/^PASS/m);
      expect(run.stdout).toMatch(/checks: 0 pass,/);
    }
    expect(run.stdout).not.toContain('No failing checks.');
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(run.stderr).not.toMatch(/internal error/);
    // The JSON report of the same evidence, offline: still exit 3, and schema-valid.
    const offline = await runCli(['evaluate', evidence, '--format', 'json', '--fail-on', 'none']);
    expect(offline.code).toBe(3);
    const report = checkJson(offline.stdout, c);
    target.verify?.(report);
    if (c.cause) expect(report.target.unreached?.cause).toMatch(c.cause);
    else expect(report.target.unreached).toBeUndefined();
  });

  it(`scan(): outcome ${c.outcome}, JSON report valid against the schema`, async () => {
    const target = await startCase(c);
    const started = performance.now();
    const out = await scan({
      url: target.url,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      scanTimeoutMs: SCAN_TIMEOUT_MS,
    });
    expect(performance.now() - started).toBeLessThan(c.withinMs);
    expect(out.report.outcome).toBe(c.outcome);
    const report = checkJson(renderJson(out.report), c);
    target.verify?.(report);
  });
});

describe('bad input: bounds', () => {
  it('the scan deadline bounds a server that never answers, even with a long request timeout', async () => {
    const server = await startHangingServer();
    open.push(server);
    const scanTimeoutMs = 1500;
    const started = performance.now();
    const out = await scan({ url: server.url, requestTimeoutMs: 30_000, scanTimeoutMs });
    expect(performance.now() - started).toBeLessThan(scanTimeoutMs + SLACK_MS);
    expect(out.report.outcome).toBe('unreachable');
    expect(errorCodes(out.report)).toContain('deadline');
    expect(validateReport(renderJson(out.report))).toEqual([]);
  });

  it('an unreachable target exits 3 even with --fail-on none', async () => {
    const run = await runCli([
      'scan',
      `http://127.0.0.1:${await closedPort()}/mcp`,
      ...FAST,
      '--fail-on',
      'none',
    ]);
    expect(run.code).toBe(3);
  });
});
