/**
 * A launched child's first sign of life: its first byte on stdout or stderr. The era-probe window
 * (./era-probe.ts) is measured from it, so a server that needs long to start on a loaded machine
 * is not judged silent while it is still loading.
 */
export class FirstOutput {
  /** Milliseconds from the launch to the first byte; null until then. */
  private atMs: number | null = null;
  private waiters: (() => void)[] = [];

  /** A chunk arrived on stdout or stderr, `ms` after the launch. */
  mark(ms: number): void {
    if (this.atMs !== null) return;
    this.atMs = ms;
    this.release();
  }

  /** The process ended or could not start: waiting ends. */
  release(): void {
    this.waiters.splice(0).forEach((w) => w());
  }

  /** Resolves with the first byte's time, or null when `ms` pass without one (or waiting was released). */
  wait(ms: number, ended: boolean): Promise<number | null> {
    if (this.atMs !== null || ended) return Promise.resolve(this.atMs);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve(this.atMs);
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.waiters.push(done);
    });
  }
}
