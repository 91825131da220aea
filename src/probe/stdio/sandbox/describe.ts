/**
 * What `--sandbox` will do, for `scan --plan` (docs/stdio.md#plan): worked out from the machine
 * and the command line like a launch would, without trying or launching anything.
 */
import type { StdioCommand } from '../../../targets/target.js';
import { MARKER_NAME } from '../sweep.js';
import { sandboxLayout } from './layout.js';
import type { SandboxMode } from './prepare.js';
import { BWRAP, findOnPath } from './tools.js';

export function describeSandbox(
  mode: SandboxMode,
  command: StdioCommand & { readonly readOnly?: readonly string[] },
): string[] {
  const ending = `every process the server starts carries ${MARKER_NAME} and is ended after it exits (SIGTERM, then SIGKILL)`;
  if (mode === 'off')
    return [`none: the server runs as this user, with the network and your files in reach; ${ending}`];
  if (process.platform !== 'linux')
    return [
      `not available on ${process.platform}: ${mode === 'strict' ? 'the scan would stop (exit 2) before launching anything' : 'the server would run without it, with a warning'}`,
    ];
  const asRoot = process.getuid?.() === 0;
  const tool = !asRoot && findOnPath(BWRAP, process.env['PATH']) !== null ? 'bwrap' : 'unshare';
  const layout = sandboxLayout({
    command: command.command,
    args: command.args,
    cwd: command.cwd,
    pathEnv: process.env['PATH'],
    ...(command.readOnly ? { readOnly: command.readOnly } : {}),
  });
  const mapped = layout.mapped.map((m) => m.target);
  return [
    `built with ${tool}: ${asRoot ? '' : 'user, '}mount, PID, network, IPC and UTS namespaces, tried before anything is launched`,
    'network: none (an empty network namespace)',
    `filesystem: read-only; hidden (empty): ${layout.hidden.join(', ')}`,
    `mapped back read-only: ${mapped.length ? mapped.join(', ') : 'nothing (the runtime and the script are outside the hidden directories)'}`,
    ...(layout.notMapped.length
      ? [`not mapped (it would show a hidden directory): ${layout.notMapped.join(', ')}`]
      : []),
    ...(layout.hiddenArgs.length
      ? [
          `hidden from the server although named on its command line (map with --sandbox-map PATH): ${layout.hiddenArgs.join(', ')}`,
        ]
      : []),
    `writable: the throwaway HOME${command.cwd === null ? ' and working directory' : ''}`,
    `processes: a supervisor is the first process of the PID namespace; when it ends, every process ends; ${ending}`,
    `privileges: none (no capabilities, no new privileges)${asRoot ? '; the server runs as nobody' : ''}`,
    mode === 'strict'
      ? 'when any part cannot be applied: exit 2 with the reason, nothing launched'
      : 'when it cannot be applied: the network alone is removed where possible, else nothing, with a warning first',
  ];
}
