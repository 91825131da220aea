/**
 * The sandbox built with bubblewrap (docs/stdio.md#sandbox), used for unprivileged users where a
 * system `bwrap` is installed: the same filesystem and namespaces as ./unshare.ts builds, in
 * bubblewrap's own words. bubblewrap drops every capability and sets no-new-privileges itself;
 * `--as-pid-1` makes the supervisor the namespace's first process, and `--die-with-parent` ends
 * the sandbox with the scanner.
 */
import type { SandboxLayout } from './layout.js';
import type { NamespacePaths } from './unshare.js';

export function bwrapCommand(
  bwrap: string,
  layout: SandboxLayout,
  paths: NamespacePaths,
  supervisor: readonly string[],
): { readonly file: string; readonly args: readonly string[] } {
  const args = [
    '--unshare-user',
    '--unshare-pid',
    '--unshare-net',
    '--unshare-ipc',
    '--unshare-uts',
    '--die-with-parent',
    '--as-pid-1',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    ...layout.hidden.flatMap((h) => ['--tmpfs', h]),
    ...layout.mapped.flatMap((m) => ['--ro-bind', m.source, m.target]),
    '--bind',
    paths.home,
    paths.home,
    paths.cwdWritable ? '--bind' : '--ro-bind',
    paths.cwd,
    paths.cwd,
    ...layout.hidden.flatMap((h) => ['--remount-ro', h]),
    '--chdir',
    '/',
    '--',
    ...supervisor,
  ];
  return { file: bwrap, args };
}
