/**
 * Latency: the fixture server, and an OAuth-protected SDK 1.x resource server with oidc-provider,
 * behind proxies adding a fixed delay per request; compares the scan's wall time with its critical
 * path (round trips × delay), with the fully sequential scan of the same requests, and with what
 * the per-origin limiter predicts.
 */
import type { CheckResult } from '../checks/define-check.js';
import type { HttpExchange } from '../evidence/types.js';
import { scan } from '../api.js';
import { buildGraph, criticalPath, observedWaves, simulate } from './critical-path.js';
import type { GraphNode, WhatIf } from './critical-path.js';
import type { BenchSection } from './format.js';
import { median, ms, progress, ratio } from './format.js';
import type { LatencyProxy, TraceEntry } from './latency-proxy.js';
import { fixtureTarget, oauthTarget } from './latency-targets.js';
import type { LatencyTarget } from './latency-targets.js';
import { matchTrace } from './trace-match.js';
import { DEFAULT_CONCURRENCY } from '../probe/http/client.js';

export const LATENCY_GOAL = 1.3;
const CLIENT_LIMIT = DEFAULT_CONCURRENCY;
const WHAT_IF_LIMITS = [CLIENT_LIMIT, 6];
const WHAT_IFS: readonly { label: string; whatIf: WhatIf }[] = [
  { label: 'as coded', whatIf: {} },
  {
    label:
      'as before (s.get among the session probes, s.cursor after s.tool.unknown, cleanup before p.delete)',
    whatIf: { sessionBarriers: true },
  },
];
/** The OAuth chain: the rounds as coded, the PRM requests ahead of the Origin probes, both. */
const AUTH_CODED: WhatIf = { prmFirst: true };
const AUTH_WHAT_IFS: readonly { label: string; whatIf: WhatIf }[] = [
  { label: 'as coded (PRM first, each round starts when its input is in)', whatIf: AUTH_CODED },
  { label: 'PRM in issue order', whatIf: {} },
  { label: 'as before (PRM in issue order, round 2 after all of round 1)', whatIf: { authBarriers: true } },
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
  /** The requests of the median run, in waves of arrival at the proxies. */
  readonly timeline: readonly string[];
}

const originOf = (url: string): string => (URL.canParse(url) ? new URL(url).origin : url);

/** Every proxy's trace on one clock (ms since the first proxy started), in arrival order. */
function combinedTrace(proxies: readonly LatencyProxy[]): TraceEntry[] {
  const zero = Math.min(...proxies.map((p) => p.startedAt));
  return proxies
    .flatMap((p) =>
      p.trace().map((t) => {
        const shift = p.startedAt - zero;
        return { ...t, arrived: t.arrived + shift, ended: t.ended === null ? null : t.ended + shift };
      }),
    )
    .sort((a, b) => a.arrived - b.arrived);
}

/**
 * When each request reached its proxy, grouped in waves (a new wave when a request arrives more
 * than half a delay after the wave began): which probes went out together, on which origin.
 */
function timeline(
  exchanges: readonly HttpExchange[],
  arrival: ReadonlyMap<string, number>,
  t0: number,
  delayMs: number,
): string[] {
  const origins: string[] = [];
  const originTag = (url: string): string => {
    const o = originOf(url);
    if (!origins.includes(o)) origins.push(o);
    return `o${origins.indexOf(o) + 1}`;
  };
  const sent = exchanges
    .filter((x) => arrival.has(x.id))
    .map((x) => ({ x, at: arrival.get(x.id)! - t0 }))
    .sort((a, b) => a.at - b.at);
  const waves: { at: number; items: string[] }[] = [];
  for (const { x, at } of sent) {
    const last = waves[waves.length - 1];
    const item = `${originTag(x.request.url)} ${x.probe}`;
    if (last && at - last.at <= delayMs / 2) last.items.push(item);
    else waves.push({ at, items: [item] });
  }
  const squash = (items: readonly string[]): string => {
    const counts = new Map<string, number>();
    for (const i of items) counts.set(i, (counts.get(i) ?? 0) + 1);
    return [...counts].map(([i, n]) => (n > 1 ? `${i} ×${n}` : i)).join(', ');
  };
  return [
    `    origins: ${origins.map((o, i) => `o${i + 1} = ${o}`).join(', ')}`,
    ...waves.map(
      (w) => `    +${String(Math.round(w.at)).padStart(5)} ms (${w.items.length}): ${squash(w.items)}`,
    ),
  ];
}

