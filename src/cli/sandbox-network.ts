/**
 * `scan --sandbox --stdio -- npx -y <package>`: the sandbox has no network and a throwaway HOME, so
 * a package runner (npx, bunx, uvx, pipx run) cannot download what it is asked to start, and the
 * launch would only time out. Said before anything starts, with the command that audits the
 * package instead (`scan --npm`, `scan --pypi`: installed outside the sandbox, run inside it).
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

import type { SandboxMode } from '../probe/stdio/sandbox/prepare.js';
import { UsageError } from '../run/errors.js';
import { auditCommandOf, packageLaunchOf } from '../targets/package-runner.js';

interface Runner {
  readonly program: string;
  readonly ecosystem: 'npm' | 'pypi';
  /** The package named by the command line, as the runner reads it. */
  readonly spec: string;
  /** The `scan --npm` / `--pypi` command that audits it. */
  readonly audit: string;
}

/** The first argument that is not an option (after `run` for pipx). */
function firstOperand(args: readonly string[]): string | null {
  return args.find((a) => !a.startsWith('-')) ?? null;
}

function runnerOf(command: string, args: readonly string[], envNames: readonly string[]): Runner | null {
  const program = basename(command).replace(/\.(cmd|exe)$/i, '');
  const launch = packageLaunchOf({ command, args, env: {}, cwd: null });
  if (launch !== null)
    return {
      program,
      ecosystem: launch.ecosystem,
      spec: launch.spec,
      audit: auditCommandOf(launch, envNames),
    };
  const spec =
    program === 'bunx'
      ? firstOperand(args)
      : program === 'pipx' && args[0] === 'run'
        ? firstOperand(args.slice(1))
        : null;
  if (spec === null) return null;
  const ecosystem = program === 'bunx' ? 'npm' : 'pypi';
  const flag = ecosystem === 'npm' ? '--npm' : '--pypi';
  return { program, ecosystem, spec, audit: `mcp-posture scan ${flag} ${spec}` };
}

/** `name@1.2.3` / `@scope/name@1.2.3` → the directory name under node_modules. */
const npmName = (spec: string): string => spec.replace(/(?<=.)@[^/]*$/, '');

/** An npm package already installed under the working directory runs without a download. */
function installedLocally(r: Runner, cwd: string | undefined): boolean {
  if (r.ecosystem !== 'npm' || cwd === undefined) return false;
  return existsSync(join(resolve(cwd), 'node_modules', npmName(r.spec), 'package.json'));
}

/**
 * Refuses (strict) or warns about (best-effort) a sandboxed launch through a package runner that
 * would need the network; `warn` prints one line.
 */
export function checkSandboxedRunner(
  c: { command: string; args: readonly string[]; env: Record<string, string>; cwd: string | undefined },
  mode: SandboxMode,
  warn: (line: string) => void,
): void {
  if (mode === 'off') return;
  const r = runnerOf(c.command, c.args, Object.keys(c.env));
  if (r === null || installedLocally(r, c.cwd)) return;
  const why = `${r.program} downloads ${r.spec} when it starts, and the sandbox has no network (and a throwaway HOME, so no cache)`;
  const instead = `audit the package instead: ${r.audit} (installed outside the sandbox, install scripts not run, then scanned inside it)`;
  if (mode === 'strict') throw new UsageError(`${why}: ${instead}`);
  warn(`mcp-posture: ${why}; where the sandbox can be had the launch will fail. To ${instead}`);
}
