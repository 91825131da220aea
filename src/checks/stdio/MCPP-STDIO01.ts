import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { REVISIONS } from '../../spec/revisions.js';
import { countOf, describeLines, linesOf, startedLaunches, stdoutLines } from './lines.js';

export default defineCheck({
  meta: {
    id: 'MCPP-STDIO01',
    title: 'stdout carries only MCP messages',
    requirement:
      'Everything the server writes to stdout is a valid JSON-RPC message (no banners, logs, progress output).',
    keyword: 'MUST NOT',
    revisions: [...REVISIONS],
    transports: ['stdio'],
    mode: 'passive',
    requires: ['stdio'],
    rating: { scope: 'protocol' },
    keys: {
      'non-json': 'stdout carried lines that are not JSON-RPC messages (the first five are named)',
      'startup-banner': 'the first thing on stdout, before any message, was not a JSON-RPC message',
    },
    severity: 'high',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'stdio'),
      mcp('2026-07-28', 'basic/transports/stdio'),
      mcp('2024-11-05', 'basic/transports', 'stdio'),
    ],
    rationale:
      'A client reads every stdout line as a JSON-RPC message. A banner, a log line or progress output breaks the parser of conforming clients: some drop the connection, some drop the line, and a server whose answers are mixed with noise is unusable or unreliable.',
    remediation:
      'Write logs, banners and progress to stderr (console.error, a logger on stderr) and keep stdout for protocol messages only. When a package runner (npx, uvx) prints install output, run the server binary directly.',
    evidence:
      '`x.launch` (and `x.launch.legacy`): every stdout line from launch to exit, classified when read. Lines of a message spread over several lines or several messages on one line are STDIO02, not this check; the shape of each message is TRN14.',
    traps:
      'Empty lines are tolerated (noted); package runners (npx, uvx) may print install progress to stdout — run the server binary directly when that happens. A JSON value that is not an attempt at JSON-RPC (a JSON log line) counts as non-JSON-RPC output; a malformed JSON-RPC message does not (TRN14).',
  },
  evaluate(ev, ctx) {
    const stdio = ev.stdio;
    if (startedLaunches(stdio).length === 0)
      return ctx.inconclusive('probe_unavailable', 'The command could not be started; nothing was read.');
    const offending = countOf(stdio, 'non-json');
    const empty = countOf(stdio, 'empty');
    if (offending > 0) {
      const first = linesOf(stdio, 'non-json');
      // A banner: the very first stdout line of the first launch is not a message.
      const firstOut = startedLaunches(stdio)[0]!.lines.find((l) => l.dir === 'out');
      const banner = firstOut !== undefined && firstOut.framing === 'non-json';
      return ctx.fail(
        `stdout carried ${offending} line${offending === 1 ? '' : 's'} that ${offending === 1 ? 'is' : 'are'} not JSON-RPC: ${describeLines(stdio, first)}.`,
        [],
        { key: banner ? 'startup-banner' : 'non-json' },
      );
    }
    const total = stdoutLines(stdio);
    if (total === 0) return ctx.inconclusive('probe_unavailable', 'The server wrote nothing to stdout.');
    return ctx.pass(
      `Every non-empty stdout line (${total - empty} of ${total}) was a JSON-RPC message${empty ? `; ${empty} empty line${empty === 1 ? '' : 's'} tolerated` : ''}.`,
    );
  },
});
