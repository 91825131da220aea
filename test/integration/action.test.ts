/**
 * The GitHub Action: action.yml's wiring checked line by line (no YAML library),
 * and its scan script (scripts/action/run.sh) run as the runner would run it:
 * INPUT_* variables, temp files for GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, the
 * built CLI, against the bundled fixture server.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FixtureServer } from '../../src/demo/fixture-server.js';
import { FIXTURE_AUTH_TOKEN, startFixtureServer } from '../../src/demo/fixture-server.js';
import { MARKDOWN_MARKER } from '../../src/report/markdown.js';
import { runCli } from '../helpers/cli.js';
import { startPinFixture } from '../lock/pin-fixture.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/action/run.sh');
const ACTION = readFileSync(join(ROOT, 'action.yml'), 'utf8');
const SCRIPT_TEXT = readFileSync(SCRIPT, 'utf8');

const OUTPUT_KEYS = ['exit-code', 'report-dir', 'sarif', 'json', 'markdown', 'html'];
const INPUT_NAMES = [
  'url',
  'targets',
  'fail-on',
  'min-grade',
  'formats',
  'output-dir',
  'mode',
  'token',
  'second-token',
  'narrow-token',
  'docs-url',
  'lock',
  'upload-sarif',
];

// ---- action.yml, read as lines ------------------------------------------------------------------

/** The keys (two-space indent) of a top-level block, with their `field: value` lines (four-space indent). */
function block(name: string): Map<string, Map<string, string>> {
  const lines = ACTION.split('\n');
  const start = lines.indexOf(`${name}:`);
  expect(start, `action.yml has a top-level ${name}:`).toBeGreaterThan(-1);
  const out = new Map<string, Map<string, string>>();
  let current: Map<string, string> | null = null;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const key = /^ {2}([a-z][a-z0-9-]*):\s*$/.exec(line);
    const field = /^ {4}([a-z-]+):\s*(.*)$/.exec(line);
    if (key) out.set(key[1]!, (current = new Map()));
    else if (field && current) current.set(field[1]!, field[2]!.replace(/^'(.*)'$/, '$1'));
  }
  return out;
}

/** `ENV: ${{ inputs.name }}` lines of the step with `id: scan`. */
function scanStepEnv(): Map<string, string> {
  const lines = ACTION.split('\n');
  const id = lines.findIndex((l) => /^\s+id: scan\s*$/.test(l));
  expect(id).toBeGreaterThan(-1);
  const env = new Map<string, string>();
  for (const line of lines.slice(id + 1)) {
    if (/^\s+- /.test(line)) break; // next step
    const m = /^\s+([A-Z_]+): \$\{\{ inputs\.([a-z-]+) \}\}\s*$/.exec(line);
    if (m) env.set(m[1]!, m[2]!);
  }
  return env;
}

/** Secrets travel as MCP_POSTURE_*; every other input as INPUT_*. */
const envName = (input: string) =>
  input.endsWith('token')
    ? `MCP_POSTURE_${input.toUpperCase().replace(/-/g, '_')}`
    : `INPUT_${input.toUpperCase().replace(/-/g, '_')}`;

