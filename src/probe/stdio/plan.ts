/**
 * What `scan --plan --stdio -- …` shows: the command line and the environment the child would
 * get, and every message a stdio scan may send (docs/stdio.md#plan). Nothing is run.
 */
import type { Mode } from '../../evidence/types.js';
import { REDACTED } from '../../evidence/primitives.js';
import { LADDER_PROBES } from '../detect.js';
import { LISTS } from '../inventory.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import { STDIO_TOOL_PROBES_PLAN } from '../stages/tool-probes.js';
import { ERA_PROBE_MS, START_ALLOWANCE_MS } from './era-probe.js';
import { BOGUS_VERSION, FALLBACK_VERSION, STDIO_PROBES } from './stages.js';
import type { StdioCommand } from '../../targets/target.js';
import { stdioCommandLine } from '../../targets/target.js';
import { SHUTDOWN_WAIT } from './runner.js';
import { describeSandbox } from './sandbox/describe.js';
import type { SandboxMode } from './sandbox/prepare.js';
import { MARKER_NAME } from './sweep.js';

export interface StdioPlan {
  readonly commandLine: string;
  /** NAME=value lines: PATH as the child would get it, HOME a throwaway directory, declared values redacted. */
  readonly env: readonly string[];
  readonly cwd: string;
  readonly sandbox: SandboxMode;
  /** What the sandbox (or its absence) does, one line per promise (./sandbox/describe.ts). */
  readonly sandboxSteps: readonly string[];
  readonly entries: readonly PlanEntry[];
}

const AT = '<stdin>';

/** s.init.bogus on a launch of its own (LEG02; safe mode). */
const BOGUS_INIT_PLAN: readonly PlanEntry[] = [
  planEntry(
    STDIO_PROBES.launchBogus,
    'safe',
    'spawn',
    'a fresh process for the bogus-version initialize',
    'when initialize was served',
    'process',
  ),
  planEntry(
    STDIO_PROBES.initBogus,
    'safe',
    'write',
    `initialize with protocolVersion ${BOGUS_VERSION} (judged by LEG02)`,
    'on that process',
    AT,
  ),
];

export function buildStdioPlan(
  command: StdioCommand & { readonly readOnly?: readonly string[] },
  mode: Mode,
  sandbox: SandboxMode,
): StdioPlan {
  const lists = LISTS.map((l) =>
    planEntry(`p.list(${l.method})`, 'passive', 'write', `${l.method}: inventory`, '', AT),
  );
  const entries: PlanEntry[] = [
    planEntry(
      STDIO_PROBES.launch,
      'passive',
      'spawn',
      'start the server (its own process group)',
      '',
      'process',
    ),
    planEntry(
      LADDER_PROBES.discover,
      'passive',
      'write',
      `server/discover first (waits ${ERA_PROBE_MS / 1000} s from the first output, or from ${START_ALLOWANCE_MS / 1000} s after the launch when that comes first; a later answer is still read)`,
      '',
      AT,
    ),
    planEntry(
      LADDER_PROBES.discoverResend,
      'passive',
      'write',
      'server/discover re-sent once',
      'when it answered -32020/-32021',
      AT,
    ),
    ...lists.map((e) => ({ ...e, when: 'on the modern wire, when server/discover showed it' })),
    planEntry(
      STDIO_PROBES.launchLegacy,
      'passive',
      'spawn',
      'a second process for the handshake era',
      'when the modern wire answered, or the first process died',
      'process',
    ),
    planEntry(
      LADDER_PROBES.init(FALLBACK_VERSION),
      'passive',
      'write',
      `initialize with protocolVersion ${FALLBACK_VERSION}`,
      'on any error or silence, and on the second process',
      AT,
    ),
    planEntry(
      STDIO_PROBES.initialized,
      'passive',
      'write',
      'notifications/initialized',
      'after an InitializeResult',
      AT,
    ),
    ...lists.map((e) => ({ ...e, when: 'after an InitializeResult, when the modern wire did not answer' })),
    ...(mode === 'passive' ? [] : STDIO_TOOL_PROBES_PLAN),
    ...(mode === 'passive' ? [] : BOGUS_INIT_PLAN),
    planEntry(
      's.stdin.close',
      mode === 'passive' ? 'passive' : 'safe',
      'close',
      `close stdin, wait ${SHUTDOWN_WAIT.stdinCloseMs / 1000} s (judged by STDIO04 in safe mode)`,
      '',
      'process',
    ),
    planEntry(
      'x.signal',
      'passive',
      'kill',
      `SIGTERM to the process group, then SIGKILL after ${SHUTDOWN_WAIT.sigtermMs / 1000} s`,
      'when the process or its group is still alive',
      'process',
    ),
    planEntry(
      'x.sweep',
      'passive',
      'kill',
      `SIGTERM to every process the server left running, then SIGKILL after ${SHUTDOWN_WAIT.leftBehindMs / 1000} s (judged by STDIO07)`,
      `after the server exited: its group and every process carrying ${MARKER_NAME}, or the sandbox's PID namespace`,
      'process',
    ),
  ];
  if (sandbox !== 'off')
    entries.unshift(
      planEntry(
        'x.sandbox.try',
        'passive',
        'spawn',
        'build the sandbox once with nothing in it and check each promise',
        'before anything is launched',
        'process',
      ),
    );
  const declared = Object.keys(command.env)
    .filter((k) => k !== 'HOME')
    .sort()
    .map((k) => `${k}=${REDACTED} (declared)`);
  return {
    commandLine: stdioCommandLine(command).slice('stdio:'.length),
    env: [
      `PATH=${process.env['PATH'] ?? '/usr/bin:/bin'}`,
      'HOME=<a throwaway directory, removed afterwards>',
      `${MARKER_NAME}=<an id for each launch: every process carrying it is ended afterwards>`,
      ...declared,
    ],
    cwd: command.cwd ?? '<a throwaway directory, removed afterwards>',
    sandbox,
    sandboxSteps: describeSandbox(sandbox, command),
    entries,
  };
}
