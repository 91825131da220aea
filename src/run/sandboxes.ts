/**
 * `--sandbox` is decided for every local server of a run before anything is launched: a
 * sandbox that cannot be had under `--sandbox` stops the run with a usage error (exit 2) and
 * the reason, before any server runs; `--sandbox=best-effort` warns first and runs without it
 * (docs/stdio.md#sandbox). The prepared sandbox is handed to the scan, so its trial launch is
 * not repeated.
 */
import { SHUTDOWN_WAIT } from '../probe/stdio/launch-env.js';
import { prepareSandbox, SandboxUnavailable } from '../probe/stdio/sandbox/prepare.js';
import { escapeTerminalLine } from '../report/escape.js';
import { UsageError } from './errors.js';
import type { PreparedTarget } from './prepare.js';

export async function withSandboxes(
  targets: readonly PreparedTarget[],
  warn: (line: string) => void,
): Promise<readonly PreparedTarget[]> {
  const out: PreparedTarget[] = [];
  for (const p of targets) {
    const target = p.sourced.target;
    const mode = p.options.sandbox;
    if (target.kind !== 'stdio' || mode === undefined || typeof mode !== 'string' || mode === 'off') {
      out.push(p);
      continue;
    }
    try {
      const sandbox = await prepareSandbox({
        mode,
        command: target,
        // A package installed by the scan (--npm, --pypi): its throwaway prefix.
        ...(target.readOnly ? { readOnly: target.readOnly } : {}),
        graceMs: SHUTDOWN_WAIT.leftBehindMs,
        // Printed before anything is launched: the first line of output.
        onWarning: (m) => warn(`mcp-posture: warning: ${escapeTerminalLine(m)}`),
      });
      out.push({ ...p, options: { ...p.options, sandbox } });
    } catch (err) {
      if (err instanceof SandboxUnavailable) throw new UsageError(err.message);
      throw err;
    }
  }
  return out;
}