describe('action.yml', () => {
  const inputs = block('inputs');
  const outputs = block('outputs');

  it('declares the inputs, with the documented defaults', () => {
    expect([...inputs.keys()].sort()).toEqual([...INPUT_NAMES].sort());
    expect(inputs.get('formats')!.get('default')).toBe('sarif,markdown,html,json');
    expect(inputs.get('upload-sarif')!.get('default')).toBe('true');
    for (const [name, fields] of inputs) expect(fields.get('required'), name).toBe('false');
  });

  it('passes every input to the scan step through the environment, and the script reads each', () => {
    const env = scanStepEnv();
    expect(new Map([...env].sort())).toEqual(
      new Map(INPUT_NAMES.map((i) => [envName(i), i] as const).sort()),
    );
    for (const name of env.keys()) expect(SCRIPT_TEXT, name).toContain(`\${${name}:-`);
    expect(ACTION).toContain('run: bash "$ACTION_PATH/scripts/action/run.sh"');
  });

  it('never pastes an expression into a run line (no script injection, no token on a command line)', () => {
    const runLines = ACTION.split('\n').filter((l) => /^\s+run: /.test(l));
    expect(runLines.length).toBeGreaterThanOrEqual(3);
    for (const l of runLines) expect(l).not.toContain('${{');
    expect(ACTION.match(/inputs\.token\b/g)).toHaveLength(1);
    expect(SCRIPT_TEXT).toContain('--token-env MCP_POSTURE_TOKEN');
  });

  it('maps every output to what the scan step writes', () => {
    expect([...outputs.keys()]).toEqual(OUTPUT_KEYS);
    for (const [key, fields] of outputs) {
      expect(fields.get('value')).toBe(`\${{ steps.scan.outputs.${key} }}`);
      expect(SCRIPT_TEXT).toMatch(new RegExp(`set_output ${key} `));
    }
  });

  it('sets up Node 20, installs and builds, uploads SARIF when asked (always), then fails with the exit code', () => {
    expect(ACTION).toMatch(/using: composite/);
    expect(ACTION).toMatch(/uses: actions\/setup-node@v\d+\n\s+with:\n\s+node-version: '20'/);
    expect(ACTION).toMatch(
      /working-directory: \$\{\{ github\.action_path \}\}\n\s+run: npm ci .*&& npm run build/,
    );
    const upload = ACTION.split('\n').findIndex((l) =>
      l.includes('uses: github/codeql-action/upload-sarif@'),
    );
    const condition = ACTION.split('\n')[upload - 1]!;
    expect(condition).toMatch(/if: .*inputs\.upload-sarif == 'true'/);
    expect(condition).toContain('always()');
    expect(ACTION).toMatch(/sarif_file: \$\{\{ steps\.scan\.outputs\.sarif \}\}/);
    expect(ACTION.trimEnd().split('\n').at(-1)).toMatch(/run: exit "\$\{SCAN_EXIT_CODE/);
    expect(ACTION).toContain('SCAN_EXIT_CODE: ${{ steps.scan.outputs.exit-code }}');
  });
});

// ---- the scan script, run as the runner would -----------------------------------------------------

let weak: FixtureServer; // no auth, Origin not validated: ACT01, TRN12, AUTHN01 fail at high
let authed: FixtureServer;
let good: FixtureServer;

beforeAll(async () => {
  // The script runs the built command (the bundle); build it from the current sources.
  try {
    await run('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT });
  } catch (err) {
    // Type errors elsewhere still emit JavaScript; only a missing CLI stops these tests.
    if (!existsSync(join(ROOT, 'dist/cli/bin.js'))) throw err;
  }
  await run('node', ['scripts/bundle.mjs'], { cwd: ROOT });
  [weak, authed, good] = await Promise.all([
    startFixtureServer({ originNotValidated: true }),
    startFixtureServer({ requireAuth: FIXTURE_AUTH_TOKEN }),
    startFixtureServer({}),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([weak?.close(), authed?.close(), good?.close()]);
});

interface ActionRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Map<string, string>;
  readonly summary: string;
  readonly workspace: string;
}

/** GITHUB_OUTPUT lines: `key=value`, or `key<<DELIM` … `DELIM` for multi-line values. */
function parseOutputs(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      out.set(heredoc[1]!, lines.slice(i + 1, end).join('\n'));
      i = end;
    } else if (line.includes('='))
      out.set(line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1));
  }
  return out;
}

async function runAction(
  inputs: Record<string, string>,
  extraEnv: Record<string, string> = {},
): Promise<ActionRun> {
  const workspace = mkdtempSync(join(tmpdir(), 'posture-action-'));
  const outputFile = join(workspace, 'github-output.txt');
  const summaryFile = join(workspace, 'step-summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    // As action.yml passes them: every input, empty when not given.
    ...Object.fromEntries(INPUT_NAMES.filter((i) => i !== 'token').map((i) => [envName(i), ''])),
    INPUT_FORMATS: 'sarif,markdown,html,json',
    INPUT_OUTPUT_DIR: 'mcp-posture-report',
    INPUT_UPLOAD_SARIF: 'true',
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [envName(k), v])),
    ...extraEnv,
  };
  let code = 0;
  let stdout = '';
  let stderr = '';
  try {
    ({ stdout, stderr } = await run('bash', [SCRIPT], { cwd: workspace, env }));
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    ({ code, stdout, stderr } = e);
  }
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputs(readFileSync(outputFile, 'utf8')),
    summary: readFileSync(summaryFile, 'utf8'),
    workspace,
  };
}

