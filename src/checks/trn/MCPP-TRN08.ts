import type { Severity, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId, SessionSample } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import {
  detectSequence,
  duplicates,
  estimateEntropy,
  hasInvalidCharset,
  isJwtShaped,
  MIN_SESSION_ENTROPY_BITS,
} from './session-entropy.js';

export default defineCheck({
  meta: {
    id: 'MCPP-TRN08',
    title: 'Session IDs well-formed and unpredictable',
    requirement:
      '`Mcp-Session-Id` values contain only visible ASCII (0x21–0x7E), are unique, and cannot be guessed.',
    keyword: 'MUST',
    transportShape: true,
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'sessions?'],
    rating: { scope: 'protocol' },
    keys: {
      charset: 'a session ID contains characters outside visible ASCII, or is empty (medium)',
      identical: 'the same session ID was issued to separate initializations',
      sequential: 'session IDs form a decimal or hex sequence (counter or timestamp)',
      short: 'the estimated session-ID entropy is below the minimum',
    },
    severity: 'high',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'Session Management'),
      mcp('2025-03-26', 'basic/transports', 'Session Management'),
      mcp('2025-11-25', 'basic/security_best_practices', 'Session Hijacking'),
    ],
    rationale:
      'A session ID that repeats, counts up or has little variation can be guessed, and a guessed ID lets an attacker inject requests into, or read the results of, another client’s session. Characters outside visible ASCII break conforming clients and intermediaries.',
    remediation:
      'Generate session IDs from a CSPRNG with at least 64 (preferably 122+) random bits, e.g. `crypto.randomUUID()` or 32 random bytes in base64url; never counters, timestamps or per-user constants; use only visible ASCII.',
    evidence:
      'Every `Mcp-Session-Id` issued to the scanner (`p.init` for each version, `p.init2`): charset, duplicates, numeric or hex sequences, and an entropy estimate after removing the prefix and suffix all samples share (method documented in `src/checks/trn/session-entropy.ts`).',
    traps:
      'Constant prefixes (`mcp-session-<uuid>`) are stripped before estimating; UUIDv4 is credited 122 bits and UUIDv7 74; JWT session IDs look random even when deterministic per user (confidence lowered). Sampling refutes but cannot prove a CSPRNG. With only two samples a random ID may share edge characters by chance, which lowers the estimate by a few bits.',
    notes:
      'Keys `charset` (medium), `identical`, `sequential` (confidence medium) and `short` (high) as in the catalogue. Deviation: under 2025-03-26 only the transport text applies (uniqueness and cryptographic security are SHOULD; the Security Best Practices MUST on non-deterministic IDs dates from 2025-06-18), so the guessable keys are medium there; a server also speaking ≥2025-06-18 gets high. A single issued ID is judged for charset and clear shortness only; otherwise the result is inconclusive (uniqueness and sequence need two samples). Time-ordered IDs whose random part is small surface as `short` rather than `sequential`.',
  },
  evaluate(ev, ctx) {
    if (!ev.sessions) {
      return ev.detection.authWall
        ? ctx.inconclusive(
            'auth_wall',
            'Every MCP request was refused (401/403); no session could be opened.',
          )
        : ctx.notApplicable(
            'feature_absent',
            'No handshake-era session was opened, so no session ID was issued.',
          );
    }
    // The same exchange can be listed twice (main init and the version enumeration).
    const byExchange = new Map<ExchangeId, SessionSample>();
    for (const s of ev.sessions.sessionSamples)
      if (!byExchange.has(s.exchange)) byExchange.set(s.exchange, s);
    const samples = [...byExchange.values()];
    if (samples.length === 0) {
      return ctx.notApplicable('feature_absent', 'The server issued no `Mcp-Session-Id` (stateless).');
    }
    const values = samples.map((s) => s.value);
    const all = samples.map((s) => s.exchange);
    const guessable: Severity = ctx.revision === '2025-03-26' ? 'medium' : 'high';
    const verdicts: Verdict[] = [];

    const badCharset = samples.filter((s) => hasInvalidCharset(s.value));
    if (badCharset.length > 0) {
      verdicts.push(
        ctx.fail(
          `${badCharset.length} of ${samples.length} session IDs contain characters outside visible ASCII (0x21–0x7E)${badCharset.some((s) => s.value === '') ? ' or are empty' : ''}.`,
          badCharset.map((s) => s.exchange),
          { key: 'charset', severity: 'medium' },
        ),
      );
    }

    const dup = new Set(duplicates(values));
    if (dup.size > 0) {
      const repeated = samples.filter((s) => dup.has(s.value));
      verdicts.push(
        ctx.fail(
          `The same session ID was issued to ${repeated.length} separate initializations: every client shares one session.`,
          repeated.map((s) => s.exchange),
          { key: 'identical', severity: guessable },
        ),
      );
    }

    const jwt = values.every(isJwtShaped);
    const sequence = jwt ? null : detectSequence(values);
    if (sequence) {
      verdicts.push(
        ctx.fail(
          `Session IDs form a ${sequence.base === 10 ? 'decimal' : 'hex'} sequence: consecutive IDs differ by at most ${sequence.maxDelta} (counter or timestamp).`,
          all,
          { key: 'sequential', severity: guessable, confidence: 'medium' },
        ),
      );
    }

    const distinct = [...new Set(values)];
    const estimate = estimateEntropy(distinct);
    const stripped =
      estimate.prefix || estimate.suffix
        ? ` after removing the shared prefix ${JSON.stringify(estimate.prefix)} and suffix ${JSON.stringify(estimate.suffix)}`
        : '';
    // All-identical IDs have no distinct part to measure: `identical` already says it.
    if ((distinct.length >= 2 || samples.length === 1) && estimate.bits < MIN_SESSION_ENTROPY_BITS) {
      const single = samples.length === 1 ? ' (single sample: no shared prefix could be removed)' : stripped;
      verdicts.push(
        ctx.fail(
          `Estimated session-ID entropy is ${estimate.bits} bits (${estimate.method})${single}, below ${MIN_SESSION_ENTROPY_BITS}.`,
          all,
          { key: 'short', severity: guessable, confidence: jwt ? 'low' : 'high' },
        ),
      );
    }

    if (verdicts.length > 0) return verdicts;
    if (samples.length === 1) {
      return ctx.inconclusive(
        'ambiguous',
        `Only one session ID was issued (estimated ${estimate.bits} bits without prefix stripping); uniqueness and sequence need at least two.`,
        all,
      );
    }
    return ctx.pass(
      `${samples.length} session IDs: visible ASCII, distinct, no sequence, estimated ${estimate.bits} bits (${estimate.method})${stripped}.`,
      all,
    );
  },
});
