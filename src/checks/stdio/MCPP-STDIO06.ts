import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { REVISIONS } from '../../spec/revisions.js';

export default defineCheck({
  meta: {
    id: 'MCPP-STDIO06',
    title: 'Era probe answered without crashing',
    requirement:
      '`server/discover` sent first gets a DiscoverResult, a modern error, or (legacy servers) any JSON-RPC error within 5 s, and the process stays alive.',
    keyword: 'policy',
    revisions: [...REVISIONS],
    transports: ['stdio'],
    mode: 'passive',
    requires: ['stdio'],
    rating: { scope: 'protocol' },
    keys: {
      exit: 'the process exited in answer to server/discover (medium)',
      'non-json': 'the server answered server/discover with non-JSON output only (medium)',
      timeout: 'server/discover got no answer within 5 s (low; clients fall back after the silence)',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'basic/transports/stdio', 'Backward Compatibility')],
    rationale:
      'The spec tells stdio clients to send server/discover first and fall back to initialize. A server that crashes on the unknown method cannot be used by modern clients at all; one that stays silent costs every client a timeout at every start.',
    remediation:
      'Answer unknown methods with a JSON-RPC error (-32601 Method not found), as every JSON-RPC server must, and keep running.',
    evidence:
      'The first exchange of `x.launch`: what became of `server/discover` within 5 s (a response, silence, the process ending, or only non-JSON output), and whether the process was still alive 200 ms after answering.',
    traps:
      'Legacy servers commonly answer `-32601` or `-32602` or nothing at all; silence is tolerated by clients, hence low. A command that exits at once, or cannot be started, makes the target `unreachable`: the report is not graded and this check does not apply.',
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
    switch (o.outcome) {
      case 'response':
        return ctx.pass(`server/discover was answered within ${o.ms} ms and the process stayed alive.`);
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
        return ctx.fail('server/discover got no answer within 5 s.', [], { key: 'timeout', severity: 'low' });
    }
  },
});
