/** Readers of the detection ladder that the engine's standard results and the checks share. */
import type { CheckContext, Verdict } from '../define-check.js';
import type { Evidence } from '../../evidence/types.js';

/** The non-verdict for the first `initialize` of the version ladder that failed, if any. */
export function failedLadderInit(ev: Pick<Evidence, 'detection'>, ctx: CheckContext): Verdict | null {
  const failed = ev.detection.inits.find((a) => a.probe.kind === 'failed');
  if (failed && failed.probe.kind === 'failed')
    return ctx.fromProbe(failed.probe, `initialize with ${failed.requested}`);
  return null;
}
