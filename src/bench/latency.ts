/**
 * Latency: the fixture server behind a proxy adding a fixed delay per request; compares the scan's
 * wall time with its critical path (round trips × delay), with the fully sequential scan of the same
 * requests, and with what the per-origin limiter predicts.
 */
import { startFixtureServer } from '../demo/fixture-server.js';
import type { CheckResult } from '../checks/define-check.js';
import type { HttpExchange } from '../evidence/types.js';
import { scan } from '../index.js';
import { buildGraph, criticalPath, observedWaves, simulate } from './critical-path.js';
import type { GraphNode, WhatIf } from './critical-path.js';
import type { BenchSection } from './format.js';
import { median, ms, progress, ratio } from './format.js';
import { startLatencyProxy } from './latency-proxy.js';
import { matchTrace } from './trace-match.js';
import { DEFAULT_CONCURRENCY } from '../probe/http/client.js';

export const LATENCY_GOAL = 1.3;
const CLIENT_LIMIT = DEFAULT_CONCURRENCY;
const WHAT_IF_LIMITS = [CLIENT_LIMIT, 6];
const WHAT_IFS: readonly { label: string; whatIf: WhatIf }[] = [
  { label: 'as is', whatIf: {} },
  { label: 'cleanup DELETEs beside p.delete', whatIf: { parallelCleanup: true } },
  { label: 's.get after p.initialized, own slot', whatIf: { earlyGet: true } },
  { label: 'both', whatIf: { parallelCleanup: true, earlyGet: true } },
];

interface CaseResult {
  readonly label: string;
  readonly wallMs: number;
  readonly walls: readonly number[];
  readonly requests: number;
  readonly proxied: number;
  readonly matched: number;
  /** Check verdicts that differ between the direct scan and the proxied ones. */
  readonly differing: readonly string[];
  readonly roundTrips: number;
  readonly chain: readonly string[];
  readonly pathMs: number;
  readonly windowMs: number;
  readonly sequentialMs: number;
  readonly waves: number;
  readonly predicted: ReadonlyMap<number, number>;
  readonly whatIfs: readonly { readonly label: string; readonly at: readonly number[] }[];
  readonly unmodelled: readonly string[];
  /** Requests per stage of the dependency graph, in graph order. */
  readonly widths: string;
}

async function runCase(
  label: string,
  getMode: 'sse' | '405',
  delayMs: number,
  runs: number,
): Promise<CaseResult> {
  const fixture = await startFixtureServer({ getMode });
  const proxy = await startLatencyProxy(fixture.origin, delayMs);
  try {
    // Warm the JIT and the module graph without the proxy; its verdicts check that the proxy is transparent.
    const direct = verdicts((await scan({ url: fixture.url, allowPrivate: true })).results);
    const samples: {
      wall: number;
      exchanges: readonly HttpExchange[];
      proxied: number;
      waves: number;
      differing: readonly string[];
      order: ReadonlyMap<string, number>;
    }[] = [];
    for (let r = 0; r < runs; r++) {
      proxy.resetTrace();
      const t0 = performance.now();
      const { evidence, results } = await scan({ url: proxy.url('/mcp'), allowPrivate: true });
      const wall = performance.now() - t0;
      const trace = proxy.trace();
      samples.push({
        wall,
        exchanges: evidence.exchanges,
        proxied: trace.length,
        waves: observedWaves(trace),
        differing: [...verdicts(results)].filter(([k, v]) => direct.get(k) !== v).map(([k]) => k),
        order: new Map([...matchTrace(evidence.exchanges, trace)].map(([id, t]) => [id, trace.indexOf(t)])),
      });
      progress(`latency ${label}: run ${r + 1}/${runs} ${ms(wall)}, ${evidence.exchanges.length} requests`);
    }
    const walls = samples.map((s) => s.wall);
    const mid = median(walls);
    const pick = samples.reduce((a, b) => (Math.abs(b.wall - mid) < Math.abs(a.wall - mid) ? b : a));
    const sendOrder = (x: HttpExchange): number | undefined => pick.order.get(x.id);
    const graph = buildGraph(pick.exchanges, {}, sendOrder);
    const path = criticalPath(graph);
    // A node far above one round trip is a held-open stream read for its window.
    const windowMs = path.nodes.reduce(
      (w, n) => Math.max(w, n.costMs > 4 * delayMs ? n.costMs - delayMs : 0),
      0,
    );
    const predicted = new Map<number, number>();
    for (const slots of [CLIENT_LIMIT, 6, 8, Infinity]) predicted.set(slots, simulate(graph, slots));
    const whatIfs = WHAT_IFS.map(({ label, whatIf }) => {
      const g = buildGraph(pick.exchanges, whatIf, sendOrder);
      return { label, at: WHAT_IF_LIMITS.map((n) => simulate(g, n)) };
    });
    return {
      label,
      wallMs: mid,
      walls,
      requests: pick.exchanges.length,
      proxied: pick.proxied,
      matched: pick.order.size,
      differing: [...new Set(samples.flatMap((x) => x.differing))],
      roundTrips: path.nodes.length,
      chain: path.nodes.map((n) => n.probe),
      pathMs: path.lengthMs,
      windowMs,
      sequentialMs: pick.exchanges.reduce((s, x) => s + x.durationMs, 0),
      waves: pick.waves,
      predicted,
      whatIfs,
      unmodelled: path.unmodelled,
      widths: stageWidths(graph),
    };
  } finally {
    await proxy.close();
    await fixture.close();
  }
}