async function runCase(
  start: (delayMs: number) => Promise<LatencyTarget>,
  delayMs: number,
  runs: number,
  whatIfs: readonly { label: string; whatIf: WhatIf }[] = WHAT_IFS,
  /** The orchestrator as coded, where it waits for more than a request needs (the limiter replay). */
  coded: WhatIf = {},
): Promise<CaseResult> {
  const target = await start(delayMs);
  const label = target.label;
  try {
    // Warm the JIT and the module graph; its verdicts check that the proxy is transparent. Without
    // a direct URL (servers that name the proxies' origins), the warm-up goes through the proxies
    // with no added delay.
    const delays = (ms: number) => target.proxies.forEach((p) => p.setDelay(ms));
    if (target.directUrl === null) delays(0);
    const direct = verdicts(
      (await scan({ url: target.directUrl ?? target.url, allowPrivate: true })).results,
    );
    delays(delayMs);
    const samples: {
      wall: number;
      exchanges: readonly HttpExchange[];
      proxied: number;
      waves: number;
      differing: readonly string[];
      order: ReadonlyMap<string, number>;
      timeline: readonly string[];
    }[] = [];
    for (let r = 0; r < runs; r++) {
      target.proxies.forEach((p) => p.resetTrace());
      const t0 = performance.now();
      const { evidence, results } = await scan({ url: target.url, allowPrivate: true });
      const wall = performance.now() - t0;
      // Matched per proxy (each sees one origin), ordered on one clock.
      const trace = combinedTrace(target.proxies);
      const arrival = new Map<string, number>();
      for (const p of target.proxies) {
        // Each proxy saw one origin's requests only.
        const mine = evidence.exchanges.filter((x) => originOf(x.request.url) === p.origin);
        for (const [id, t] of matchTrace(mine, p.trace())) arrival.set(id, p.startedAt + t.arrived);
      }
      const sorted = [...arrival].sort((a, b) => a[1] - b[1]).map(([id]) => id);
      samples.push({
        wall,
        exchanges: evidence.exchanges,
        proxied: trace.length,
        waves: observedWaves(trace),
        differing: [...verdicts(results)].filter(([k, v]) => direct.get(k) !== v).map(([k]) => k),
        order: new Map(sorted.map((id, i) => [id, i])),
        timeline: timeline(evidence.exchanges, arrival, t0, delayMs),
      });
      progress(`latency ${label}: run ${r + 1}/${runs} ${ms(wall)}, ${evidence.exchanges.length} requests`);
    }
    const walls = samples.map((s) => s.wall);
    const mid = median(walls);
    const pick = samples.reduce((a, b) => (Math.abs(b.wall - mid) < Math.abs(a.wall - mid) ? b : a));
    const sendOrder = (x: HttpExchange): number | undefined => pick.order.get(x.id);
    // The critical path: what each request needs. The replay: the code as it is.
    const path = criticalPath(buildGraph(pick.exchanges, {}, sendOrder));
    const graph = buildGraph(pick.exchanges, coded, sendOrder);
    // A node far above one round trip is a held-open stream read for its window.
    const windowMs = path.nodes.reduce(
      (w, n) => Math.max(w, n.costMs > 4 * delayMs ? n.costMs - delayMs : 0),
      0,
    );
    const predicted = new Map<number, number>();
    for (const slots of [CLIENT_LIMIT, 6, 8, Infinity]) predicted.set(slots, simulate(graph, slots));
    const replays = whatIfs.map(({ label, whatIf }) => {
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
      whatIfs: replays,
      unmodelled: path.unmodelled,
      widths: stageWidths(graph),
      timeline: pick.timeline,
    };
  } finally {
    await target.close();
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
    '  requests of the median run, in waves of arrival at the proxies:',
    ...c.timeline,
  ];
}

export async function latencyBench(delayMs = 100, runs = 3): Promise<BenchSection> {
  const open = await runCase((d) => fixtureTarget('sse', d), delayMs, runs);
  const closed = await runCase((d) => fixtureTarget('405', d), delayMs, runs);
  const oauth = await runCase((d) => oauthTarget(d), delayMs, runs, AUTH_WHAT_IFS, AUTH_CODED);
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
      'The OAuth case has a proxy per origin (resource server, authorization server); its critical path follows',
      'what each request needs (401 → PRM → AS metadata → registration probe), its replay the order as coded.',
      '',
      ...describe(open, delayMs),
      ...describe(closed, delayMs),
      ...describe(oauth, delayMs),
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
        measurement: `latency, OAuth (RS + AS, no token): wall ÷ (${oauth.roundTrips} RT × ${delayMs} ms)`,
        value: `${ms(oauth.wallMs)} / ${ms(rt(oauth))}`,
        ratio: ratio(oauth.wallMs / rt(oauth)),
        goal: `≤ ${LATENCY_GOAL}`,
      },
      {
        measurement: 'requests per scan (GET open / no GET stream / OAuth)',
        value: `${open.requests} / ${closed.requests} / ${oauth.requests}`,
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
      `latency, GET open: the ${ms(open.windowMs)} GET window (a few round trips after its headers, at most ` +
        `500 ms) runs from p.initialized on, beside the rest of the session, and holds one of the ${CLIENT_LIMIT} ` +
        `slots meanwhile (${ms(open.wallMs)} in all). Session chain as coded against as before: ` +
        closed.whatIfs.map((w) => `${w.label} ${ms(w.at[0] ?? Number.NaN)}`).join('; ') +
        ' (no GET stream, replayed).',
      `latency, OAuth: ${oauth.requests} requests, critical path ${oauth.roundTrips} (${oauth.chain.join(' → ')}), ` +
        `${oauth.waves} observed waves; replays at ${CLIENT_LIMIT} slots: ` +
        oauth.whatIfs.map((w) => `${w.label} ${ms(w.at[0] ?? Number.NaN)}`).join('; ') +
        '. The PRM fetches are issued first and served ahead of queued requests, and the AS metadata starts as ' +
        'soon as the PRM it reads is in.',
    ],
  };
}
