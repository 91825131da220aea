import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { REVISIONS } from '../../spec/revisions.js';
import { startedLaunches } from './lines.js';

export default defineCheck({
  meta: {
    id: 'MCPP-STDIO04',
    title: 'Exits when stdin closes',
    requirement: 'After stdin is closed the server exits within 5 s without a signal.',
    keyword: 'SHOULD',
    revisions: [...REVISIONS],
    transports: ['stdio'],
    mode: 'safe',
    requires: ['stdio'],
    rating: { scope: 'protocol' },
    keys: {
      sigterm: 'the server kept running after stdin closed and exited only on SIGTERM',
      sigkill: 'the server ignored stdin closing and SIGTERM, and had to be killed',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'basic/transports/stdio', 'Shutdown'),
      mcp('2025-11-25', 'basic/lifecycle', 'stdio'),
    ],
    rationale:
      'Clients shut a stdio server down by closing its stdin and then signalling it. A server that ignores the closed stdin lingers until it is signalled, keeps resources and locks, and, under wrappers that do not forward signals, stays behind as an orphan.',
    remediation:
      'Exit when stdin reaches end of file (the official SDKs do when the transport closes); handle SIGTERM by shutting down cleanly.',
    evidence:
      '`s.stdin.close`: the scanner closes stdin at the end of each launch, waits 5 s, then signals the process group with SIGTERM, waits 2 s, then SIGKILL.',
    traps:
      'Wrappers (npx, docker run) can keep child processes alive — the scanner signals the process group. A process that had already exited before stdin was closed is not judged.',
    notes:
      'The keyword is SHOULD from 2026-07-28 and scanner policy for earlier revisions (clients are told to close stdin first, then signal); the row is evaluated for every revision.',
  },
  evaluate(ev, ctx) {
    const judged = startedLaunches(ev.stdio).filter(
      (l) => !l.shutdown.exitedBeforeClose && l.shutdown.needed !== null,
    );
    if (judged.length === 0)
      return ctx.inconclusive(
        'probe_unavailable',
        'The server had exited before stdin was closed, so its shutdown was not observed.',
      );
    const killed = judged.find((l) => l.shutdown.needed === 'sigkill');
    if (killed)
      return ctx.fail(
        `${killed.probe}: the server ignored stdin closing and SIGTERM; it was killed with SIGKILL.`,
        [],
        { key: 'sigkill' },
      );
    const termed = judged.find((l) => l.shutdown.needed === 'sigterm');
    if (termed)
      return ctx.fail(
        `${termed.probe}: the server did not exit within 5 s of stdin closing; it exited on SIGTERM.`,
        [],
        { key: 'sigterm' },
      );
    return ctx.pass(
      `The server exited after stdin closed (${judged.map((l) => `${l.probe}: ${l.shutdown.exitAfterCloseMs ?? '?'} ms`).join('; ')}).`,
    );
  },
});
