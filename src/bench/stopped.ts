/**
 * A server that stops answering (docs/performance.md#a-server-that-stops-answering): one CLI scan,
 * default options, of each hostile shape that answers the handshake and then holds or drips every
 * other request, and of one that drips its headers from the start. The wall time, process start
 * included, against the goal; the probes cut after the timeouts in a row, as the JSON report lists them.
 */
import type { BenchRow, BenchSection } from './format.js';
import { ms, progress } from './format.js';
import { runCli } from './child-scan.js';
import { openFixtureRunner } from './test-fixtures.js';

/** Issue 25 item 3: a scan of a server that went silent ends within this, default options. */
export const STOPPED_GOAL_MS = 20_000;

const SHAPES = {
  'hangs-after-handshake': 'answers initialize, then holds every request without a byte',
  'drips-after-handshake': 'answers initialize, then drips every answer at 1 byte/s',
  'drip-headers': 'drips its status line and headers at 1 byte/s from the first request',
} as const;

interface HostileModule {
  startHostileServer(name: string): Promise<{ readonly url: string; close(): Promise<void> }>;
}

interface Seen {
  readonly exchanges?: readonly { readonly error?: { readonly code: string } }[];
  readonly target?: { readonly notSent?: { readonly count: number; readonly detail: string } };
}

export async function stoppedBench(): Promise<BenchSection> {
  const runner = await openFixtureRunner();
  const rows: BenchRow[] = [];
  const details: string[] = [];
  try {
    const hostile = await runner.load<HostileModule>('test/fixtures/servers/hostile.ts');
    for (const [name, what] of Object.entries(SHAPES)) {
      const server = await hostile.startHostileServer(name);
      progress(`stopped: ${name}`);
      const run = await runCli(['scan', server.url, '--format', 'json']).finally(() => server.close());
      let seen: Seen = {};
      try {
        seen = JSON.parse(run.stdout) as Seen;
      } catch {
        seen = {};
      }
      const xs = seen.exchanges ?? [];
      const timedOut = xs.filter((x) => x.error?.code === 'timeout').length;
      const cut = xs.filter((x) => x.error?.code === 'stopped-answering').length;
      rows.push({
        measurement: `a server that ${what}: scan wall time, default options`,
        value: `${ms(run.wallMs)}, exit ${String(run.code)}`,
        ratio: '-',
        goal: `<= ${ms(STOPPED_GOAL_MS)}`,
        pass: run.wallMs <= STOPPED_GOAL_MS,
      });
      details.push(
        `  ${name.padEnd(22)} ${ms(run.wallMs).padStart(7)}  ${xs.length} exchanges, ${timedOut} timed out, ` +
          `${cut} not sent${seen.target?.notSent ? ` (${seen.target.notSent.detail})` : ''}`,
      );
    }
  } finally {
    await runner.close();
  }
  return {
    details: [
      'Stopped answering: one CLI scan per shape (process start included), default options (10 s per request); ' +
        'after three timeouts in a row on one origin the remaining requests are not sent.',
      ...details,
    ],
    rows,
    interpretation: [
      'stopped: a server that answers the handshake and then goes silent costs one request timeout: when ' +
        'server/discover has no answer a grace after the initialize answers, the session and its listings start ' +
        'without it (the head start), time out beside it and trip the stop; the probes after them are not sent.',
    ],
  };
}
