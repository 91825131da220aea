/**
 * Requests written to a stdio server that await their response, matched by JSON-RPC id: each
 * resolves with the answering message, a timeout, or the reason the process can no longer answer.
 */
import type { JsonRpcId, NetError } from '../../evidence/types.js';

/** A response, or why none will come; `seq` is the stdout line that answered (or was refused). */
export type Answer =
  | { readonly message: Record<string, unknown>; readonly seq: number }
  | { readonly error: NetError; readonly seq?: number };

const idKey = (id: unknown): string => `${typeof id}:${String(id)}`;

export class PendingCalls {
  private readonly waiters = new Map<string, (a: Answer) => void>();

  /** Waits for the response with `id`, at most `timeoutMs`. */
  wait(id: Exclude<JsonRpcId, null>, timeoutMs: number): Promise<Answer> {
    return new Promise((resolve) => {
      const key = idKey(id);
      const timer = setTimeout(
        () => {
          this.waiters.delete(key);
          resolve({ error: { code: 'timeout', message: `no response within ${timeoutMs} ms` } });
        },
        Math.max(0, timeoutMs),
      );
      this.waiters.set(key, (a) => {
        clearTimeout(timer);
        this.waiters.delete(key);
        resolve(a);
      });
    });
  }

  /** A response arrived: the call waiting for its id (if any) gets it. */
  answer(message: Record<string, unknown>, seq: number): void {
    this.waiters.get(idKey(message['id']))?.({ message, seq });
  }

  /** The call waiting for `id` fails (a refused reply, line `seq`); false when none waits for it. */
  fail(id: string | number, error: NetError, seq: number): boolean {
    const waiter = this.waiters.get(idKey(id));
    waiter?.({ error, seq });
    return waiter !== undefined;
  }

  failAll(error: NetError, seq?: number): void {
    for (const w of [...this.waiters.values()]) w(seq === undefined ? { error } : { error, seq });
    this.waiters.clear();
  }
}
