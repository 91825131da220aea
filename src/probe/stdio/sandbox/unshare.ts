/**
 * The sandbox built with util-linux (docs/stdio.md#sandbox), where no bubblewrap is installed and
 * for root: `unshare` makes new mount, PID, network, IPC and UTS namespaces (and a user namespace
 * for an unprivileged user), and a shell script inside them builds the filesystem the server sees —
 * the same one bubblewrap builds for `./bwrap.ts`:
 *
 * 1. the whole tree bound at the new root, every mount of it read-only;
 * 2. a fresh /dev (null, zero, full, random, urandom, tty) and a fresh /proc of the new PID namespace;
 * 3. each hidden directory an empty tmpfs, read-only once the mapped paths and the writable HOME
 *    and working directory are bound into it;
 * 4. `pivot_root` into it and the old root detached, so no path leads back out;
 * 5. every capability dropped and no new privileges (`setpriv`); run by root, the server also
 *    becomes `nobody`, so root-owned files (/etc/shadow) stay closed to it.
 *
 * Then the script becomes the supervisor, PID 1 of the namespace (./supervisor-source.ts).
 */
import { readlinkSync } from 'node:fs';

import type { SandboxLayout } from './layout.js';
import type { UtilLinuxTool } from './tools.js';

/** One launch's directories: the new root's mount point and the writable places. */
export interface NamespacePaths {
  /** An empty directory the new root is mounted on (unshare only). */
  readonly root: string;
  readonly home: string;
  readonly cwd: string;
  /** The working directory is the throwaway one (writable), not a declared one (mapped read-only). */
  readonly cwdWritable: boolean;
}

/** The unprivileged user a root scan runs the server as. */
export const NOBODY = 65534;

const DEVICES = ['null', 'zero', 'full', 'random', 'urandom', 'tty'];

export function unshareCommand(
  tools: Readonly<Record<UtilLinuxTool, string>>,
  shell: string,
  layout: SandboxLayout,
  paths: NamespacePaths,
  supervisor: readonly string[],
  asRoot: boolean,
): { readonly file: string; readonly args: readonly string[] } {
  const namespaces = ['--mount', '--pid', '--net', '--ipc', '--uts', '--fork', '--kill-child'];
  const user = asRoot ? [] : ['--user', '--map-root-user'];
  const script = mountScript(tools, layout, paths, [...dropPrivileges(tools, asRoot), ...supervisor]);
  return {
    file: tools.unshare,
    args: [...user, ...namespaces, '--propagation', 'private', '--', shell, '-c', script],
  };
}

function dropPrivileges(tools: Readonly<Record<UtilLinuxTool, string>>, asRoot: boolean): string[] {
  const user = asRoot ? [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups'] : [];
  return [
    tools.setpriv,
    ...user,
    '--no-new-privs',
    '--inh-caps=-all',
    '--ambient-caps=-all',
    '--bounding-set=-all',
    '--',
  ];
}

/** The script run inside the new namespaces; every path is quoted, `set -eu` stops at the first failure. */
function mountScript(
  tools: Readonly<Record<UtilLinuxTool, string>>,
  layout: SandboxLayout,
  paths: NamespacePaths,
  exec: readonly string[],
): string {
  const q = shellQuote;
  const mount = q(tools.mount);
  const R = (p: string) => q(`${paths.root}${p}`);
  const bind = (source: string, target: string, ro: boolean, file: boolean) => [
    file ? `mkdir -p ${q(dirOf(`${paths.root}${target}`))}; : > ${R(target)}` : `mkdir -p ${R(target)}`,
    `${mount} --bind ${q(source)} ${R(target)}`,
    ...(ro ? [`${mount} -o remount,bind,ro ${R(target)}`] : []),
  ];
  const lines = [
    'set -eu',
    // Nothing is mounted unless this really is a new PID and mount namespace (an `unshare` that
    // ignored its options would otherwise rearrange the host's mounts).
    `refuse() { echo "mcp-posture sandbox: $1" >&2; exit 97; }`,
    `[ "$$" = 1 ] || refuse 'not the first process of a new PID namespace'`,
    `[ "$(readlink /proc/self/ns/mnt)" != ${q(hostMountNamespace())} ] || refuse 'not in a new mount namespace'`,
    `R=${q(paths.root)}`,
    `${mount} --rbind / "$R"`,
    `${mount} -o remount,bind,ro "$R"`,
    // Every mount below the new root read-only too (mountinfo escapes spaces as \040).
    'while read -r _ _ _ _ mp _; do',
    `  case "$mp" in *\\\\*) mp=$(printf '%b' "$mp") ;; esac`,
    `  case "$mp" in "$R"/*) ${mount} -o remount,bind,ro "$mp" ;; esac`,
    'done < /proc/self/mountinfo',
    `${mount} -t tmpfs -o mode=0755,size=1m,nosuid tmpfs "$R/dev"`,
    ...DEVICES.map((d) => `: > "$R/dev/${d}"; ${mount} --bind /dev/${d} "$R/dev/${d}"`),
    'ln -s /proc/self/fd "$R/dev/fd"; ln -s fd/0 "$R/dev/stdin"; ln -s fd/1 "$R/dev/stdout"; ln -s fd/2 "$R/dev/stderr"',
    ...layout.hidden.map((h) => `${mount} -t tmpfs -o mode=0755,size=1m,nosuid,nodev tmpfs ${R(h)}`),
    ...layout.mapped.flatMap((m) => bind(m.source, m.target, true, !m.dir)),
    ...bind(paths.home, paths.home, false, false),
    ...bind(paths.cwd, paths.cwd, !paths.cwdWritable, false),
    ...layout.hidden.map((h) => `${mount} -o remount,bind,ro ${R(h)}`),
    `${mount} -o remount,bind,ro "$R/dev"`,
    `${mount} -t proc -o nosuid,nodev,noexec proc "$R/proc"`,
    `cd "$R"`,
    `${q(tools.pivot_root)} . .`,
    `${q(tools.umount)} -l .`,
    'cd /',
    `exec ${exec.map(q).join(' ')}`,
  ];
  return lines.join('\n');
}

/** The scanner's mount namespace (`mnt:[4026531841]`), which the script must not be in. */
function hostMountNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/mnt');
  } catch {
    return 'unknown';
  }
}

function dirOf(path: string): string {
  return path.slice(0, Math.max(1, path.lastIndexOf('/')));
}

/** Single-quoted for sh: nothing inside is expanded. */
export function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}
