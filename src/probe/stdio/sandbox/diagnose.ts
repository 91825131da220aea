/**
 * Why the sandbox could not be built here, and how to make it possible (docs/stdio.md#sandbox):
 * the kernel switches that refuse unprivileged user namespaces, a container's profile, missing
 * tools. Read from /proc and the file system; nothing is changed.
 */
import { existsSync, readFileSync } from 'node:fs';

/** A sysctl that refuses user namespaces when it reads `off`, and the command that allows them. */
const USERNS_SWITCHES: readonly { file: string; off: string; fix: string; what: string }[] = [
  {
    file: '/proc/sys/kernel/unprivileged_userns_clone',
    off: '0',
    fix: 'sudo sysctl -w kernel.unprivileged_userns_clone=1',
    what: 'unprivileged user namespaces are switched off',
  },
  {
    file: '/proc/sys/user/max_user_namespaces',
    off: '0',
    fix: 'sudo sysctl -w user.max_user_namespaces=15000',
    what: 'user namespaces are limited to none',
  },
  {
    file: '/proc/sys/kernel/apparmor_restrict_unprivileged_userns',
    off: '1',
    fix: 'sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 (or an AppArmor profile that allows bwrap)',
    what: 'AppArmor restricts unprivileged user namespaces',
  },
];

/** What to do about it, most specific first; always ends with the way to scan without the sandbox. */
export function enableHints(
  asRoot: boolean,
  missingTools: readonly string[],
  read: (file: string) => string | null = readSwitch,
): string[] {
  const hints: string[] = [];
  if (process.platform !== 'linux')
    hints.push(
      `--sandbox needs Linux namespaces; on ${process.platform} run the scan inside a Linux VM or container`,
    );
  if (missingTools.length > 0)
    hints.push(`install ${missingTools.join(', ')} (util-linux), or bubblewrap (apt install bubblewrap)`);
  if (!asRoot) for (const s of USERNS_SWITCHES) if (read(s.file) === s.off) hints.push(`${s.what}: ${s.fix}`);
  if (existsSync('/.dockerenv') || existsSync('/run/.containerenv'))
    hints.push(
      "inside a container, the runtime's seccomp profile usually refuses namespaces and mounts: scan on the host, or run the container with --security-opt seccomp=unconfined --cap-add SYS_ADMIN",
    );
  if (hints.length === 0)
    hints.push('allow user namespaces and mounts for this user (bubblewrap or util-linux unshare must work)');
  hints.push(
    'or run with --sandbox=best-effort to scan anyway, with a warning (the server may then reach the network and your files)',
  );
  return hints;
}

export function refusalMessage(failures: readonly string[], hints: readonly string[]): string {
  return [
    '--sandbox cannot be applied here, so nothing was launched:',
    ...failures.map((f) => `  ${f}`),
    'to enable it:',
    ...hints.map((h) => `  - ${h}`),
  ].join('\n');
}

function readSwitch(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}
