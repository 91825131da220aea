/**
 * `scan --npm` (docs/stdio.md#audit-a-package-before-installing-it), end to end and offline: npm
 * installs from the cache the real-server corpus filled (`npm_config_offline`), or from a tarball
 * packed from a fixture here; nothing leaves 127.0.0.1. The pinned reference servers run inside
 * the sandbox with their exact version and integrity in the report, and judge as an unsandboxed
 * scan of the same package does; install scripts are reported and never run; a package without
 * a command is a one-line usage error.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ScanReport } from '../../src/report/model.js';
import { renderHtml } from '../../src/report/html.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { runCli } from '../helpers/cli.js';
import { validateReport } from '../helpers/schema.js';
import { binOf, CORPUS } from '../surface/corpus.js';

const REAL = join(import.meta.dirname, '..', 'real');
const PACKAGES = join(import.meta.dirname, '..', 'fixtures', 'packages');
/** The directory both scans of server-filesystem serve; mapped with --sandbox-map, as it may lie in a hidden directory (a checkout under /tmp). */
const DATA_DIR = join(import.meta.dirname, '..', 'fixtures', 'stdio');

const dir = mkdtempSync(join(tmpdir(), 'mcpp-npm-'));
const canary = join(dir, 'install-scripts-ran');
const tarballs = new Map<string, string>();
const saved = { offline: process.env['npm_config_offline'], canary: process.env['MCPP_INSTALL_CANARY'] };

beforeAll(() => {
  // No network in tests: npm answers from its cache, which test/real's install filled.
  process.env['npm_config_offline'] = 'true';
  // Were the fixture's install scripts run, they would write here (npm passes the environment on).
  process.env['MCPP_INSTALL_CANARY'] = canary;
  for (const name of ['scripted', 'no-bin', 'two-bins']) {
    const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
      cwd: join(PACKAGES, name),
      encoding: 'utf8',
    }).trim();
    tarballs.set(name, join(dir, file.split('\n').at(-1)!));
  }
}, 60_000);

afterAll(() => {
  for (const [k, v] of [
    ['npm_config_offline', saved.offline],
    ['MCPP_INSTALL_CANARY', saved.canary],
  ] as const)
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  rmSync(dir, { recursive: true, force: true });
});

type Report = ScanReport;
const verdicts = (r: Report) => r.results.map((x) => `${x.checkId}:${x.status}:${x.key ?? ''}`).sort();

