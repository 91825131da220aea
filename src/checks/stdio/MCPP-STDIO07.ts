import { defineCheck } from '../define-check.js';
import type { StdioLeftBehind } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { REVISIONS } from '../../spec/revisions.js';
import { startedLaunches } from './lines.js';

const FOUND_BY: Record<StdioLeftBehind['method'], string> = {
  'pid-namespace': "in the sandbox's PID namespace",
  'marker-sweep': "in the server's process group or carrying the launch marker",
  'process-group': "in the server's process group",
};

export default defineCheck({
  meta: {
    id: 'MCPP-STDIO07',
    title: 'Leaves no process running after it exits',
    requirement:
      'When the server has exited, no process it started is still running: neither in its process group nor one that left it (a daemon in a session of its own).',
    keyword: 'policy',
    revisions: [...REVISIONS],
    transports: ['stdio'],
    mode: 'passive',
    requires: ['stdio'],
    rating: { scope: 'protocol' },
    keys: {
      'left-behind':
        'processes the server started were still running after it exited; the scanner ended them',
    },
    severity: 'low',
    citations: [mcp('2026-07-28', 'basic/transports/stdio', 'Shutdown')],
    rationale:
      'A client ends a stdio server by closing stdin and then signalling it. Processes that outlive the server, such as a helper that daemonised or a child in a session of its own, keep running after every session: they hold files, ports and credentials, and outliving the client is exactly what a malicious server wants.',
    remediation:
      'End child processes when the server exits, and do not detach them from the process group; a helper that must outlive a session belongs in a service the user installs, not in the server.',
    evidence:
      "`x.sweep`: once the server has exited, the scanner looks for what still runs: in the sandbox every process of its PID namespace; otherwise the server's process group and every process whose environment carries the launch's `MCP_POSTURE_LAUNCH` marker, read from /proc. It records them (count, command lines redacted) and ends them: SIGTERM, then SIGKILL after 1 s.",
    traps:
      "A process that both left the group and cleared its environment escapes the marker sweep; it does not escape the sandbox's PID namespace (`--sandbox`). On macOS and Windows only the process group is watched, so a clean result there is inconclusive. A wrapper (npx, uvx) that does not end with its child is reported the same way.",
  },
  evaluate(ev, ctx) {
    const judged = startedLaunches(ev.stdio).filter((l) => l.shutdown.leftBehind !== undefined);
    if (judged.length === 0)
      return ctx.inconclusive(
        'probe_unavailable',
        'No launch recorded what was left running after the server exited.',
      );
    const left = judged.find((l) => l.shutdown.leftBehind!.count > 0);
    if (left) {
      const lb = left.shutdown.leftBehind!;
      const ended = lb.ended === 'namespace' ? 'the end of the PID namespace' : (lb.ended ?? 'the scanner');
      const commands = lb.commands.length ? `: ${lb.commands.slice(0, 3).join('; ')}` : '';
      return ctx.fail(
        `${left.probe}: ${lb.count} process${lb.count === 1 ? '' : 'es'} still running ${FOUND_BY[lb.method]} after the server exited, ended by ${ended}${commands}.`,
        [],
        { key: 'left-behind' },
      );
    }
    if (judged.every((l) => l.shutdown.leftBehind!.method === 'process-group'))
      return ctx.inconclusive(
        'probe_unavailable',
        'Only the process group could be watched on this OS; a process that left it would not have been seen.',
      );
    return ctx.pass(
      `Nothing was left running after the server exited (${judged.map((l) => `${l.probe}: ${FOUND_BY[l.shutdown.leftBehind!.method]}`).join('; ')}).`,
    );
  },
});
