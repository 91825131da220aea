/**
 * A local (stdio) server's exchanges in the report: each request the scanner wrote and the line
 * that answered it, so the exchange IDs results cite (`x2`, the fallback `initialize`) resolve in
 * every format, as an HTTP scan's do. Read from the launches' transcripts (already redacted and
 * cut to the excerpt limit); a line past the recording cap is said to be unrecorded.
 */
import type { Evidence, ExchangeId, NetError, StdioLaunch } from '../evidence/types.js';

/** One request written to a local server and its answer. */
export interface StdioExchangeView {
  readonly id: ExchangeId;
  readonly probe: string;
  readonly purpose: string;
  /** The launch it went to: `x.launch` (the era probe) or `x.launch.legacy`. */
  readonly launch: string;
  /** The line written to the server's stdin; null when past the recording cap. */
  readonly request: string | null;
  /** The line that answered it; null when nothing answered (or it was not recorded). */
  readonly response: string | null;
  readonly error?: NetError;
  readonly durationMs: number;
}

function lineText(launch: StdioLaunch, seq: number | null): string | null {
  if (seq === null) return null;
  return launch.lines.find((l) => l.seq === seq)?.text ?? null;
}

export function stdioExchangesOf(ev: Pick<Evidence, 'stdio'>): StdioExchangeView[] {
  return (ev.stdio?.launches ?? []).flatMap((launch) =>
    launch.exchanges.map((x) => ({
      id: x.id,
      probe: x.probe,
      purpose: x.purpose,
      launch: launch.probe,
      request: lineText(launch, x.sent),
      response: lineText(launch, x.answer),
      ...(x.error ? { error: x.error } : {}),
      durationMs: x.durationMs,
    })),
  );
}

/** Requests the scan sent: over HTTP, or written to a local server. */
export function requestCount(report: {
  readonly exchanges: readonly unknown[];
  readonly stdioExchanges?: readonly unknown[];
}): number {
  return report.exchanges.length + (report.stdioExchanges?.length ?? 0);
}

/** `35 requests`, or for a local server `12 stdio messages` (its requests travel over stdin). */
export function trafficWords(report: Parameters<typeof requestCount>[0] & ScopeOf): string {
  const n = requestCount(report);
  if (report.target.transport !== 'stdio') return `${n} ${n === 1 ? 'request' : 'requests'}`;
  return `${n} stdio ${n === 1 ? 'message' : 'messages'}`;
}

interface ScopeOf {
  readonly target: { readonly transport: string | null; readonly scope: string };
}

/** Where the target runs: the address scope of an HTTP target, `local process` for a stdio one. */
export function scopeWords(report: ScopeOf): string {
  return report.target.transport === 'stdio' ? 'local process' : report.target.scope;
}
