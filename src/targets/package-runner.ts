/**
 * A server configured as a package runner's command (`npx -y <package> …`, `uvx <package> …`)
 * names a package, not a program on disk: the runner downloads it when the client starts it.
 * Read as such, the server can be audited before it is installed (`scan --npm`, `scan --pypi`;
 * docs/stdio.md#audit-a-package-before-installing-it): what `discover` offers, and what
 * `scan --discovered --sandbox` does instead of a launch that has no network to download with.
 */
import { basename } from 'node:path';

import type { StdioCommand } from './target.js';

export interface PackageLaunch {
  readonly ecosystem: 'npm' | 'pypi';
  /** The package spec as `npm install` / `uv pip install` take it (`name@1.2.3`, `name==1.2.3`). */
  readonly spec: string;
  /** The package's command to launch, when the runner named one (`npx -p pkg cmd`, `uvx --from pkg cmd`). */
  readonly bin: string | null;
  /** The arguments the command is given. */
  readonly args: readonly string[];
}

/** npx options that take a value (the rest are flags). */
const NPX_VALUED = new Set(['-p', '--package', '-c', '--call', '-w', '--workspace', '--registry']);
/** uvx options that take a value. */
const UVX_VALUED = new Set(['--from', '--python', '-p', '--with', '--index', '--index-url', '-w']);

/** `npx -y pkg args`, `npx --package=pkg cmd args`, `uvx pkg args`, `uvx --from pkg cmd args`; else null. */
export function packageLaunchOf(command: StdioCommand): PackageLaunch | null {
  const program = basename(command.command).replace(/\.(cmd|exe)$/i, '');
  if (program === 'npx') return runnerLaunch('npm', command.args, NPX_VALUED, ['-p', '--package']);
  if (program === 'uvx') return runnerLaunch('pypi', command.args, UVX_VALUED, ['--from']);
  return null;
}

function runnerLaunch(
  ecosystem: 'npm' | 'pypi',
  args: readonly string[],
  valued: ReadonlySet<string>,
  fromFlags: readonly string[],
): PackageLaunch | null {
  let from: string | null = null;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-')) break;
    const eq = a.indexOf('=');
    const flag = eq < 0 ? a : a.slice(0, eq);
    const inline = eq < 0 ? undefined : a.slice(eq + 1);
    // A runner told to run a shell line (`npx -c`) names no one package.
    if (flag === '-c' || flag === '--call') return null;
    const value = inline ?? (valued.has(flag) ? args[++i] : undefined);
    if (fromFlags.includes(flag) && value !== undefined) {
      if (from !== null) return null;
      from = value;
    }
  }
  const first = args[i];
  if (first === undefined) return null;
  const rest = args.slice(i + 1);
  if (from !== null) return { ecosystem, spec: specOf(ecosystem, from), bin: first, args: rest };
  return { ecosystem, spec: specOf(ecosystem, first), bin: null, args: rest };
}

/** uvx writes a version as `name@1.2.3`; uv pip takes `name==1.2.3`. */
function specOf(ecosystem: 'npm' | 'pypi', spec: string): string {
  if (ecosystem === 'pypi' && /^[A-Za-z0-9][A-Za-z0-9._-]*@[0-9]/.test(spec)) return spec.replace('@', '==');
  return spec;
}

/** A word as a POSIX shell reads it back: bare when safe, else in single quotes. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9@%+=:,./_-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The `mcp-posture scan` command that audits the package before it is installed. */
export function auditCommandOf(launch: PackageLaunch, envNames: readonly string[]): string {
  const flag = launch.ecosystem === 'npm' ? '--npm' : '--pypi';
  const words = ['mcp-posture', 'scan', flag, launch.spec];
  if (launch.bin !== null) words.push(launch.ecosystem === 'npm' ? '--npm-bin' : '--pypi-bin', launch.bin);
  for (const name of envNames) words.push('--env', name);
  if (launch.args.length > 0) words.push('--', ...launch.args);
  return words.map(shellWord).join(' ');
}
