interface Waiter {
  readonly grant: () => void;
  readonly priority: boolean;
}

/**
 * Per-key (origin) concurrency limit with a FIFO queue, so one origin is never flooded. A
 * priority waiter (a request the rest of the scan waits on, or a quiet stream read for its
 * settle wait) goes ahead of the ordinary ones, first come first served among its kind.
 */
export class KeyedLimiter {
  readonly #limit: number;
  readonly #active = new Map<string, number>();
  readonly #queues = new Map<string, Waiter[]>();

  constructor(limit: number) {
    this.#limit = Math.max(1, Math.floor(limit));
  }

  /**
   * A release function when a slot for `key` is free now, else null (nothing queued). A slot is
   * only ever free when nobody waits for it: a release hands its slot to the first waiter.
   */
  tryAcquire(key: string): (() => void) | null {
    const active = this.#active.get(key) ?? 0;
    if (active >= this.#limit) return null;
    this.#active.set(key, active + 1);
    return this.#releaser(key);
  }

  /**
   * Resolves with a release function once a slot for `key` is free, or with null when
   * `signal` aborts first (the waiter leaves the queue).
   */
  async acquire(key: string, signal?: AbortSignal, priority = false): Promise<(() => void) | null> {
    if (signal?.aborted) return null;
    const active = this.#active.get(key) ?? 0;
    if (active < this.#limit) {
      this.#active.set(key, active + 1);
    } else {
      const granted = await new Promise<boolean>((resolve) => {
        const queue = this.#queues.get(key) ?? [];
        const onAbort = (): void => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          resolve(false);
        };
        const grant = (): void => {
          signal?.removeEventListener('abort', onAbort);
          resolve(true);
        };
        const waiter: Waiter = { grant, priority };
        const firstOrdinary = priority ? queue.findIndex((w) => !w.priority) : -1;
        if (firstOrdinary >= 0) queue.splice(firstOrdinary, 0, waiter);
        else queue.push(waiter);
        this.#queues.set(key, queue);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      // When granted, the releaser handed its slot straight to us; the count is unchanged.
      if (!granted) return null;
    }
    return this.#releaser(key);
  }

  /** Releases one slot of `key`, once however often it is called. */
  #releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#release(key);
    };
  }

  #release(key: string): void {
    const queue = this.#queues.get(key);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.#queues.delete(key);
    if (next) {
      next.grant();
      return;
    }
    const active = (this.#active.get(key) ?? 1) - 1;
    if (active <= 0) this.#active.delete(key);
    else this.#active.set(key, active);
  }
}
