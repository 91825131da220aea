/**
 * What the sandbox hides and what it maps back (docs/stdio.md#sandbox): the whole filesystem is
 * read-only; the user's home directories, /root, the temporary directories and /run are replaced
 * by empty read-only directories; what the server needs to start — the runtime and its
 * installation, the script named on the command line and its package, a declared working
 * directory, and paths the caller names (a package installed into a throwaway prefix) — is mapped
 * back read-only where it lies inside a hidden directory. Other paths on the command line (a
 * directory to serve, a config file) are data: mapped only when the user names them
 * (`--sandbox-map`), else listed as hidden arguments so that a server that stops on them is
 * explained. Never a hidden directory itself or one of its ancestors: that would undo the hiding.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir, tmpdir, userInfo } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

import { findOnPath } from './tools.js';

/** A read-only bind: `source` (a real path) seen at `target` inside the sandbox. */
export interface Mapping {
  readonly source: string;
  readonly target: string;
  /** A directory (bound on a directory) or a file (bound on an empty file). */
  readonly dir: boolean;
}

export interface SandboxLayout {
  /** Directories replaced by empty read-only ones, outermost only, real paths. */
  readonly hidden: readonly string[];
  readonly mapped: readonly Mapping[];
  /** Paths the server named that were not mapped because they are, or contain, a hidden directory. */
  readonly notMapped: readonly string[];
  /** Existing paths among the later arguments (data: a directory to serve) that the server cannot see. */
  readonly hiddenArgs: readonly string[];
}

export interface LayoutInput {
  readonly command: string;
  readonly args: readonly string[];
  /** The declared working directory; relative paths are resolved against it (none: not mapped). */
  readonly cwd: string | null;
  readonly pathEnv: string | undefined;
  /** Paths the caller knows the server needs, mapped read-only. */
  readonly readOnly?: readonly string[];
}

/** Always hidden: every user's home, root's, the temporary directories and runtime sockets (/run). */
const SYSTEM_HIDDEN = ['/home', '/root', '/tmp', '/var/tmp', '/run'];
/** Files that mark the root of a package, nearest first. */
const PACKAGE_MARKERS = ['package.json', 'pyproject.toml', 'setup.py', 'Cargo.toml', 'go.mod'];

export function sandboxLayout(input: LayoutInput): SandboxLayout {
  const hidden = hiddenDirs();
  const mapped: Mapping[] = [];
  const notMapped: string[] = [];
  for (const path of neededPaths(input, hidden)) {
    if (hidden.some((h) => within(path, h) || within(realOf(path), h))) {
      notMapped.push(path);
      continue;
    }
    for (const m of mappingsFor(path, hidden)) if (!mapped.some((x) => covers(x, m))) mapped.push(m);
  }
  mapped.sort((a, b) => a.target.length - b.target.length);
  const kept = mapped.filter((m, i) => !mapped.slice(0, i).some((x) => covers(x, m)));
  return { hidden, mapped: kept, notMapped, hiddenArgs: hiddenArguments(input, hidden, kept) };
}

/**
 * The later path arguments (after the script; `--opt=path` values too) that exist, lie inside a
 * hidden directory and are not shown by a mapping: the server would not find them.
 */
function hiddenArguments(
  input: LayoutInput,
  hidden: readonly string[],
  mapped: readonly Mapping[],
): string[] {
  const base = input.cwd === null ? null : resolve(input.cwd);
  const script = scriptOf(input.args, base);
  const out: string[] = [];
  for (const arg of input.args) {
    const value = arg.startsWith('-') ? arg.slice(arg.indexOf('=') + 1) : arg;
    if (value === arg && arg.startsWith('-')) continue;
    if (value === '' || (!isAbsolute(value) && base === null)) continue;
    const path = resolve(base ?? sep, value);
    if (path === script || !existsSync(path)) continue;
    const inHidden = hidden.some((h) => within(h, path) || within(h, realOf(path)));
    const shown = mapped.some((m) => within(m.target, path));
    if (inHidden && !shown && !out.includes(path)) out.push(path);
  }
  return out;
}

/** The directories hidden on this machine for this user: real paths, existing, outermost only. */
export function hiddenDirs(): string[] {
  const candidates = [
    ...SYSTEM_HIDDEN,
    tmpdir(),
    homedir(),
    process.env['HOME'],
    safeUserHome(),
    sudoUserHome(process.env['SUDO_USER']),
  ];
  const dirs = new Set<string>();
  for (const c of candidates) {
    if (c === undefined || c === null || !isAbsolute(c)) continue;
    const real = realOf(c);
    if (real !== sep && isDir(real)) dirs.add(real);
  }
  const sorted = [...dirs].sort((a, b) => a.length - b.length);
  return sorted.filter((d, i) => !sorted.slice(0, i).some((outer) => within(outer, d)));
}

