/**
 * One flag vocabulary and usage errors that help (issue 23, items 1 and 5), through the CLI
 * in-process: `-f`/`-o` on every command that writes, renamed flags kept as hidden old spellings
 * with one deprecation line, `scan --help` in groups, a bad value answered in two lines, and the
 * target mistakes refused before anything runs. Nothing here opens a socket or starts a server.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { buildProgram } from '../../src/cli/main.js';
import { SCAN_HELP_GROUPS } from '../../src/cli/scan-command.js';
import { unfinishedLine } from '../../src/cli/scan-output.js';
import { runCli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpp-vocabulary-'));
});

const deprecation = (old: string, now: string) =>
  `mcp-posture: ${old} is deprecated and will be removed in the next minor version; use ${now}\n`;

describe('scan --help', () => {
  it('lists every option under one of its groups, in the groups’ order', async () => {
    const run = await runCli(['scan', '--help']);
    expect(run.code).toBe(0);
    const headings = run.stdout.split('\n').filter((l) => /^[A-Z][^:]*:$/.test(l));
    expect(headings).toEqual(['Arguments:', 'Options:', ...Object.keys(SCAN_HELP_GROUPS)]);
    // "Options:" keeps only the help flag.
    const options = run.stdout.split('Options:\n')[1]!.split('\n\n')[0]!;
    expect(options.trim()).toMatch(/^-h, --help/);
    const scan = buildProgram().program.commands.find((c) => c.name() === 'scan')!;
    const grouped = new Set(Object.values(SCAN_HELP_GROUPS).flat());
    const visible = scan.options.filter((o) => !o.hidden).map((o) => o.long);
    expect(visible.filter((f) => !grouped.has(f!))).toEqual([]);
    expect([...grouped].filter((f) => !visible.includes(f))).toEqual([]);
  });

  it('a bad option value prints the one-line error and where the options are, not the whole help', async () => {
    const run = await runCli(['scan', 'http://127.0.0.1:1/mcp', '--mode', 'loud']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "error: option '--mode <mode>' argument 'loud' is invalid. Allowed choices are passive, safe, intrusive.\n" +
        '(mcp-posture scan --help lists the options)\n',
    );
    const sub = await runCli(['lock', 'diff', 'a', 'b', '--fail-on', 'severe']);
    expect(sub.stderr.split('\n')).toEqual([
      "error: option '--fail-on <severity>' argument 'severe' is invalid. expected one of critical, high, medium, low, info, none",
      '(mcp-posture lock diff --help lists the options)',
      '',
    ]);
  });
});

describe('target mistakes are usage errors before anything runs', () => {
  it('scan URL --stdio -- cmd never runs the URL', async () => {
    const run = await runCli(['scan', 'http://127.0.0.1:1/mcp', '--stdio', '--', 'node', 'server.js']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'mcp-posture: --stdio launches a command, and http://127.0.0.1:1/mcp is a URL: scan the URL (mcp-posture scan http://127.0.0.1:1/mcp) or a command (mcp-posture scan --stdio -- <command> [args...]), not both\n',
    );
  });

  it('a scan that overran its deadline leads with the cause, then the target, then the next step', () => {
    expect(unfinishedLine('the scan overran its deadline (125000 ms)', 'http://127.0.0.1:9/mcp')).toBe(
      'mcp-posture: the scan overran its deadline (125000 ms): http://127.0.0.1:9/mcp was not scanned to the end (a slow server needs a larger --scan-timeout)',
    );
  });

  it('a URL without a scheme suggests one', async () => {
    const run = await runCli(['scan', '127.0.0.1:8080/mcp']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('did you mean http://127.0.0.1:8080/mcp?');
  });

  it('--sandbox with a package runner says the sandbox has no network, and how to audit the package', async () => {
    const run = await runCli([
      'scan',
      '--sandbox',
      '--stdio',
      '--',
      'npx',
      '-y',
      '@modelcontextprotocol/server-memory',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'mcp-posture: npx downloads @modelcontextprotocol/server-memory when it starts, and the sandbox has no network (and a throwaway HOME, so no cache): audit the package instead: mcp-posture scan --npm @modelcontextprotocol/server-memory (installed outside the sandbox, install scripts not run, then scanned inside it)\n',
    );
    const uvx = await runCli(['scan', '--sandbox', '--stdio', '--', 'uvx', 'mcp-server-fetch']);
    expect(uvx.stderr).toContain('mcp-posture scan --pypi mcp-server-fetch');
    // Best effort warns and goes on (here to the plan: nothing is launched).
    const plan = await runCli([
      'scan',
      '--sandbox=best-effort',
      '--plan',
      '--stdio',
      '--',
      'bunx',
      'some-mcp',
    ]);
    expect(plan.code).toBe(0);
    expect(plan.stderr).toContain('bunx downloads some-mcp when it starts');
    // A package installed under the working directory needs no download.
    const cwd = join(dir, 'project');
    mkdirSync(join(cwd, 'node_modules', 'local-mcp'), { recursive: true });
    writeFileSync(join(cwd, 'node_modules', 'local-mcp', 'package.json'), '{}');
    const local = await runCli([
      'scan',
      '--sandbox',
      '--plan',
      '--cwd',
      cwd,
      '--stdio',
      '--',
      'npx',
      'local-mcp',
    ]);
    expect(local.stderr).not.toContain('downloads');
  });
});

describe('renamed flags', () => {
  it('--config-target picks one target of the config; --target still does, with a deprecation line', async () => {
    const config = join(dir, 'two.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        targets: [
          { name: 'a', url: 'http://127.0.0.1:1/a' },
          { name: 'b', url: 'http://127.0.0.1:1/b' },
        ],
      }),
    );
    const now = await runCli(['scan', '--plan', '--config', config, '--config-target', 'b']);
    expect(now.code).toBe(0);
    expect(now.stdout).toContain('http://127.0.0.1:1/b');
    expect(now.stdout).not.toContain('http://127.0.0.1:1/a');
    expect(now.stderr).toBe('');
    const old = await runCli(['scan', '--plan', '--config', config, '--target', 'b']);
    expect(old.stdout).toBe(now.stdout);
    expect(old.stderr).toBe(deprecation('--target', '--config-target'));
    const both = await runCli([
      'scan',
      '--plan',
      '--config',
      config,
      '--target',
      'b',
      '--config-target',
      'a',
    ]);
    expect(both.code).toBe(2);
  });

  it('fleet report takes --run-id, as scan does; --run is the old spelling', async () => {
    const db = join(dir, 'none.db');
    const old = await runCli(['fleet', 'report', '--db', db, '--run', 'nightly-1']);
    expect(old.stderr).toContain(deprecation('--run', '--run-id'));
    const now = await runCli(['fleet', 'report', '--db', db, '--run-id', 'nightly-1']);
    expect(now.stderr).toBe(`mcp-posture: no history database at ${db} (scan with --db ${db} first)\n`);
  });
});

describe('-f and -o on every command that writes', () => {
  it('discover -f json -o FILE', async () => {
    const home = join(dir, 'home');
    mkdirSync(home, { recursive: true });
    const out = join(dir, 'discovered.json');
    const run = await runCli(['discover', '--home', home, '--project', home, '-f', 'json', '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ servers: [] });
  });

  it('checks list filters by family and severity, as text or JSON', async () => {
    const run = await runCli(['checks', 'list', '--family', 'pin', '--severity', 'info,low', '-f', 'json']);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as { id: string; family: string; severity: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.family).toBe('PIN');
      expect(['info', 'low']).toContain(r.severity);
    }
    expect(rows.map((r) => r.id)).toContain('MCPP-PIN04');
    const all = await runCli(['checks', 'list']);
    const text = await runCli(['checks', 'list', '--family', 'PIN', '--severity', 'info,low']);
    const total = /\n(\d+) checks\n$/.exec(all.stdout)![1];
    expect(text.stdout).toMatch(new RegExp(`\\n${rows.length} of ${total} checks\\n$`));
    const bad = await runCli(['checks', 'list', '--family', 'XYZ']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')).toHaveLength(3);
  });

  it('the help of each command that writes or gates shows -f, -o, --output-dir and --fail-on (default medium)', async () => {
    const run = await runCli(['diff', '--help']);
    expect(run.stdout).toMatch(/-f, --format <format>/);
    expect(run.stdout).toMatch(/-o, --output <file>/);
    expect(run.stdout).toMatch(/--fail-on <severity>[\s\S]*default:\s+"medium"/);
    for (const cmd of [
      ['lock', 'diff'],
      ['cimd', 'lint'],
    ]) {
      const help = await runCli([...cmd, '--help']);
      expect(help.stdout, cmd.join(' ')).toMatch(/--fail-on <severity>[\s\S]*default:\s+"medium"/);
    }
    for (const cmd of [['login'], ['lock', 'show'], ['history'], ['fleet', 'report'], ['discover']]) {
      const help = await runCli([...cmd, '--help']);
      expect(help.stdout, cmd.join(' ')).toMatch(/-f, --format <format>/);
      expect(help.stdout, cmd.join(' ')).toMatch(/-o, --output <file>/);
    }
    const variants = await runCli(['cimd', 'variants', '--help']);
    expect(variants.stdout).toMatch(/--output-dir <dir>/);
    expect(variants.stdout).not.toMatch(/--out </);
  });
});