describe('scripts/action/run.sh', () => {
  it('writes every format, sets every output, fills the summary, and reports exit code 1 at fail-on high', async () => {
    const r = await runAction({ url: weak.url, 'fail-on': 'high' });
    expect(r.code, r.stderr).toBe(0); // the step itself succeeds; the action's last step fails the job
    expect([...r.outputs.keys()]).toEqual(OUTPUT_KEYS);
    expect(r.outputs.get('exit-code')).toBe('1');
    const dir = r.outputs.get('report-dir')!;
    expect(dir).toBe(join(r.workspace, 'mcp-posture-report'));
    for (const [key, ext] of [
      ['sarif', 'sarif'],
      ['json', 'json'],
      ['markdown', 'md'],
      ['html', 'html'],
    ] as const) {
      expect(r.outputs.get(key)).toBe(join(dir, `report.${ext}`));
      expect(existsSync(r.outputs.get(key)!)).toBe(true);
    }
    const markdown = readFileSync(r.outputs.get('markdown')!, 'utf8');
    expect(r.summary.startsWith(MARKDOWN_MARKER)).toBe(true);
    expect(r.summary).toContain(markdown);
    expect(markdown).toContain('MCPP\\-ACT01');
  }, 60_000);

  it('reports exit code 0 at fail-on critical', async () => {
    const r = await runAction({ url: weak.url, 'fail-on': 'critical' });
    expect(r.code).toBe(0);
    expect(r.outputs.get('exit-code')).toBe('0');
  }, 60_000);

  it('adds markdown and sarif to the formats it was given, and writes the compliance document on request', async () => {
    const r = await runAction({ url: good.url, formats: 'json, compliance', 'output-dir': 'out/reports' });
    expect(r.outputs.get('report-dir')).toBe(join(r.workspace, 'out/reports'));
    expect(readdirSync(r.outputs.get('report-dir')!).sort()).toEqual(
      ['mcp-posture.targets.json', 'report.compliance.md', 'report.json', 'report.md', 'report.sarif'].sort(),
    );
    expect(r.outputs.get('html')).toBe('');
    // The compliance document is not mistaken for the Markdown report.
    expect(r.outputs.get('markdown')).toBe(join(r.outputs.get('report-dir')!, 'report.md'));
    expect(r.summary).not.toContain('What a pre-login scan cannot verify');
  }, 60_000);

  it('links the check pages under the action repository at its ref, or under the docs-url input', async () => {
    const fromAction = await runAction(
      { url: weak.url },
      {
        ACTION_SERVER_URL: 'https://github.com',
        ACTION_REPOSITORY: 'acme/mcp-posture',
        ACTION_REF: 'v1.2.0',
      },
    );
    expect(fromAction.summary).toContain(
      '](https://github.com/acme/mcp-posture/blob/v1.2.0/docs/checks/MCPP-',
    );
    expect(fromAction.summary).not.toMatch(/\]\(docs\/checks\//);
    const given = await runAction(
      { url: weak.url, 'docs-url': 'https://docs.example.test/checks/' },
      { ACTION_REPOSITORY: 'acme/mcp-posture', ACTION_REF: 'v1.2.0' },
    );
    expect(given.summary).toContain('](https://docs.example.test/checks/MCPP-');
    const sarif = JSON.parse(readFileSync(given.outputs.get('sarif')!, 'utf8')) as {
      runs: { tool: { driver: { rules: { helpUri: string }[] } } }[];
    };
    expect(sarif.runs[0]!.tool.driver.rules[0]!.helpUri).toMatch(
      /^https:\/\/docs\.example\.test\/checks\/MCPP-/,
    );
  }, 60_000);

  it('hands the token to the scanner through the environment only', async () => {
    const r = await runAction(
      { url: authed.url, 'fail-on': 'none' },
      { MCP_POSTURE_TOKEN: FIXTURE_AUTH_TOKEN },
    );
    expect(r.outputs.get('exit-code')).toBe('0');
    const report = JSON.parse(readFileSync(r.outputs.get('json')!, 'utf8')) as {
      settings: { tokenSupplied: boolean };
      results: { checkId: string; status: string }[];
    };
    expect(report.settings.tokenSupplied).toBe(true);
    // The token got the scan past the 401: the handshake was judged.
    expect(report.results.find((x) => x.checkId === 'MCPP-LEG01')?.status).toBe('pass');
    expect(r.stdout).toContain('--token-env MCP_POSTURE_TOKEN');
    const everything = [
      r.stdout,
      r.stderr,
      r.summary,
      ...readdirSync(r.outputs.get('report-dir')!).map((f) =>
        readFileSync(join(r.outputs.get('report-dir')!, f), 'utf8'),
      ),
    ];
    for (const text of everything) expect(text).not.toContain(FIXTURE_AUTH_TOKEN);
  }, 60_000);

  it('hands the second and narrow tokens through the environment too, and needs the main token for them', async () => {
    const second = 'action-second-token-5c1f0e9b7a2d';
    const narrow = 'action-narrow-token-0d8e6b4f2a91';
    const r = await runAction(
      { url: authed.url, 'fail-on': 'none' },
      {
        MCP_POSTURE_TOKEN: FIXTURE_AUTH_TOKEN,
        MCP_POSTURE_SECOND_TOKEN: second,
        MCP_POSTURE_NARROW_TOKEN: narrow,
      },
    );
    expect(r.outputs.get('exit-code')).toBe('0');
    expect(r.stdout).toContain('--second-token-env MCP_POSTURE_SECOND_TOKEN');
    expect(r.stdout).toContain('--narrow-token-env MCP_POSTURE_NARROW_TOKEN');
    const dir = r.outputs.get('report-dir')!;
    for (const text of [
      r.stdout,
      r.stderr,
      r.summary,
      ...readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')),
    ])
      for (const t of [second, narrow]) expect(text).not.toContain(t);
    const alone = await runAction({ url: authed.url }, { MCP_POSTURE_SECOND_TOKEN: second });
    expect(alone.outputs.get('exit-code')).toBe('2');
  }, 60_000);

  it('scans every target of a config file, one Markdown report each in the summary', async () => {
    const workspaceConfig = join(
      mkdtempSync(join(tmpdir(), 'posture-action-cfg-')),
      'mcp-posture.config.json',
    );
    writeFileSync(
      workspaceConfig,
      JSON.stringify(
        {
          targets: [
            { name: 'weak', url: weak.url },
            { name: 'good', url: good.url },
          ],
        },
        null,
        2,
      ),
    );
    const r = await runAction({ targets: workspaceConfig, 'fail-on': 'high' });
    expect(r.outputs.get('exit-code')).toBe('1');
    const md = r.outputs.get('markdown')!.split('\n');
    expect(md).toHaveLength(2);
    for (const f of md) expect(existsSync(f)).toBe(true);
    expect(r.summary.split(MARKDOWN_MARKER)).toHaveLength(3);
    expect(r.outputs.get('sarif')).toBe(join(r.outputs.get('report-dir')!, 'report.sarif'));
  }, 90_000);

  it('compares every target of a config file with its own entry of the lock input, and never writes the lock', async () => {
    const pins = await Promise.all([startPinFixture(), startPinFixture()]);
    try {
      const work = mkdtempSync(join(tmpdir(), 'posture-action-lock-'));
      const config = join(work, 'mcp-posture.config.json');
      const lock = join(work, 'mcp-posture.lock.json');
      writeFileSync(
        config,
        JSON.stringify({ targets: pins.map((p, i) => ({ name: `pin-${i}`, url: p.url })) }, null, 2),
      );
      const recorded = await runCli([
        'scan',
        '--config',
        config,
        '--lock',
        lock,
        '--update-lock',
        '--fail-on',
        'none',
      ]);
      expect(recorded.stderr).toContain(`in lock ${lock} (2 targets)`);
      pins[1].state.tools.push({
        name: 'delete_files',
        description: 'Deletes files.',
        params: { path: true },
      });
      const locked = readFileSync(lock, 'utf8');
      const r = await runAction({ targets: config, lock, 'fail-on': 'medium', formats: 'json' });
      expect(r.outputs.get('exit-code')).toBe('1');
      const pinFails = new Map<string, string[]>();
      for (const file of r.outputs.get('json')!.split('\n')) {
        const report = JSON.parse(readFileSync(file, 'utf8')) as {
          target: { url: string };
          results: { checkId: string; status: string; key: string | null }[];
        };
        const pin = report.results.filter((x) => x.checkId.startsWith('MCPP-PIN'));
        expect(pin.find((x) => x.checkId === 'MCPP-PIN04')?.status, report.target.url).toBe('pass');
        pinFails.set(
          report.target.url,
          pin.filter((x) => x.status === 'fail').map((x) => `${x.checkId} ${x.key}`),
        );
      }
      expect(pinFails).toEqual(
        new Map([
          [pins[0].url, []],
          [pins[1].url, ['MCPP-PIN01 added']],
        ]),
      );
      expect(readFileSync(lock, 'utf8')).toBe(locked);
    } finally {
      await Promise.all(pins.map((p) => p.close()));
    }
  }, 90_000);

  it('reports a usage error (2) when given both url and targets, and says so in the summary', async () => {
    const r = await runAction({ url: weak.url, targets: 'mcp-posture.config.json' });
    expect(r.code).toBe(0);
    expect([...r.outputs.keys()]).toEqual(OUTPUT_KEYS);
    expect(r.outputs.get('exit-code')).toBe('2');
    expect(r.outputs.get('sarif')).toBe('');
    expect(r.stderr).toContain('::error::');
    expect(r.summary).toContain('exited with code 2 before writing a report');
  }, 30_000);

  it('propagates the CLI usage error for a bad input value', async () => {
    const r = await runAction({ url: weak.url, 'fail-on': 'severe' });
    expect(r.outputs.get('exit-code')).toBe('2');
    expect(r.stderr).toMatch(/fail-on/);
  }, 30_000);
});
