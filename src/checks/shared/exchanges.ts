/**
 * Readers of the recorded exchanges that checks of every family share: the exchange behind a
 * reply, its response headers, whether a request carried credentials, a probe's exchanges.
 * They read only `exchanges`, so a check that uses them requires that section.
 */
import type { Evidence, Exchange, ExchangeId, Probe } from '../../evidence/types.js';

/** What these readers need of the evidence. */
export type WithExchanges = Pick<Evidence, 'exchanges'>;

/** The recorded exchange, for reading what the typed evidence does not keep (bodies, headers). */
export function exchangeOf(ev: WithExchanges, id: ExchangeId): Exchange | undefined {
  return ev.exchanges.find((x) => x.id === id);
}

/** Every value of a response header (lower-case name), or none. */
export function responseHeader(ev: WithExchanges, id: ExchangeId, name: string): readonly string[] {
  return exchangeOf(ev, id)?.response?.headers[name] ?? [];
}

/** The request carried an `Authorization` header (recorded redacted, so only its presence is known). */
export function sentCredentials(ev: WithExchanges, id: ExchangeId): boolean {
  const x = exchangeOf(ev, id);
  return x !== undefined && Object.keys(x.request.headers).some((h) => h.toLowerCase() === 'authorization');
}

/** The exchanges a probe recorded (none when it was skipped). */
export function probeExchanges(p: Probe<unknown>): readonly ExchangeId[] {
  return p.kind === 'skipped' ? [] : p.exchanges;
}
