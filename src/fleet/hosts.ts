/**
 * Politeness per host: at most `perHost` scans of one host at a time, and after a 429 no new
 * scan of that host until its cool-down ends. A host is the URL's host (name and port): the
 * unit a server operator rate-limits. The scheduler asks `ready(host)` before starting a scan.
 */

export class HostGate {
  readonly #perHost: number;
  readonly #active = new Map<string, number>();
  readonly #coolUntil = new Map<string, number>();

  constructor(perHost: number) {
    this.#perHost = Math.max(1, Math.floor(perHost));
  }

  /** 0 when a scan of `host` may start now, else the ms until it may (Infinity: wait for a release). */
  waitFor(host: string, now: number): number {
    const cool = this.#coolUntil.get(host);
    if (cool !== undefined && cool > now) return cool - now;
    if (cool !== undefined) this.#coolUntil.delete(host);
    return (this.#active.get(host) ?? 0) < this.#perHost ? 0 : Infinity;
  }

  acquire(host: string): void {
    this.#active.set(host, (this.#active.get(host) ?? 0) + 1);
  }

  release(host: string): void {
    const n = (this.#active.get(host) ?? 1) - 1;
    if (n <= 0) this.#active.delete(host);
    else this.#active.set(host, n);
  }

  /** The host said 429: hold every new scan of it until `until` (the later of two holds wins). */
  coolDown(host: string, until: number): void {
    this.#coolUntil.set(host, Math.max(until, this.#coolUntil.get(host) ?? 0));
  }
}

export function hostOf(url: string): string {
  return new URL(url).host;
}
