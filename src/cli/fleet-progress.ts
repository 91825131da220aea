/**
 * Fleet progress on stderr. On a terminal: a live bar from `cli-progress` (well kept, small,
 * no native parts; it redraws in place, computes the ETA and leaves the line when stopped)
 * with done, failed and in-flight counts. Elsewhere (CI logs): one plain line every
 * `intervalMs`, and a last one at the end, so a log shows progress without a redraw per scan.
 */
import type { FleetCounts } from '../fleet/runner.js';
import type { RunProgress } from '../run/run-targets.js';
import type { FleetScanOptions } from './fleet-options.js';

const seconds = (ms: number): string => {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 120 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
};

/** Remaining time from the pace so far; null until a target is done. */
export function etaMs(c: FleetCounts, elapsedMs: number): number | null {
  return c.done === 0 ? null : (elapsedMs / c.done) * Math.max(0, c.total - c.done);
}

export function plainLine(c: FleetCounts, elapsedMs: number): string {
  const eta = etaMs(c, elapsedMs);
  return (
    `fleet: ${c.done}/${c.total} done, ${c.failed} failed, ${c.inFlight} in flight` +
    (c.backingOff ? `, ${c.backingOff} backing off after 429` : '') +
    `, ${seconds(elapsedMs)} elapsed` +
    (eta === null || c.done === c.total ? '' : `, ETA ${seconds(eta)}`)
  );
}

export function plainProgress(
  write: (s: string) => void,
  intervalMs = 10_000,
  now = () => Date.now(),
): RunProgress {
  const t0 = now();
  let last = t0;
  return {
    update(c) {
      if (now() - last < intervalMs) return;
      last = now();
      write(`${plainLine(c, last - t0)}\n`);
    },
    stop(c) {
      write(`${plainLine(c, now() - t0)}\n`);
    },
  };
}

export async function ttyProgress(stream: NodeJS.WriteStream, total: number): Promise<RunProgress> {
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format:
        'scanning [{bar}] {value}/{total} | failed {failed} | in flight {inflight}{backoff} | ETA {eta_formatted}',
      barsize: 30,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const payload = (c: FleetCounts) => ({
    failed: c.failed,
    inflight: c.inFlight,
    backoff: c.backingOff ? ` | backing off ${c.backingOff}` : '',
  });
  bar.start(total, 0, payload({ total, done: 0, failed: 0, inFlight: 0, backingOff: 0 }));
  return {
    update(c) {
      bar.update(c.done, payload(c));
    },
    stop(c) {
      bar.update(c.done, payload(c));
      bar.stop();
    },
  };
}

export const silentProgress: RunProgress = { update: () => undefined, stop: () => undefined };

/** The run's progress on stderr: a bar on a terminal, lines in a log, nothing with --no-progress. */
export function progressDisplay(f: FleetScanOptions): (total: number) => Promise<RunProgress> {
  return async (total) => {
    if (!f.progress) return silentProgress;
    if (process.stderr.isTTY) return ttyProgress(process.stderr, total);
    return plainProgress((s) => process.stderr.write(s));
  };
}
