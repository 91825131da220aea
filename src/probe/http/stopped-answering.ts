/**
 * A target that stops answering ends fast. A server may answer the handshake and then hold every
 * request without a byte, or drip its answers: each request then waits its whole timeout, and a
 * scan of a few dozen requests, eight at a time, waits minutes. After a run of consecutive
 * timeouts on one origin, the requests still to come for that origin are not sent: they are
 * recorded with the `stopped-answering` error (the checks read it as inconclusive,
 * `target_stopped_answering`), and the scan finishes with what it has. Any answer that arrives
 * in time ends the run; other failures (a reset, a refused connection) neither count nor reset.
 */
import type { NetError } from '../../evidence/types.js';

/** Consecutive timeouts on one origin after which its remaining requests are not sent. */
export const DEFAULT_STOP_AFTER_TIMEOUTS = 3;

/** How the error message starts, in the words every format shows. */
const STOPPED_ANSWERING = 'the server stopped answering';

export class StoppedAnswering {
  readonly #after: number;
  readonly #runs = new Map<string, number>();
  readonly #stopped = new Map<string, NetError>();

  /** @param after consecutive timeouts that stop an origin; 0 never stops one */
  constructor(after: number) {
    this.#after = Math.max(0, Math.floor(after));
  }

  /** The error to record instead of sending to `origin`, or null when it may be sent. */
  refusal(origin: string): NetError | null {
    return this.#stopped.get(origin) ?? null;
  }

  /** A finished exchange: a timeout extends the origin's run, an answer in time ends it. */
  observe(origin: string, outcome: { readonly error?: NetError; readonly response?: unknown }): void {
    if (this.#after === 0 || this.#stopped.has(origin)) return;
    if (outcome.error?.code === 'timeout') {
      const run = (this.#runs.get(origin) ?? 0) + 1;
      this.#runs.set(origin, run);
      if (run >= this.#after) {
        this.#stopped.set(origin, {
          code: 'stopped-answering',
          message: `${STOPPED_ANSWERING} (${run} requests in a row to ${origin} timed out); not sent`,
        });
      }
    } else if (outcome.response !== undefined && outcome.error === undefined) {
      this.#runs.delete(origin);
    }
  }
}
