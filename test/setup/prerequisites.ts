/**
 * What `npm test` needs besides node_modules, made ready before any test file runs, so the
 * README's test command works alone on a fresh clone:
 *
 *  - the real MCP server packages (test/real/package.json), installed with install scripts off
 *    when missing or when their lockfile changed: they are test data, not part of a user install;
 *    the framework fixtures (test/fixtures/frameworks) reach them through a `node_modules` link;
 *  - a Python virtualenv (test/real/.venv) with the Python MCP frameworks of
 *    test/real/requirements.txt, created when missing or when the requirements changed;
 *  - a private PostgreSQL cluster on 127.0.0.1 (scripts/pg-test.sh), unless MCP_POSTURE_TEST_PG
 *    names one already; stopped at the end when this setup started it;
 *  - Debian's Chromium and bubblewrap, which a test cannot install: its absence stops the run at once with the
 *    command that installs it.
 *
 * Anything missing that cannot be provided here stops the run before the first test, with the
 * exact command that would provide it: a run that silently skipped PostgreSQL or the browser
 * would claim coverage it did not have.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const REAL = join(ROOT, 'test', 'real');
const REAL_STAMP = join(REAL, 'node_modules', '.mcp-posture-lock-sha256');
const FRAMEWORKS_LINK = join(ROOT, 'test', 'fixtures', 'frameworks', 'node_modules');
const REQUIREMENTS = join(REAL, 'requirements.txt');
const VENV = join(REAL, '.venv');
const VENV_STAMP = join(VENV, '.mcp-posture-requirements-sha256');
const PG_ENV = 'MCP_POSTURE_TEST_PG';
const CHROMIUM = '/usr/bin/chromium';

class MissingPrerequisite extends Error {
  constructor(what: string, command: string) {
    super(`${what}\n  run: ${command}\n  then: npm test`);
    this.name = 'MissingPrerequisite';
  }
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function ensureRealServers(): void {
  const lock = join(REAL, 'package-lock.json');
  const want = sha256(lock);
  if (existsSync(REAL_STAMP) && readFileSync(REAL_STAMP, 'utf8') === want) return;
  process.stderr.write('test setup: installing the real MCP servers of test/real (install scripts off)…\n');
  try {
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: REAL,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch {
    throw new MissingPrerequisite(
      'the real MCP server packages of test/real could not be installed',
      'npm ci --prefix test/real --ignore-scripts',
    );
  }
  markExecutables();
  writeFileSync(REAL_STAMP, want);
}

/**
 * Install scripts stay off for the corpus; the one script a test needs only sets an executable bit
 * (the SARIF Multitool's postinstall), so it is done here instead.
 */
const EXECUTABLES = ['@microsoft/sarif-multitool-linux/Sarif.Multitool'];

function markExecutables(): void {
  for (const rel of EXECUTABLES) {
    const file = join(REAL, 'node_modules', rel);
    if (existsSync(file)) chmodSync(file, 0o755);
  }
}

/** The framework fixtures import their packages from test/real/node_modules through this link. */
function ensureFrameworkLink(): void {
  if (existsSync(FRAMEWORKS_LINK)) return;
  symlinkSync(join('..', '..', 'real', 'node_modules'), FRAMEWORKS_LINK, 'dir');
}

/**
 * The Python frameworks, in their own virtualenv. pip retries once and quickly: an index that cannot
 * be reached should not stall the run for minutes when another one (a local mirror) can serve.
 */
