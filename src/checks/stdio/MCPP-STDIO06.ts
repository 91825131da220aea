import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { REVISIONS } from '../../spec/revisions.js';

export default defineCheck({
  meta: {
    id: 'MCPP-STDIO06',
    title: 'Era probe answered without crashing',
    requirement:
      "`server/discover` sent first gets a DiscoverResult, a modern error, or (legacy servers) any JSON-RPC error within 5 s of the server's first output (or of a 5 s start allowance), and the process stays alive.",
    keyword: 'policy',
    revisions: [...REVISIONS],
    transports: ['stdio'],
    mode: 'passive',
    requires: ['stdio'],
    rating: { scope: 'protocol' },
    keys: {
      exit: 'the process exited in answer to server/discover (medium)',
      'non-json': 'the server answered server/discover with non-JSON output only (medium)',
      late: 'server/discover was answered, but only after the 5 s window, when a client has already fallen back to initialize (info)',
      timeout:
        'server/discover got no answer during the whole launch (low; clients fall back after 5 s of silence)',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'basic/transports/stdio', 'Backward Compatibility')],
    rationale:
      'The spec tells stdio clients to send server/discover first and fall back to initialize. A server that crashes on the unknown method cannot be used by modern clients at all; one that stays silent costs every client a timeout at every start.',
    remediation:
      'Answer unknown methods with a JSON-RPC error (-32601 Method not found), as every JSON-RPC server must, and keep running.',
    evidence:
      'The first exchange of `x.launch`: what became of `server/discover` (a response within the window, a response after it, silence for the whole launch, the process ending, or only non-JSON output), whether the process was still alive 200 ms after answering, and what the window was measured from (`windowFrom`: the first byte on stdout or stderr, or the end of the 5 s start allowance when that came first).',
    traps:
      'Legacy servers commonly answer `-32601` or `-32602` or nothing at all; silence is tolerated by clients, hence low. On a loaded machine a server may take long to start: the window opens at its first output (or after the start allowance), and an answer that still comes after the window is read (the fallback `initialize` has been sent meanwhile) and reported as `late` at info severity, since how busy the machine was decides it. A command that exits at once, or cannot be started, makes the target `unreachable`: the report is not graded and this check does not apply.',
  },
  evaluate(ev, ctx) {
    const first = ev.stdio.launches[0];
    if (!first || first.spawnError !== null || first.opening.outcome === 'not-sent')
      return ctx.inconclusive(
        'probe_unavailable',
        first?.spawnError
          ? `The command could not be started: ${first.spawnError}.`
          : 'server/discover was not sent.',
      );
    const o = first.opening;
    const from =
      o.windowFrom === 'first-output'
        ? 'the window measured from its first output'
        : o.windowFrom === 'start-allowance'
          ? 'the window measured from the end of the start allowance (no output before it)'
          : 'the 5 s window';
    switch (o.outcome) {
      case 'response':
        return ctx.pass(
          `server/discover was answered within ${o.ms} ms (${from}) and the process stayed alive.`,
        );
      case 'late':
        return ctx.fail(
          `server/discover was answered after ${o.ms} ms, after ${from} had closed: a client has fallen back to initialize by then.`,
          [],
          { key: 'late', severity: 'info' },
        );
      case 'exit':
        return ctx.fail(
          'The process exited in answer to server/discover (or right after answering it).',
          [],
          {
            key: 'exit',
          },
        );
      case 'non-json':
        return ctx.fail('server/discover got no JSON-RPC response, only non-JSON output.', [], {
          key: 'non-json',
        });
      case 'timeout':
      case 'not-sent':
        return ctx.fail(`server/discover got no answer during the launch (${from}).`, [], {
          key: 'timeout',
          severity: 'low',
        });
    }
  },
});
