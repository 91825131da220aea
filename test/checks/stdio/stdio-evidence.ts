/**
 * Typed stdio evidence for the STDIO check tests: a well-behaved 2025-11-25 stdio server with
 * one launch (discover answered -32601, initialize, four lists, exit on stdin close), changed
 * per test.
 */
import type {
  Evidence,
  StdioEvidence,
  StdioFraming,
  StdioLaunch,
  StdioLine,
} from '../../../src/evidence/types.js';
import type { Revision } from '../../../src/spec/revisions.js';
import { evidence } from '../../helpers/evidence.js';

export function line(seq: number, dir: 'in' | 'out', text: string, framing?: StdioFraming): StdioLine {
  return {
    seq,
    dir,
    phase: 'legacy',
    atMs: seq,
    text,
    bytes: text.length,
    truncated: false,
    ...(framing ? { framing } : {}),
  };
}

/** Default launch: 3 requests, 3 one-line answers. */
export function launch(patch: Partial<StdioLaunch> = {}): StdioLaunch {
  const lines = patch.lines ?? [
    line(1, 'in', '{"jsonrpc":"2.0","id":1,"method":"server/discover"}'),
    line(
      2,
      'out',
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
      'message',
    ),
    line(3, 'in', '{"jsonrpc":"2.0","id":2,"method":"initialize"}'),
    line(4, 'out', '{"jsonrpc":"2.0","id":2,"result":{}}', 'message'),
  ];
  const counts: Partial<Record<StdioFraming, number>> = {};
  for (const l of lines) if (l.framing) counts[l.framing] = (counts[l.framing] ?? 0) + 1;
  return {
    probe: 'x.launch',
    spawnError: null,
    opening: { method: 'server/discover', outcome: 'response', ms: 12 },
    lines,
    linesDropped: 0,
    framingCounts: counts,
    serverRequests: { modern: [], legacy: [] },
    stdout: { bytes: 200, capped: false, unterminated: null, unterminatedIsMessage: false },
    stderr: { bytes: 12, excerpt: 'ready \u2713', utf8Valid: true, firstInvalidAt: null, truncated: false },
    exchanges: [],
    exit: { code: 0, signal: null, atMs: 300 },
    shutdown: { exitedBeforeClose: false, needed: 'none', exitAfterCloseMs: 20, groupSurvivors: false },
    durationMs: 320,
    ...patch,
  };
}

export function stdioEvidence(
  launches: readonly StdioLaunch[] = [launch()],
  opts: {
    readonly known?: readonly Revision[];
    readonly targetClass?: Evidence['detection']['targetClass'];
  } = {},
): Evidence {
  const known = opts.known ?? ['2025-11-25'];
  const stdio: StdioEvidence = {
    command: 'node',
    args: ['server.js'],
    envNames: ['HOME', 'PATH'],
    throwawayCwd: true,
    sandbox: { requested: false, applied: false, detail: 'not requested' },
    launches,
    dualEra: false,
  };
  return evidence((ev) => {
    ev.target = { kind: 'stdio', url: 'stdio:node server.js', scope: 'loopback' };
    ev.detection.transport = 'stdio';
    ev.detection.targetClass = opts.targetClass ?? 'reachable';
    ev.detection.revision = {
      ...ev.detection.revision,
      value: known[known.length - 1]!,
      known: [...known],
      candidates: [...known],
      unconfirmed: [],
      eras: known.includes('2026-07-28') ? ['modern'] : ['legacy'],
    };
    ev.endpoint = null;
    ev.sessions = null;
    ev.origin = null;
    ev.exchanges = [];
    (ev as { stdio: unknown }).stdio = stdio;
  });
}