/** The version and integrity test/real's lock pinned for a package. */
function pinned(pkg: string): { version: string; integrity: string } {
  const lock = JSON.parse(readFileSync(join(REAL, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version: string; integrity: string }>;
  };
  return lock.packages[`node_modules/${pkg}`]!;
}

/** The throwaway prefix, as the sandbox evidence lists it among what it mapped back. */
const prefixOf = (r: Report) => r.settings.sandbox?.mapped?.find((m) => m.includes('mcp-posture-npm-'));

describe('scan --npm', () => {
  for (const [pkg, args, env] of [
    ['@modelcontextprotocol/server-memory', [], ['--env', 'MEMORY_FILE_PATH=memory.jsonl']],
    ['@modelcontextprotocol/server-filesystem', ['--', DATA_DIR], ['--sandbox-map', DATA_DIR]],
  ] as const) {
    it(`${pkg} (pinned): installed outside, run inside the sandbox, version and integrity reported, judged as unsandboxed`, async () => {
      const { version, integrity } = pinned(pkg);
      const r = await runCli(['scan', '--format', 'json', '--npm', `${pkg}@${version}`, ...env, ...args]);
      expect(r.code, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as Report;
      const extra = args.length ? ` ${DATA_DIR}` : '';
      expect(report.target.url).toBe(`npm:${pkg}@${version}${extra}`);
      expect(report.target.package).toEqual({
        ecosystem: 'npm',
        name: pkg,
        version,
        integrity,
        bin: pkg === '@modelcontextprotocol/server-memory' ? 'mcp-server-memory' : 'mcp-server-filesystem',
        installScripts: { declared: false, by: [] },
      });
      expect(report.settings.sandbox).toMatchObject({ requested: true, applied: true, mode: 'strict' });
      // The prefix was mapped into the sandbox, and is gone after the scan.
      const prefix = prefixOf(report);
      expect(prefix).toBeDefined();
      expect(existsSync(prefix!.split(' ')[0]!)).toBe(false);

      // The same package, installed by test/real, scanned directly without the sandbox.
      const server = CORPUS.find((s) => s.pkg === pkg)!;
      expect(binOf(server).version).toBe(version);
      const plain = await runCli([
        'scan',
        '--format',
        'json',
        '--stdio',
        ...env,
        '--',
        process.execPath,
        binOf(server).path,
        ...args.slice(1),
      ]);
      expect(plain.code, plain.stderr).toBe(0);
      expect(verdicts(report)).toEqual(verdicts(JSON.parse(plain.stdout) as Report));
    }, 120_000);
  }

  it('a package declaring install scripts: reported in every format, and the scripts never ran', async () => {
    const r = await runCli(['scan', '--format', 'json', '--npm', tarballs.get('scripted')!]);
    expect(r.code, r.stderr).toBe(0);
    expect(validateReport(r.stdout)).toEqual([]);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.target.url).toBe('npm:mcpp-scripted-fixture@1.0.0');
    expect(report.target.package?.installScripts).toEqual({ declared: true, by: ['mcpp-scripted-fixture'] });
    expect(report.target.package?.integrity).toMatch(/^sha512-/);
    expect(existsSync(canary)).toBe(false);
    const line = /install scripts declared: yes \(not run; declared by mcpp-scripted-fixture\)/;
    // Markdown escapes every punctuation character of what the package named.
    expect(renderMarkdown(report).replace(/\\/g, '')).toMatch(line);
    expect(renderHtml(report)).toMatch(line);
    const text = await runCli(['scan', '--npm', tarballs.get('scripted')!]);
    expect(text.stdout).toMatch(/npm package mcpp-scripted-fixture 1\.0\.0 · integrity sha512-/);
    expect(text.stdout).toMatch(line);
    expect(existsSync(canary)).toBe(false);
  }, 120_000);

  it('a package without a bin: a one-line usage error (exit 2) that says why and what to do', async () => {
    const r = await runCli(['scan', '--npm', tarballs.get('no-bin')!]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // The install step's progress line, then the error on one line.
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^… installing .* outside the sandbox \(npm, install scripts not run\)$/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /mcpp-no-bin-fixture@1\.0\.0 declares no command \(no "bin".*--stdio -- node <file>/,
    );
  }, 60_000);

  it('several bins, none named like the package: a usage error listing them; --npm-bin chooses', async () => {
    const r = await runCli(['scan', '--npm', tarballs.get('two-bins')!]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /declares several commands \(serve-a, serve-b\): choose one with --npm-bin NAME/,
    );
    const chosen = await runCli([
      'scan',
      '--format',
      'json',
      '--npm',
      tarballs.get('two-bins')!,
      '--npm-bin',
      'serve-b',
    ]);
    // The command exits at once: unreachable, but launched, and named.
    expect((JSON.parse(chosen.stdout) as Report).target.package?.bin).toBe('serve-b');
  }, 60_000);

  it('--plan lists the install (outside the sandbox) and the sandboxed launch, and installs nothing', async () => {
    const r = await runCli(['scan', '--plan', '--npm', '@modelcontextprotocol/server-memory@2026.8.31']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      'install  npm install --ignore-scripts --no-audit --no-fund --prefix <throwaway prefix> @modelcontextprotocol/server-memory@2026.8.31',
    );
    expect(r.stdout).toContain('outside the sandbox, with the network; install scripts are not run');
    expect(r.stdout).toContain('launch   inside the sandbox (strict)');
    expect(r.stdout).toContain('nothing was run');
  });

  it('--npm takes no --stdio, --cwd or URL', async () => {
    for (const args of [
      ['--npm', 'x', '--stdio', '--', 'node'],
      ['--npm', 'x', '--cwd', '/'],
      ['--npm', 'x', 'https://example.com/mcp'],
      ['--npm-bin', 'x', 'https://example.com/mcp'],
    ]) {
      const r = await runCli(['scan', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
    }
  });
});

describe('scan --pypi', () => {
  it('without uv on PATH: exit 2 with the sentence that says how to get it', async () => {
    const path = process.env['PATH'];
    process.env['PATH'] = join(dir, 'no-such-dir');
    try {
      const r = await runCli(['scan', '--pypi', 'mcp-server-fetch']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        '--pypi needs uv (https://docs.astral.sh/uv/): install it with `pip install uv`',
      );
    } finally {
      process.env['PATH'] = path;
    }
  });
});

describe('discover and scan --discovered offer the same for npx -y and uvx servers', () => {
  const home = join(dir, 'home');
  const project = join(dir, 'project');
  const memory = '@modelcontextprotocol/server-memory@2026.8.31';
  beforeAll(() => {
    mkdirSync(project, { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(
      join(home, '.claude.json'),
      JSON.stringify({
        mcpServers: {
          memory: { command: 'npx', args: ['-y', memory], env: { MEMORY_FILE_PATH: 'memory.jsonl' } },
          fetch: { command: 'uvx', args: ['mcp-server-fetch@2025.4.7', '--ignore-robots-txt'] },
          keyed: { command: 'npx', args: ['-y', 'some-server', '--api-key', 'sk-abcdefghijklmnopqrstuv'] },
        },
      }),
    );
  });

  it('discover prints, per such server, the exact scan command (secrets in its arguments redacted)', async () => {
    const r = await runCli(['discover', '--home', home, '--project', project]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      `audit before installing: mcp-posture scan --npm ${memory} --env MEMORY_FILE_PATH\n`,
    );
    expect(r.stdout).toContain(
      'audit before installing: mcp-posture scan --pypi mcp-server-fetch==2025.4.7 -- --ignore-robots-txt\n',
    );
    expect(r.stdout).not.toContain('sk-abcdefghijklmnopqrstuv');
    const json = await runCli(['discover', '--home', home, '--project', project, '--format', 'json']);
    const servers = (JSON.parse(json.stdout) as { servers: { name: string; audit?: string }[] }).servers;
    expect(servers.find((s) => s.name === 'memory')?.audit).toBe(
      `mcp-posture scan --npm ${memory} --env MEMORY_FILE_PATH`,
    );
  });

  it('scan --discovered --sandbox installs the npx server outside the sandbox and scans it inside', async () => {
    const out = join(dir, 'discovered-out');
    const r = await runCli([
      'scan',
      '--discovered',
      '--allow-exec',
      '--sandbox',
      '--home',
      home,
      '--project',
      project,
      '--format',
      'json',
      '--output-dir',
      out,
      '--no-progress',
    ]);
    expect(r.stderr).toContain(`installed npm:${memory} outside the sandbox (install scripts not run)`);
    // Not installable here (no uv, or no network for it): skipped with the reason, never launched with uvx.
    expect(r.stderr).toMatch(/skipped fetch \(stdio:uvx mcp-server-fetch@2025\.4\.7 --ignore-robots-txt\): /);
    expect(r.stderr).toMatch(
      /skipped keyed \(stdio:npx -y some-server --api-key \[REDACTED\]\): could not install/,
    );
    expect(r.stderr).not.toContain('sk-abcdefghijklmnopqrstuv');
    const reports = readdirSync(out)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')) as Report);
    expect(reports.map((x) => x.target.url)).toEqual([`npm:${memory}`]);
    expect(reports[0]!.outcome).toBe('graded');
    expect(reports[0]!.settings.sandbox?.applied).toBe(true);
    expect(reports[0]!.target.package?.version).toBe('2026.8.31');
  }, 120_000);
});
