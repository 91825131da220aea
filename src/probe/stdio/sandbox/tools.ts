/**
 * The system tools the sandbox is built with (docs/stdio.md#sandbox): optional programs of the
 * host, not package dependencies, found on the scanner's PATH and run by absolute path so that
 * the server's PATH never decides which one runs.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** bubblewrap, preferred where present (unprivileged users only: see ./prepare.ts). */
export const BWRAP = 'bwrap';
/** util-linux: namespaces, mounts, the root switch and the privilege drop. */
export const UTIL_LINUX = ['unshare', 'mount', 'umount', 'pivot_root', 'setpriv'] as const;
export type UtilLinuxTool = (typeof UTIL_LINUX)[number];

/** The first executable file called `name` on `pathEnv`, or null. */
export function findOnPath(name: string, pathEnv: string | undefined): string | null {
  const dirs = (pathEnv ?? '/usr/bin:/bin').split(delimiter).filter((d) => isAbsolute(d));
  for (const dir of [...dirs, '/usr/sbin', '/sbin']) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** Every util-linux tool by absolute path, or the names of the missing ones. */
export function utilLinuxTools(
  pathEnv: string | undefined,
): { readonly tools: Readonly<Record<UtilLinuxTool, string>> } | { readonly missing: readonly string[] } {
  const found = UTIL_LINUX.map((t) => [t, findOnPath(t, pathEnv)] as const);
  const missing = found.filter(([, p]) => p === null).map(([t]) => t);
  if (missing.length > 0) return { missing };
  return { tools: Object.fromEntries(found) as Record<UtilLinuxTool, string> };
}

/** The POSIX shell the mount script runs in. */
export function shellPath(): string {
  return findOnPath('sh', '/bin:/usr/bin') ?? '/bin/sh';
}