function verdicts(results: readonly CheckResult[]): Map<string, string> {
  return new Map(results.map((r) => [`${r.checkId}${r.key ? `/${r.key}` : ''}@${r.location}`, r.status]));
}

function stageWidths(graph: readonly GraphNode[]): string {
  const counts = new Map<string, number>();
  for (const n of graph) counts.set(n.stage, (counts.get(n.stage) ?? 0) + 1);
  return [...counts].map(([stage, n]) => `${stage} ${n}`).join(', ');
}

const limitLabel = (n: number): string => (Number.isFinite(n) ? String(n) : '∞');

function describe(c: CaseResult, delayMs: number): string[] {
  const rt = c.roundTrips * delayMs;
  const replayed = c.predicted.get(CLIENT_LIMIT) ?? Number.NaN;
  const predicted = [...c.predicted].map(([n, t]) => `${limitLabel(n)} → ${ms(t)}`).join(', ');
  return [
    `${c.label}: wall ${ms(c.wallMs)} (median of ${c.walls.map(ms).join(', ')})`,
    `  requests ${c.requests} (proxy saw ${c.proxied}, ${c.matched} matched to exchanges for the send order); sequential Σ durationMs ${ms(c.sequentialMs)} → speedup ${ratio(c.sequentialMs / c.wallMs)}`,
    `  critical path ${c.roundTrips} round trips = ${ms(rt)}` +
      (c.windowMs > 0 ? ` + stream window ${ms(c.windowMs)}` : '') +
      `; weighted length ${ms(c.pathMs)}: ${c.chain.join(' → ')}`,
    `  wall ÷ (round trips × ${delayMs} ms) = ${ratio(c.wallMs / rt)}` +
      (c.windowMs > 0 ? `; wall ÷ (that + window) = ${ratio(c.wallMs / (rt + c.windowMs))}` : '') +
      `; wall ÷ weighted path = ${ratio(c.wallMs / c.pathMs)}`,
    `  requests per stage: ${c.widths}`,
    c.differing.length
      ? `  WARNING: check verdicts differ through the proxy: ${c.differing.join(', ')}`
      : '  proxy transparent: every check verdict matches the direct scan',
    `  observed sequential waves at the proxy: ${c.waves} (dependencies + limiter queueing)`,
    `  limiter replay of the same graph, per-origin slots: ${predicted} (actual ${ms(c.wallMs)} at ${CLIENT_LIMIT})`,
    ...(Math.abs(replayed / c.wallMs - 1) > 0.15
      ? [
          `  WARNING: the replay at ${CLIENT_LIMIT} is off by >15%: the dependency model may be stale (src/probe changed?)`,
        ]
      : []),
    `  what-if replays (slots ${WHAT_IF_LIMITS.join(' / ')}): ` +
      c.whatIfs.map((w) => `${w.label} ${w.at.map(ms).join(' / ')}`).join('; '),
    ...(c.unmodelled.length
      ? [`  unmodelled probes (treated as after the ladder): ${c.unmodelled.join(', ')}`]
      : []),
  ];
}

