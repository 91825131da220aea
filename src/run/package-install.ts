/**
 * `scan --npm` / `scan --pypi` (docs/stdio.md#audit-a-package-before-installing-it): the package is
 * installed into a throwaway prefix by the user's own package manager, outside the sandbox and
 * with the network, with install scripts switched off; its command is then launched inside the
 * sandbox like any local server, with the prefix mapped read-only. Every prefix is removed when
 * the run ends (`removeAll`).
 *
 * An install that fails, a package without a command, or one with several and none chosen, is a
 * `PackageError`: a usage error for `--npm`, a skipped server for `--discovered`.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { StdioTarget } from '../targets/target.js';
import { installNpm } from './npm-package.js';
import { installPypi } from './pypi-package.js';

/**
 * What cannot be installed or launched, in a sentence that says why and what to do. `usage`: the
 * package has no command to launch, or several and none was chosen (exit 2); `install`: the
 * package manager failed (exit 3).
 */
export class PackageError extends Error {
  constructor(
    message: string,
    readonly kind: 'usage' | 'install',
  ) {
    super(message);
  }
}

export interface PackageRequest {
  /** As `npm install` takes it (`name`, `name@1.2.3`, a tarball) or `uv pip install` (`name==1.2.3`). */
  readonly spec: string;
  /** The command to launch when the package has several (`--npm-bin`, `--pypi-bin`). */
  readonly bin: string | null;
  /** Arguments for the command (after `--`). */
  readonly args: readonly string[];
  /** Variables the server gets (`--env`). */
  readonly env: Readonly<Record<string, string>>;
}

/** One install step, as `--plan` lists it and the installer runs it. */
export interface InstallStep {
  readonly program: string;
  readonly args: readonly string[];
}

/** No install takes longer than this (a registry that hangs). */
const INSTALL_TIMEOUT_MS = 10 * 60_000;
/** What is kept of a failed install's output for the message. */
const TAIL_LINES = 5;

export class PackageInstalls {
  readonly #dirs: string[] = [];

  /** `npm install --ignore-scripts` into a throwaway prefix; the target launches its bin with node. */
  npm(req: PackageRequest): Promise<StdioTarget> {
    return installNpm(req, this.#prefix('npm'));
  }

  /** `uv pip install` (wheels only) into a throwaway virtualenv; the target launches its console script. */
  pypi(req: PackageRequest): Promise<StdioTarget> {
    return installPypi(req, this.#prefix('pypi'));
  }

  /** Removes every prefix this run installed into. */
  removeAll(): void {
    for (const dir of this.#dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }

  /**
   * A new prefix. Readable by all: a scan as root runs the server as `nobody` in the sandbox, and
   * the prefix is what it runs (mkdtemp makes it private).
   */
  #prefix(kind: string): string {
    const dir = mkdtempSync(join(tmpdir(), `mcp-posture-${kind}-`));
    this.#dirs.push(dir);
    chmodSync(dir, 0o755);
    return dir;
  }
}

/** Runs one install step; a failure is a `PackageError` with the tail of its output. */
export function runStep(step: InstallStep, cwd: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      step.program,
      [...step.args],
      { cwd, timeout: INSTALL_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const lines = stderr.trim().split('\n');
        // npm's pointer to its debug log says nothing about the failure.
        const tail = lines
          .filter((l) => !/complete log of this run/i.test(l))
          .slice(-TAIL_LINES)
          .join(' / ');
        reject(new PackageError(`could not install ${what}: ${tail || err.message}`, 'install'));
      },
    );
  });
}

/**
 * The command to launch among those a package declares: the one asked for; else the only one;
 * else the one named like the package; else an error that lists them.
 */
export function chooseBin(
  declared: readonly string[],
  asked: string | null,
  pkg: string,
  flag: string,
): string {
  const list = declared.join(', ');
  if (asked !== null) {
    if (declared.includes(asked)) return asked;
    throw new PackageError(`${pkg} has no command ${asked} (it declares: ${list || 'none'})`, 'usage');
  }
  if (declared.length === 1) return declared[0]!;
  const unscoped = pkg.replace(/^@[^/]+\//, '');
  if (declared.includes(unscoped)) return unscoped;
  throw new PackageError(`${pkg} declares several commands (${list}): choose one with ${flag} NAME`, 'usage');
}
