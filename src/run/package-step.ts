/**
 * What the package installers share (./package-install.ts): the request, one install step and
 * how it is run, the error that says why a package cannot be scanned, and the choice of its command.
 */
import { execFile } from 'node:child_process';

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
