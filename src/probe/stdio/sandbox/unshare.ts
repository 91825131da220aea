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

/**
 * The script run inside the new namespaces; every path is quoted, `set -eu` stops at the first
 * failure. The mounts go in two batches (`mount -a` over a table written beside the new root), one
 * process each instead of one per mount: forty `mount` processes cost more than everything else.
 */
function mountScript(
  tools: Readonly<Record<UtilLinuxTool, string>>,
  layout: SandboxLayout,
  paths: NamespacePaths,
  exec: readonly string[],
): string {
  const q = shellQuote;
  const mount = q(tools.mount);
  /** A path below the new root, as a mount table field. */
  const R = (p: string) => fstabField(`${paths.root}${p}`);
  const fileTargets = layout.mapped.filter((m) => !m.dir).map((m) => `${paths.root}${m.target}`);
  // Sources of our own: `mount -a` skips an entry whose target already holds the same source and
  // type, and the host's own tmpfs or proc copied below the new root would then stay visible.
  const first = [
    `mcp-posture-dev ${R('/dev')} tmpfs mode=0755,size=1m,nosuid 0 0`,
    ...layout.hidden.map((h) => `mcp-posture-hidden ${R(h)} tmpfs mode=0755,size=1m,nosuid,nodev 0 0`),
  ];
  const second = [
    ...DEVICES.map((d) => `/dev/${d} ${R(`/dev/${d}`)} none bind 0 0`),
    ...layout.mapped.map(
      (m) => `${fstabField(m.source)} ${R(m.target)} none bind,ro${m.dir ? ',X-mount.mkdir' : ''} 0 0`,
    ),
    `${fstabField(paths.home)} ${R(paths.home)} none bind,X-mount.mkdir 0 0`,
    `${fstabField(paths.cwd)} ${R(paths.cwd)} none bind${paths.cwdWritable ? '' : ',ro'},X-mount.mkdir 0 0`,
    ...layout.hidden.map((h) => `none ${R(h)} none remount,bind,ro,nosuid,nodev 0 0`),
    `none ${R('/dev')} none remount,bind,ro,nosuid 0 0`,
    `mcp-posture-proc ${R('/proc')} proc nosuid,nodev,noexec 0 0`,
  ];
  // Mounts the new root's own /proc, /dev and hidden directories cover need not be made read-only.
  const covered = ['/proc', '/dev', ...layout.hidden].map((d) => `${q(R(d))}|${q(R(d))}/*`).join('|');
  const lines = [
    'set -eu',
    // Nothing is mounted unless this really is a new PID and mount namespace (an `unshare` that
    // ignored its options would otherwise rearrange the host's mounts).
    `refuse() { echo "mcp-posture sandbox: $1" >&2; exit 97; }`,
    `[ "$$" = 1 ] || refuse 'not the first process of a new PID namespace'`,
    `[ "$(readlink /proc/self/ns/mnt)" != ${q(hostMountNamespace())} ] || refuse 'not in a new mount namespace'`,
    `R=${q(paths.root)}; RM=${q(fstabField(paths.root))}; T1="$R.mounts-1"; T2="$R.mounts-2"`,
    `${mount} --rbind / "$R"`,
    `${mount} -o remount,bind,ro "$R"`,
    `printf '%s\n' ${first.map(q).join(' ')} > "$T1"`,
    // Every other mount below the new root read-only too (mountinfo escapes as a mount table does).
    // A remount sets every flag anew: the mount's own nosuid, nodev and noexec are kept.
    'while read -r _ _ _ _ mp opts _; do',
    '  f=ro; for o in nosuid nodev noexec; do case ",$opts," in *,$o,*) f="$f,$o" ;; esac; done',
    `  case "$mp" in ${covered}) ;; "$RM"/*) echo "none $mp none remount,bind,$f 0 0" >> "$T1" ;; esac`,
    'done < /proc/self/mountinfo',
    `${mount} -a -T "$T1"`,
    ...DEVICES.map((d) => `: > "$R/dev/${d}"`),
    ...fileTargets.map((f) => `mkdir -p ${q(dirOf(f))}; : > ${q(f)}`),
    'for l in fd:/proc/self/fd stdin:fd/0 stdout:fd/1 stderr:fd/2; do ln -s "${l#*:}" "$R/dev/${l%%:*}"; done',
    `printf '%s\n' ${second.map(q).join(' ')} > "$T2"`,
    `${mount} -a -T "$T2"`,
    `cd "$R"`,
    `${q(tools.pivot_root)} . .`,
    `${q(tools.umount)} -l .`,
    'cd /',
    `exec ${exec.map(q).join(' ')}`,
  ];
  return lines.join('\n');
}

/** A path as a mount table (and mountinfo) writes it: space, tab, newline and backslash as octal. */
function fstabField(path: string): string {
  return path.replace(/[\\ \t\n]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
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