/** `inner` is `outer` or lies below it. */
export function within(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function neededPaths(input: LayoutInput, hidden: readonly string[]): string[] {
  const base = input.cwd === null ? null : resolve(input.cwd);
  const out: string[] = [];
  const command = resolveCommand(input.command, input.pathEnv, base);
  if (command !== null) out.push(installationOf(command));
  // The supervisor inside the sandbox runs on the scanner's own runtime.
  out.push(installationOf(process.execPath));
  const script = scriptOf(input.args, base);
  if (script !== null) out.push(packageOf(script, hidden));
  if (base !== null) out.push(base);
  for (const p of input.readOnly ?? []) out.push(resolve(p));
  return [...new Set(out)];
}

/**
 * The script an interpreter is given: the first argument that is no option and names an existing
 * file. Later path arguments are data the server would read (a directory to serve), not mapped.
 */
function scriptOf(args: readonly string[], base: string | null): string | null {
  for (const arg of args) {
    if (arg.startsWith('-')) continue;
    if (!isAbsolute(arg) && base === null) return null;
    const path = resolve(base ?? sep, arg);
    return isFile(path) ? path : null;
  }
  return null;
}

/** The command as `spawn` finds it: a path (against the working directory) or a name on PATH. */
function resolveCommand(command: string, pathEnv: string | undefined, base: string | null): string | null {
  if (command.includes(sep)) {
    if (!isAbsolute(command) && base === null) return null;
    const path = resolve(base ?? sep, command);
    return existsSync(path) ? path : null;
  }
  return findOnPath(command, pathEnv);
}

/**
 * What a program needs besides its own file: an installed package's tree (everything above its
 * outermost `node_modules`), a Node or Python installation (`<prefix>/bin/<program>` with
 * `lib/node_modules` or `pyvenv.cfg` beside it), else the file alone.
 */
function installationOf(file: string): string {
  const real = realOf(file);
  const tree = nodeModulesRoot(real);
  if (tree !== null) return tree;
  const bin = dirname(real);
  const prefix = dirname(bin);
  if (basename(bin) === 'bin' && prefix !== sep) {
    if (isDir(join(prefix, 'lib', 'node_modules')) || existsSync(join(prefix, 'pyvenv.cfg'))) return prefix;
  }
  return file;
}

/** A script's package: the nearest directory with a package marker, else the script's directory. */
function packageOf(script: string, hidden: readonly string[]): string {
  const real = realOf(script);
  const tree = nodeModulesRoot(real);
  if (tree !== null) return tree;
  const exposes = (d: string) => d === sep || hidden.some((h) => within(d, h));
  for (let dir = dirname(real); !exposes(dir); dir = dirname(dir))
    if (PACKAGE_MARKERS.some((m) => existsSync(join(dir, m)))) return dir;
  return exposes(dirname(real)) ? script : dirname(real);
}

function nodeModulesRoot(real: string): string | null {
  const at = real.indexOf(`${sep}node_modules${sep}`);
  return at > 0 ? real.slice(0, at) : null;
}

/** The binds that make `path` resolve inside the sandbox: at its real place, and at the name given. */
function mappingsFor(path: string, hidden: readonly string[]): Mapping[] {
  const real = realOf(path);
  const inHidden = (p: string) => hidden.some((h) => within(h, p));
  const dir = isDir(real);
  const out: Mapping[] = [];
  if (inHidden(real)) out.push({ source: real, target: real, dir });
  if (path !== real && inHidden(path)) out.push({ source: real, target: path, dir });
  return out;
}

/** `outer` already shows what `inner` would: the same source at the same place below it. */
function covers(outer: Mapping, inner: Mapping): boolean {
  if (!within(outer.target, inner.target)) return false;
  return join(outer.source, relative(outer.target, inner.target)) === inner.source;
}

function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function safeUserHome(): string | undefined {
  try {
    return userInfo().homedir;
  } catch {
    return undefined;
  }
}

/** Under sudo the invoking user is SUDO_USER: their home comes from /etc/passwd. */
function sudoUserHome(user: string | undefined): string | undefined {
  if (user === undefined || !/^[a-z_][a-z0-9_.-]*\$?$/i.test(user)) return undefined;
  try {
    const passwd = readFileSync('/etc/passwd', 'utf8').slice(0, 4 * 1024 * 1024);
    const row = passwd.split('\n').find((l) => l.startsWith(`${user}:`));
    return row?.split(':')[5];
  } catch {
    return undefined;
  }
}