function ensurePythonVenv(): void {
  const want = sha256(REQUIREMENTS);
  if (existsSync(VENV_STAMP) && readFileSync(VENV_STAMP, 'utf8') === want) return;
  const command = `python3 -m venv ${VENV} && ${VENV}/bin/pip install -r ${REQUIREMENTS}`;
  process.stderr.write('test setup: creating the Python virtualenv of test/real (requirements.txt)…\n');
  try {
    rmSync(VENV, { recursive: true, force: true });
    execFileSync('python3', ['-m', 'venv', VENV], { stdio: ['ignore', 'ignore', 'inherit'] });
    // pip's warnings about an unreachable index are noise when another index serves: shown on failure only.
    execFileSync(join(VENV, 'bin', 'pip'), ['install', '--quiet', '-r', REQUIREMENTS], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, PIP_RETRIES: '1', PIP_TIMEOUT: '10', PIP_DISABLE_PIP_VERSION_CHECK: '1' },
    });
  } catch (err) {
    const detail = String((err as { stderr?: Buffer }).stderr ?? '')
      .trim()
      .split('\n')
      .slice(-3)
      .join('\n');
    throw new MissingPrerequisite(
      `the Python virtualenv of test/real could not be created\n${detail}`,
      command,
    );
  }
  writeFileSync(VENV_STAMP, want);
}

/**
 * The history tests need better-sqlite3's native module, which the README's quick start
 * (`npm ci --ignore-scripts`) does not build: build it once here.
 */
function ensureSqliteModule(): void {
  const probe = "require('better-sqlite3')(':memory:').prepare('select 1').get()";
  try {
    execFileSync(process.execPath, ['-e', probe], { cwd: ROOT, stdio: 'ignore' });
    return;
  } catch {
    process.stderr.write('building the native module of better-sqlite3 (once; about a minute and a half)\n');
  }
  try {
    execFileSync('npm', ['rebuild', 'better-sqlite3', '--loglevel=error'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    execFileSync(process.execPath, ['-e', probe], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    throw new MissingPrerequisite(
      "better-sqlite3's native module could not be built (a C++ compiler, make and python3 are needed)",
      'apt-get install -y build-essential python3 && npm rebuild better-sqlite3',
    );
  }
}

/** Starts (or reuses) the private cluster; returns a stop function when this call started it. */
function ensurePostgres(): (() => void) | null {
  if (process.env[PG_ENV]) return null;
  const script = join(ROOT, 'scripts', 'pg-test.sh');
  let out: string;
  try {
    out = execFileSync(script, ['start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const detail = (err as { stderr?: string }).stderr?.trim() ?? String(err);
    throw new MissingPrerequisite(
      `the test PostgreSQL could not be started: ${detail.split('\n')[0]}`,
      'apt-get install -y postgresql   (or set MCP_POSTURE_TEST_PG to a server URL)',
    );
  }
  const url = /MCP_POSTURE_TEST_PG=(\S+)/.exec(out)?.[1];
  if (!url) throw new Error(`scripts/pg-test.sh start printed no URL: ${out}`);
  process.env[PG_ENV] = url;
  // A cluster someone else started (another checkout's run) is left running.
  if (!out.includes('# started')) return null;
  return () => {
    execFileSync(script, ['stop'], { stdio: 'ignore' });
  };
}

function ensureChromium(): void {
  if (!existsSync(CHROMIUM))
    throw new MissingPrerequisite(
      `${CHROMIUM} is missing (the HTML reports are tested in it)`,
      'apt-get install -y chromium',
    );
}

/** The sandbox's unprivileged path is tested with a real bubblewrap. */
function ensureBubblewrap(): void {
  const onPath = (process.env['PATH'] ?? '').split(':').some((d) => d && existsSync(join(d, 'bwrap')));
  if (!onPath && !process.env['MCP_POSTURE_TEST_BWRAP'])
    throw new MissingPrerequisite(
      'bwrap (bubblewrap) is missing (the stdio sandbox is tested with it)',
      'apt-get install -y bubblewrap',
    );
}

export default function setup(): () => void {
  ensureBubblewrap();
  ensureChromium();
  ensureSqliteModule();
  ensureRealServers();
  ensureFrameworkLink();
  ensurePythonVenv();
  const stopPostgres = ensurePostgres();
  return () => stopPostgres?.();
}
