import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { REVISIONS } from '../../spec/revisions.js';
import { startedLaunches } from './lines.js';

export default defineCheck({
  meta: {
    id: 'MCPP-STDIO03',
    title: 'Diagnostics on stderr are UTF-8',
    requirement: 'Logging and diagnostics go to stderr as UTF-8 text.',
    keyword: 'MAY',
    revisions: [...REVISIONS],
    transports: ['stdio'],
    mode: 'passive',
    requires: ['stdio'],
    rating: { scope: 'protocol' },
    keys: {
      'invalid-utf8': 'stderr carried byte sequences that are not valid UTF-8',
    },
    severity: 'info',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'stdio'),
      mcp('2026-07-28', 'basic/transports/stdio'),
      mcp('2026-07-28', 'deprecated', 'Deprecated'),
    ],
    rationale:
      'Clients capture stderr into their logs as UTF-8 text. Invalid sequences garble the log or break the log pipeline; they usually mean binary data or a legacy code page leaked into diagnostics.',
    remediation: 'Write diagnostics as UTF-8 text; encode binary data (hex, Base64) before logging it.',
    evidence:
      'stderr bytes of every launch, validated as UTF-8 as they arrive (all of them, beyond the bytes kept for the excerpt).',
    traps:
      'stderr output is not an error signal (clients SHOULD NOT assume so); log lines on stdout are STDIO01.',
    notes: 'The catalogue row names no key; `invalid-utf8` is the one failure it describes.',
  },
  evaluate(ev, ctx) {
    const launches = startedLaunches(ev.stdio);
    if (launches.length === 0)
      return ctx.inconclusive('probe_unavailable', 'The command could not be started; nothing was read.');
    const bytes = launches.reduce((n, l) => n + l.stderr.bytes, 0);
    if (bytes === 0) return ctx.notApplicable('feature_absent', 'The server wrote nothing to stderr.');
    const bad = launches.find((l) => !l.stderr.utf8Valid);
    if (bad)
      return ctx.fail(
        `${bad.probe}: stderr is not valid UTF-8 (first invalid sequence near byte ${bad.stderr.firstInvalidAt ?? '?'}).`,
        [],
        { key: 'invalid-utf8' },
      );
    return ctx.pass(`stderr (${bytes} bytes) was valid UTF-8.`);
  },
});