export async function latencyBench(delayMs = 100, runs = 3): Promise<BenchSection> {
  const open = await runCase('fixture getMode=sse (GET stream held open)', 'sse', delayMs, runs);
  const closed = await runCase('fixture getMode=405 (no GET stream)', '405', delayMs, runs);
  const rt = (c: CaseResult): number => c.roundTrips * delayMs;
  const at = (c: CaseResult, n: number): string => ms(c.predicted.get(n) ?? Number.NaN);
  return {
    details: [
      `Method: a proxy adds ${delayMs} ms before forwarding each request. HttpExchange has no start time, so the`,
      'critical path is the longest chain in the dependency graph of the orchestrator (ladder → initialized →',
      'init2/lists → session probes → cleanup DELETEs → DELETE → reuse; Origin probes beside the session chain),',
      "keyed by probe ID, each node costing its exchange's durationMs (measured after the limiter). The same graph",
      'replayed through a FIFO limiter (ties in send order, from the proxy trace) predicts the wall time per',
      'concurrency limit; the proxy trace also gives the observed waves (longest chain of requests each sent',
      'after the previous one ended). Sequential = Σ durationMs (every request one after another, windows included).',
      '',
      ...describe(open, delayMs),
      ...describe(closed, delayMs),
    ],
    rows: [
      {
        measurement: `latency, no GET stream: wall ÷ (${closed.roundTrips} RT × ${delayMs} ms)`,
        value: `${ms(closed.wallMs)} / ${ms(rt(closed))}`,
        ratio: ratio(closed.wallMs / rt(closed)),
        goal: `≤ ${LATENCY_GOAL}`,
      },
      {
        measurement: `latency, GET open: wall ÷ (${open.roundTrips} RT × ${delayMs} ms + ${ms(open.windowMs)} window)`,
        value: `${ms(open.wallMs)} / ${ms(rt(open) + open.windowMs)}`,
        ratio: ratio(open.wallMs / (rt(open) + open.windowMs)),
        goal: `≤ ${LATENCY_GOAL}`,
      },
      {
        measurement: `latency, GET open: wall ÷ (${open.roundTrips} RT × ${delayMs} ms), window left out`,
        value: `${ms(open.wallMs)} / ${ms(rt(open))}`,
        ratio: ratio(open.wallMs / rt(open)),
        goal: '-',
      },
      {
        measurement: 'requests per scan (GET open / no GET stream)',
        value: `${open.requests} / ${closed.requests}`,
        ratio: '-',
        goal: '-',
      },
      {
        measurement: 'speedup vs sequential scan, no GET stream',
        value: `${ms(closed.sequentialMs)} / ${ms(closed.wallMs)}`,
        ratio: ratio(closed.sequentialMs / closed.wallMs),
        goal: '-',
      },
      {
        measurement: 'speedup vs sequential scan, GET open',
        value: `${ms(open.sequentialMs)} / ${ms(open.wallMs)}`,
        ratio: ratio(open.sequentialMs / open.wallMs),
        goal: '-',
      },
    ],
    interpretation: [
      `latency: the per-origin limit of ${CLIENT_LIMIT} turns ${closed.roundTrips} dependent round trips into ${closed.waves} ` +
        `observed waves (requests per stage: ${closed.widths}); replaying the same graph predicts ` +
        `${at(closed, CLIENT_LIMIT)} at ${CLIENT_LIMIT} slots, ${at(closed, 6)} at 6, ${at(closed, 8)} at 8, ` +
        `${at(closed, Infinity)} unlimited (no GET stream).`,
      `latency, GET open: the ${ms(open.windowMs)} GET window sits on the critical path and holds one of the ` +
        `${CLIENT_LIMIT} slots meanwhile; it dominates the scan (${ms(open.wallMs)} of which ≥ ${ms(open.windowMs)} is waiting).`,
    ],
  };
}
