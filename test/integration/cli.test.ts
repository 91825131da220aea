/**
 * The CLI end to end, in-process (`main(argv)`), against fixture servers on 127.0.0.1:
 * usage errors, the check catalogue, --plan, exit-code gating, report files, the offline
 * re-evaluation guarantee, credential hygiene and terminal safety of server-supplied text.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ALL_CHECKS, findCheck } from '../../src/checks/index.js';
import { FIXTURE_FLAWS, startFixtureServer } from '../../src/demo/fixture-server.js';
import type { FixtureOptions, FixtureServer } from '../../src/demo/fixture-server.js';
import { buildPlan } from '../../src/probe/plan.js';
import { renderCheckDoc } from '../../src/report/check-doc.js';
import type { ScanReport } from '../../src/report/model.js';
import { TOOL_VERSION } from '../../src/version.js';
import { runCli, STACK_TRACE } from '../helpers/cli.js';
import type { CliRun } from '../helpers/cli.js';
import { startJsonRpcEchoServer } from '../helpers/raw-servers.js';
import type { RawServer } from '../helpers/raw-servers.js';
import { validateReport } from '../helpers/schema.js';

/** Keeps every scan fast; the fixture answers in milliseconds. */
// Fixtures are unauthenticated on purpose, so AUTHN01 (and the auth fixture's discovery gaps) fail
// at medium or high: these tests gate at critical unless they are about the gate.
const FAST = ['--timeout', '1000', '--scan-timeout', '8000', '--fail-on', 'critical'];

