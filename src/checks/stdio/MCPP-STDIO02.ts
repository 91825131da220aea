import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { REVISIONS } from '../../spec/revisions.js';
import { countOf, describeLines, linesOf, startedLaunches, stdoutLines } from './lines.js';

export default defineCheck({
  meta: {
    id: 'MCPP-STDIO02',
    title: 'Newline-delimited framing',
    requirement:
      'Each message occupies exactly one line: no embedded newlines, no pretty-printing, no two messages on one line.',
    keyword: 'MUST',
    revisions: [...REVISIONS],
    transports: ['stdio'],
    mode: 'passive',
    requires: ['stdio'],
    rating: { scope: 'protocol' },
    keys: {
      multiline: 'a message was spread over several lines (pretty-printed, or a raw newline inside it)',
      concatenated: 'two or more messages were written on one line',
      'no-final-newline': 'the last message on stdout had no terminating newline (low)',
      'too-long': 'a line exceeded the per-message cap, so it could not be read as one message',
    },
    severity: 'high',
    citations: [mcp('2025-11-25', 'basic/transports', 'stdio'), mcp('2026-07-28', 'basic/transports/stdio')],
    rationale:
      'Clients split stdout on newlines and parse each line as one message. A pretty-printed message arrives as several lines none of which parses; two messages on one line fail to parse together; a message without its newline waits in the client buffer forever.',
    remediation:
      'Serialize each message compactly (JSON.stringify without indentation), escape newlines inside strings, and end every message with exactly one "\\n".',
    evidence:
      'The stdout byte stream of every launch, split on `\\n`; each line classified when read. Lines that join into one message are `multiline`; a line holding several complete messages is `concatenated`.',
    traps:
      'A trailing `\\r` (CRLF) is tolerated. A line over the scanner cap (default 4 MB) is reported as `too-long`, a cap of the scanner rather than of the spec: judge it against the server\u2019s largest legitimate message.',
    notes:
      'The key `too-long` is added to the catalogue row: the scanner cannot frame a line it does not read whole.',
  },
  evaluate(ev, ctx) {
    const stdio = ev.stdio;
    if (startedLaunches(stdio).length === 0)
      return ctx.inconclusive('probe_unavailable', 'The command could not be started; nothing was read.');
    const out: Verdict[] = [];
    for (const key of ['multiline', 'concatenated', 'too-long'] as const) {
      const n = countOf(stdio, key);
      if (n === 0) continue;
      out.push(
        ctx.fail(
          `${n} stdout line${n === 1 ? '' : 's'} framed as ${key}: ${describeLines(stdio, linesOf(stdio, key))}.`,
          [],
          { key },
        ),
      );
    }
    const unterminated = startedLaunches(stdio).find((l) => l.stdout.unterminatedIsMessage);
    if (unterminated)
      out.push(
        ctx.fail(
          `${unterminated.probe}: the last message on stdout had no terminating newline: ${JSON.stringify(unterminated.stdout.unterminated)}.`,
          [],
          { key: 'no-final-newline', severity: 'low' },
        ),
      );
    if (out.length > 0) return out;
    const messages = countOf(stdio, 'message');
    if (messages === 0)
      return ctx.inconclusive(
        'probe_unavailable',
        stdoutLines(stdio) === 0 ? 'The server wrote nothing to stdout.' : 'No stdout line held a message.',
      );
    const crlf = startedLaunches(stdio).some((l) => l.lines.some((x) => x.crlf === true));
    return ctx.pass(
      `Each of ${messages} message${messages === 1 ? '' : 's'} occupied exactly one newline-terminated line${crlf ? ' (CRLF line ends, tolerated)' : ''}.`,
    );
  },
});
