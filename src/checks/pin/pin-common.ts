/**
 * Shared plumbing of the PIN checks (docs/pinning.md): the lock entry for this target and
 * context, or the right non-verdict when there is none, and the two listable surfaces. The
 * engine answers for a scan without a lock (no `pin` section: not_applicable, `feature_absent`).
 */
import type { LockEntry, LockSurface, PinEvidence } from '../../evidence/pin-types.js';
import type { CheckContext, Verdict } from '../define-check.js';

export const PIN_SECTIONS = ['pin'] as const;

/** The PIN transports of rows "any · http, sse, stdio". */
export const PIN_TRANSPORTS = ['streamable-http', 'http+sse', 'stdio'] as const;

export const PIN_NOTE =
  'Runs only when the scan is given a lock (`--lock FILE`); without one the result is not_applicable (`feature_absent`), as it is when the lock has no entry for this target in this credential context (anonymous, or with a token: their lists can differ, so one is never compared against the other; PIN04 reports the missing entry). A scan that did not reach the target as an MCP server is inconclusive (`fetch_failed`).';

export interface Pinned {
  readonly pin: PinEvidence;
  readonly baseline: LockEntry;
  readonly current: LockEntry;
}

function contextWords(pin: PinEvidence): string {
  return pin.context === 'token' ? 'with a token' : 'anonymously';
}

/** The baseline for this target and context, or the verdict when there is none (or the scan failed). */
export function pinnedOrVerdict(pin: PinEvidence, ctx: CheckContext): Pinned | Verdict {
  if (pin.baseline === null) {
    const other = pin.recordedContexts.filter((c) => c !== pin.context);
    return ctx.notApplicable(
      'feature_absent',
      other.length > 0
        ? `The lock ${pin.lockFile} records this target only ${other[0] === 'token' ? 'with a token' : 'anonymously'}; this scan ran ${contextWords(pin)}, and lists differ between the two, so nothing is compared.`
        : `The lock ${pin.lockFile} has no entry for this target.`,
    );
  }
  if (!pin.reachable)
    return ctx.inconclusive(
      'fetch_failed',
      'The target did not answer as an MCP server in this scan: nothing to compare with the lock.',
    );
  return { pin, baseline: pin.baseline, current: pin.current };
}

export const isVerdict = (v: Pinned | Verdict): v is Verdict => 'status' in v;

/** Both listable surfaces, or the verdict when either side has none. */
export function surfacesOrVerdict(
  p: Pinned,
  ctx: CheckContext,
): { readonly base: LockSurface; readonly cur: LockSurface } | Verdict {
  if (!p.current.surface)
    return p.current.protocol.authRequired
      ? ctx.inconclusive(
          'auth_wall',
          'The surface could not be listed in this scan: every MCP request needs authorization (scan with --token to compare the token context).',
        )
      : ctx.inconclusive('probe_unavailable', 'The surface could not be listed in this scan.');
  if (!p.baseline.surface)
    return ctx.inconclusive(
      'ambiguous',
      `The lock's entry (recorded ${p.baseline.recordedAt}) holds no listable surface: re-record it with credentials that can list the server.`,
    );
  return { base: p.baseline.surface, cur: p.current.surface };
}

export const lockLocation = (file: string): string => `lock:${file}`;