let dir: string;
let servers: (FixtureServer | RawServer)[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpp-cli-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function fixture(opts: Partial<FixtureOptions> = {}): Promise<FixtureServer> {
  const server = await startFixtureServer(opts);
  servers.push(server);
  return server;
}

function flawOptions(name: string): Partial<FixtureOptions> {
  const flaw = FIXTURE_FLAWS.find((f) => f.name === name);
  if (!flaw) throw new Error(`no fixture flaw ${name}`);
  return flaw.options;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function parseReport(json: string): ScanReport {
  expect(validateReport(json)).toEqual([]);
  return JSON.parse(json) as ScanReport;
}

/** A usage error: exit 2, nothing on stdout, a message on stderr, no stack trace. */
function expectUsageError(run: CliRun, message: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(message);
  expect(run.stderr).not.toMatch(STACK_TRACE);
  expect(run.stderr).not.toMatch(/internal error/);
}

describe('cli: version, help and usage errors', () => {
  it('--version prints the version and exits 0', async () => {
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(TOOL_VERSION);
    expect(run.stderr).toBe('');
  });

  it('--help lists the commands and exits 0', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: mcp-posture /);
    for (const cmd of ['scan', 'evaluate', 'checks'])
      expect(run.stdout).toMatch(new RegExp(`^\\s+${cmd}\\b`, 'm'));
    expect(run.stderr).toBe('');
  });

  it('scan --help documents the gating and credential options and exits 0', async () => {
    const run = await runCli(['scan', '--help']);
    expect(run.code).toBe(0);
    for (const opt of ['--fail-on', '--plan', '--token-env', '--save-evidence', '--scan-timeout'])
      expect(run.stdout).toContain(opt);
  });

  it('help shows no empty or meaningless defaults, and offers --verbose', async () => {
    for (const cmd of [['scan'], ['evaluate'], ['diff']]) {
      const run = await runCli([...cmd, '--help']);
      expect(run.code).toBe(0);
      // `{}` for --header, `false` for flags, a JSON array for --format.
      expect(run.stdout.replace(/\s+/g, ' ')).not.toMatch(/\(default: (\{\}|false|\[)/);
    }
    const scanHelp = (await runCli(['scan', '--help'])).stdout;
    expect(scanHelp).toMatch(/--verbose\s+list every not-applicable check/);
    expect(scanHelp.replace(/\s+/g, ' ')).toContain('(default: text)');
  });

  it('an unknown option is a usage error (exit 2)', async () => {
    expectUsageError(await runCli(['scan', '--bogus', 'http://127.0.0.1:9/mcp']), /unknown option '--bogus'/);
    expectUsageError(await runCli(['--bogus']), /unknown option '--bogus'/);
  });

  it('a missing URL is a usage error (exit 2)', async () => {
    expectUsageError(await runCli(['scan']), /give a URL, or a config file with targets/);
  });

  it('a bad --fail-on is a usage error that names the valid severities (exit 2)', async () => {
    expectUsageError(
      await runCli(['scan', '--fail-on', 'severe', 'http://127.0.0.1:9/mcp']),
      /--fail-on.*'severe' is invalid.*critical, high, medium, low, info, none/,
    );
  });

  it('a bad --spec is a usage error that names the revisions (exit 2)', async () => {
    expectUsageError(
      await runCli(['scan', '--spec', '1999-01-01', 'http://127.0.0.1:9/mcp']),
      /--spec.*'1999-01-01' is invalid.*2025-11-25.*draft/,
    );
  });

  it('a bad --timeout is a usage error (exit 2)', async () => {
    expectUsageError(await runCli(['scan', '--timeout', '-5', 'http://127.0.0.1:9/mcp']), /positive integer/);
  });

  it('a non-http URL or a non-URL is a usage error (exit 2)', async () => {
    for (const url of ['ftp://127.0.0.1/mcp', 'file:///etc/passwd', 'javascript:alert(1)'])
      expectUsageError(
        await runCli(['scan', url]),
        /^mcp-posture: the URL must be http:\/\/ or https:\/\/\n$/,
      );
    expectUsageError(await runCli(['scan', 'not a url']), /^mcp-posture: not a URL: not a url\n$/);
  });

  it('--token-env naming an unset or empty variable is a usage error (exit 2), nothing sent', async () => {
    const server = await fixture();
    vi.stubEnv('MCPP_TEST_UNSET_TOKEN', undefined);
    expectUsageError(
      await runCli(['scan', '--token-env', 'MCPP_TEST_UNSET_TOKEN', server.url]),
      /environment variable MCPP_TEST_UNSET_TOKEN is empty or unset/,
    );
    vi.stubEnv('MCPP_TEST_EMPTY_TOKEN', '');
    expectUsageError(
      await runCli(['scan', '--token-env', 'MCPP_TEST_EMPTY_TOKEN', server.url]),
      /MCPP_TEST_EMPTY_TOKEN is empty or unset/,
    );
    expect(server.stats().requests).toBe(0);
  });

  it('--oauth-client-id and --oauth-redirect-uri go together; the URI must be absolute (exit 2)', async () => {
    const url = 'http://127.0.0.1:9/mcp';
    expectUsageError(
      await runCli(['scan', '--mode', 'intrusive', '--oauth-client-id', 'c1', url]),
      /--oauth-client-id needs --oauth-redirect-uri/,
    );
    expectUsageError(
      await runCli(['scan', '--oauth-redirect-uri', 'http://127.0.0.1:3999/cb', url]),
      /--oauth-redirect-uri needs --oauth-client-id/,
    );
    expectUsageError(
      await runCli(['scan', '--oauth-client-id', 'c1', '--oauth-redirect-uri', '/callback', url]),
      /--oauth-redirect-uri must be an absolute URL: \/callback/,
    );
  });

  it('evaluate of a missing, non-JSON or non-bundle file is a usage error (exit 2)', async () => {
    expectUsageError(await runCli(['evaluate', join(dir, 'absent.json')]), /cannot read .*absent\.json/);
    const garbage = join(dir, 'garbage.json');
    writeFileSync(garbage, 'hello');
    expectUsageError(await runCli(['evaluate', garbage]), /not JSON/);
    const wrong = join(dir, 'wrong.json');
    writeFileSync(wrong, '{"schemaVersion":"0"}');
    expectUsageError(await runCli(['evaluate', wrong]), /not an evidence bundle/);
  });
});

describe('cli: checks', () => {
  it('checks list lists every registered check once', async () => {
    const run = await runCli(['checks', 'list']);
    expect(run.code).toBe(0);
    const ids = run.stdout
      .split('\n')
      .map((l) => /^(MCPP-[A-Z]+\d+)\s/.exec(l)?.[1])
      .filter((id): id is string => id !== undefined);
    expect(ids).toEqual(ALL_CHECKS.map((c) => c.meta.id));
    for (const c of ALL_CHECKS) {
      const line = run.stdout.split('\n').find((l) => l.startsWith(`${c.meta.id} `));
      expect(line).toContain(c.meta.severity);
      expect(line).toContain(c.meta.title);
    }
    expect(run.stdout).toContain(`\n${ALL_CHECKS.length} checks\n`);
  });

  it('checks show prints the doc page, by full and by short ID', async () => {
    const check = findCheck('MCPP-LEG08');
    expect(check).toBeDefined();
    const page = renderCheckDoc(check!);
    const full = await runCli(['checks', 'show', 'MCPP-LEG08']);
    expect(full.code).toBe(0);
    expect(full.stdout).toBe(page);
    expect(full.stdout).toContain(`# MCPP-LEG08: ${check!.meta.title}`);
    for (const h of ['## What is checked', '## Why it matters', '## How to fix', '## References'])
      expect(full.stdout).toContain(h);
    const short = await runCli(['checks', 'show', 'leg08']);
    expect(short.code).toBe(0);
    expect(short.stdout).toBe(page);
  });

  it('checks show of an unknown ID is a usage error (exit 2)', async () => {
    expectUsageError(await runCli(['checks', 'show', 'NOPE']), /unknown check NOPE/);
  });
});

describe('cli: scan', () => {
  it('--plan prints the request plan and sends nothing', async () => {
    const server = await fixture();
    const run = await runCli(['scan', '--plan', server.url]);
    expect(run.code).toBe(0);
    const plan = buildPlan(server.url, 'safe');
    expect(plan.length).toBeGreaterThan(0);
    const entries = run.stdout
      .split('\n')
      .filter((l) => /^(passive|safe|token|intrusive) +[A-Z]+ +\S/.test(l));
    expect(entries).toHaveLength(plan.length);
    plan.forEach((p, i) => {
      expect(entries[i]).toMatch(new RegExp(`^${p.tier} +${p.method} +${escapeRegExp(p.probe)} +`));
      expect(entries[i]!.endsWith(p.url)).toBe(true);
    });
    expect(run.stdout).toContain(`${plan.length} request kinds; nothing was sent.`);
    expect(server.stats().requests).toBe(0);
  });

  it('a spec-correct fixture: JSON report valid against the schema, exit 0 at --fail-on critical; evaluate of the saved evidence gives the same results', async () => {
    const server = await fixture();
    const evidence = join(dir, 'default-evidence.json');
    const live = await runCli([
      'scan',
      server.url,
      ...FAST,
      '--format',
      'json',
      '--fail-on',
      'critical',
      '--save-evidence',
      evidence,
    ]);
    expect(live.code, live.stderr).toBe(0);
    expect(live.stderr).not.toMatch(STACK_TRACE);
    const report = parseReport(live.stdout);
    expect(report.outcome).toBe('graded');
    expect(report.target.url).toBe(server.url);
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.results.filter((r) => r.status === 'error')).toEqual([]);

    // The offline re-evaluation guarantee: the same evidence gives the same results, with no network.
    await server.close();
    const offline = await runCli(['evaluate', evidence, '--format', 'json', '--fail-on', 'critical']);
    expect(offline.code, offline.stderr).toBe(0);
    const again = parseReport(offline.stdout);
    expect(again.results).toEqual(report.results);
    expect(again).toEqual(report);
  });

  it('a flawed fixture (foreign Origin served, MCPP-ACT01 high) gates on --fail-on', async () => {
    const server = await fixture(flawOptions('originNotValidated'));
    const high = await runCli(['scan', server.url, ...FAST, '--format', 'json', '--fail-on', 'high']);
    expect(high.code).toBe(1);
    const report = parseReport(high.stdout);
    const act01 = report.results.filter((r) => r.checkId === 'MCPP-ACT01' && r.status === 'fail');
    expect(act01.length).toBeGreaterThan(0);
    expect(act01.every((r) => r.severity === 'high')).toBe(true);
    expect(report.summary.failsBySeverity.critical).toBe(0);

    const critical = await runCli(['scan', server.url, ...FAST, '--fail-on', 'critical']);
    expect(critical.code).toBe(0);
    expect(critical.stdout).toMatch(/^HIGH \(\d+\)$/m);
    expect(critical.stdout).toContain('MCPP-ACT01');

    const none = await runCli(['scan', server.url, ...FAST, '--fail-on', 'none']);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('MCPP-ACT01');
  });

  it('the text report groups the not-applicable checks; --verbose lists every one, in scan and evaluate', async () => {
    const server = await fixture();
    const evidence = join(dir, 'verbose-evidence.json');
    const grouped = await runCli(['scan', server.url, ...FAST, '--save-evidence', evidence]);
    expect(grouped.code, grouped.stderr).toBe(0);
    expect(grouped.stdout).toMatch(/^NOT APPLICABLE \(\d+\); --verbose lists them$/m);
    expect(grouped.stdout).toMatch(/^ +\d+ {2}the server does not speak 2026-07-28$/m);
    expect(grouped.stdout).not.toMatch(/^ {2}MCPP-MOD01 /m);
    for (const args of [
      ['scan', server.url, ...FAST, '--verbose'],
      ['evaluate', evidence, '--fail-on', 'critical', '--verbose'],
    ]) {
      const verbose = await runCli(args);
      expect(verbose.code, verbose.stderr).toBe(0);
      expect(verbose.stdout).toMatch(/^NOT APPLICABLE \(\d+\)$/m);
      expect(verbose.stdout).toMatch(/^ {2}MCPP-\S+( MCPP-\S+)* ?$/m);
      expect(verbose.stdout).toContain('MCPP-MOD01');
    }
  });

  it('--output writes the report to the file and nothing to stdout', async () => {
    const server = await fixture();
    const file = join(dir, 'report.txt');
    const run = await runCli(['scan', server.url, ...FAST, '--output', file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(new RegExp(`^mcp-posture ${TOOL_VERSION.replace(/\./g, '\\.')} — `));
    expect(text).toContain('outcome graded');
    // Colour is never written to a file.
    expect(text).not.toContain('\u001b');
  });

  it('--token (and a secret --header) is never printed: not on stdout, stderr, in the evidence file or in the report', async () => {
    const token = 'mcpp-T0KEN-5f0c9a71e2-do-not-print';
    const apiKey = 'mcpp-APIKEY-77c1d0e4b9';
    const server = await fixture({ requireAuth: token });
    const evidence = join(dir, 'token-evidence.json');
    const run = await runCli([
      'scan',
      server.url,
      ...FAST,
      '--token',
      token,
      '-H',
      `X-Api-Key: ${apiKey}`,
      '--save-evidence',
      evidence,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const bundle = readFileSync(evidence, 'utf8');
    const offline = await runCli(['evaluate', evidence, '--format', 'json', '--fail-on', 'critical']);
    const report = parseReport(offline.stdout);
    // The token was used (no authorization wall), so the test is not vacuous.
    expect(report.outcome).toBe('graded');
    expect(report.target.authWall).toBe(false);
    expect(bundle).toContain('Bearer [REDACTED]');
    for (const [where, text] of [
      ['stdout', run.stdout],
      ['stderr', run.stderr],
      ['evidence', bundle],
      ['report', offline.stdout],
    ] as const) {
      expect(text.includes(token), `token in ${where}`).toBe(false);
      expect(text.includes(token.slice(0, 16)), `token prefix in ${where}`).toBe(false);
      expect(text.includes(apiKey), `--header secret in ${where}`).toBe(false);
    }
    // Not on a usage error either.
    const bad = await runCli(['scan', '--token', token, '--fail-on', 'bogus', server.url]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.includes(token) || bad.stdout.includes(token)).toBe(false);
  });

  it('--token-env reads the token from the environment, and it is never printed', async () => {
    const token = 'mcpp-ENV-T0KEN-8d21b4c6a3';
    const server = await fixture({ requireAuth: token });
    vi.stubEnv('MCPP_TEST_TOKEN', token);
    const run = await runCli([
      'scan',
      server.url,
      ...FAST,
      '--token-env',
      'MCPP_TEST_TOKEN',
      '--format',
      'json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const report = parseReport(run.stdout);
    expect(report.target.authWall).toBe(false);
    expect(run.stdout.includes(token) || run.stderr.includes(token)).toBe(false);
  });
});

/** Raw terminal-unsafe characters: C0 (but \t \n), DEL and C1 controls, bidi controls, zero-width characters. */
const RAW_UNSAFE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;

/** The raw unsafe characters in `text`, as unique U+XXXX strings (short failure messages). */
function rawUnsafe(text: string): string[] {
  const found = [...text.matchAll(RAW_UNSAFE)].map(
    (m) => `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
  return [...new Set(found)];
}

const HOSTILE = {
  esc: '\u001b[2J\u001b]0;pwned\u0007',
  csi8: '\u009b31m',
  bidi: 'safe\u202etxt.exe',
  zw: 'ad\u200bmin\u2060\ufeff',
};
const HOSTILE_TEXT = Object.values(HOSTILE).join(' ');
const HOSTILE_TOOL = `Tool ${HOSTILE_TEXT}`;
const HOSTILE_INSTRUCTIONS = `Instructions ${HOSTILE_TEXT}`;

/** A spec-correct fixture whose tool text and instructions carry terminal-unsafe characters. */
function hostileFixtureOptions(): Partial<FixtureOptions> {
  return {
    instructions: HOSTILE_INSTRUCTIONS,
    tools: [
      {
        name: 'evil',
        title: `Evil ${HOSTILE.bidi}`,
        description: HOSTILE_TOOL,
        inputSchema: { type: 'object', properties: {} },
      },
    ],
  };
}

/** A JSON-RPC server whose every answer names a hostile protocol version and server. */
function hostileRpcServer(): Promise<RawServer> {
  return startJsonRpcEchoServer({
    protocolVersion: `${HOSTILE.esc}2025-11-25${HOSTILE.bidi}`,
    capabilities: {},
    serverInfo: { name: HOSTILE_TEXT, version: HOSTILE.csi8 },
    instructions: HOSTILE_TEXT,
  });
}

describe('cli: server-supplied text is inert', () => {
  it('text report of a fixture with hostile tool descriptions and instructions: no raw control, bidi or zero-width character', async () => {
    const server = await fixture(hostileFixtureOptions());
    const run = await runCli(['scan', server.url, ...FAST, '--no-color']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('outcome graded');
    expect(rawUnsafe(run.stdout)).toEqual([]);
    expect(rawUnsafe(run.stderr)).toEqual([]);
  });

  it('text report where hostile server text IS printed (negotiated version): escaped visibly', async () => {
    const server = await hostileRpcServer();
    servers.push(server);
    const run = await runCli(['scan', server.url, ...FAST, '--no-color']);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(rawUnsafe(run.stdout)).toEqual([]);
    expect(rawUnsafe(run.stderr)).toEqual([]);
    // The hostile version is shown, escaped, in the detection summary and in check messages.
    expect(run.stdout).toContain('\\u{1b}[2J\\u{1b}]0;pwned\\u{7}2025-11-25safe\\u{202e}txt.exe');
  });

  describe('JSON reports', () => {
    let fixtureJson = '';
    let rpcJson = '';
    beforeAll(async () => {
      const f = await startFixtureServer(hostileFixtureOptions());
      const r = await hostileRpcServer();
      try {
        const a = await runCli(['scan', f.url, ...FAST, '--format', 'json']);
        expect(a.code, a.stderr).toBe(0);
        fixtureJson = a.stdout;
        const b = await runCli(['scan', r.url, ...FAST, '--format', 'json', '--fail-on', 'none']);
        expect(b.code, b.stderr).toBe(0);
        rpcJson = b.stdout;
      } finally {
        await Promise.all([f.close(), r.close()]);
      }
    });

    it('hostile fixture: valid, records the tool text and instructions faithfully, no raw C0 control', () => {
      const report = parseReport(fixtureJson);
      // Bodies are recorded as received: the fixture's own JSON text, escapes included.
      const bodies = report.exchanges.map((x) => x.response?.body ?? '');
      expect(bodies.some((b) => b.includes(JSON.stringify(HOSTILE_TOOL).slice(1, -1)))).toBe(true);
      expect(bodies.some((b) => b.includes(JSON.stringify(HOSTILE_INSTRUCTIONS).slice(1, -1)))).toBe(true);
      expect(rawUnsafe(fixtureJson).filter((c) => c < 'U+0080')).toEqual([]);
    });

    it('hostile JSON-RPC server: ESC and BEL in parsed server text are written as \\u001b and \\u0007', () => {
      const report = parseReport(rpcJson);
      expect(report.target.revision.how).toContain(HOSTILE.esc);
      expect(rpcJson).toContain('\\u001b[2J\\u001b]0;pwned\\u0007');
      expect(rawUnsafe(rpcJson).filter((c) => c < 'U+0080')).toEqual([]);
    });

    // BUG (src/report/json.ts, renderJson): JSON.stringify escapes only U+0000–U+001F, so DEL and
    // the C1 controls (U+007F–U+009F; U+009B is the 8-bit CSI), bidi controls (U+202E) and
    // zero-width characters (U+200B, U+2060, U+FEFF) from the server reach stdout raw with
    // `scan --format json` (stdout is the terminal by default). Expected: every character
    // escapeTerminal() treats as unsafe is written as a \uXXXX escape (still the same JSON value).
    it('writes no raw DEL/C1 control, bidi or zero-width character (\\u escapes instead)', () => {
      expect(rawUnsafe(fixtureJson)).toEqual([]);
      expect(rawUnsafe(rpcJson)).toEqual([]);
      expect(/safe\\u202etxt\.exe/i.test(rpcJson)).toBe(true);
      expect(/\\u009b31m/i.test(rpcJson)).toBe(true);
    });
  });
});
