/**
 * The critical path of one scan, from its evidence. HttpExchange has no start time, so the
 * dependency graph comes from the orchestrator's known structure (src/probe/scan.ts and
 * legacy-session.ts), keyed by probe ID: each exchange waits for every exchange of the stages it
 * awaits (a `Promise.all`), list pages chain within their list, and the session-reuse retry waits
 * 500 ms. The OAuth chain (src/probe/auth/probe-auth.ts) is modelled by what each request needs:
 * the protected-resource metadata needs the ladder's 401, the authorization server's metadata
 * needs that document, its registration probe needs that metadata; `authBarriers` replays the
 * rounds as coded instead (round 2 waits for every request of round 1). Node cost = the exchange's own durationMs (timed after the per-origin limiter, so queueing
 * is excluded). The longest path is what unlimited concurrency and zero scanner overhead would take;
 * the same graph replayed through a FIFO limiter of N slots predicts the wall time at that limit.
 */
import type { HttpExchange } from '../evidence/types.js';

type Stage =
  | 'ladder'
  | 'resend'
  | 'origin'
  | 'initialized'
  | 'fanout'
  | 'tool-probes'
  | 'session-probes'
  | 'get'
  | 'cleanup'
  | 'delete'
  | 'reuse'
  | 'origin-cleanup'
  | 'auth-probes'
  | 'auth-prm'
  | 'auth-prm-xfh'
  | 'auth-as'
  | 'auth-as-probes'
  | 'unmodelled';

/**
 * Other orders of the orchestrator, replayed on the same measured costs. `sessionBarriers` is the
 * session chain as it was before issue 16: `s.get` among the safe session probes, `s.cursor`
 * after `s.tool.unknown`, and the extra-session DELETEs before `p.delete`.
 */
export interface WhatIf {
  readonly sessionBarriers?: boolean;
  /** The OAuth rounds as coded: the AS metadata and `s.xfh.prm` wait for every round-1 request. */
  readonly authBarriers?: boolean;
  /** The protected-resource metadata requests take the first free slot (ahead of the Origin probes). */
  readonly prmFirst?: boolean;
}

/** What each stage awaits before it is issued (src/probe/scan.ts, src/probe/legacy-session.ts). */
function awaits(w: WhatIf): Record<Stage, readonly Stage[]> {
  return {
    ladder: [],
    resend: [], // chained to p.discover below
    origin: ['ladder', 'resend'],
    initialized: ['ladder', 'resend'],
    fanout: ['initialized'],
    // s.tool.unknown and s.cursor follow the tools listing (with sessionBarriers, one another).
    'tool-probes': ['fanout'],
    'session-probes': ['fanout', 'tool-probes'],
    // The GET stream is read from p.initialized on (with sessionBarriers, it is a session probe).
    get: ['initialized'],
    cleanup: ['session-probes', 'get'],
    delete: w.sessionBarriers ? ['cleanup', 'session-probes', 'get'] : ['session-probes', 'get'],
    reuse: [], // chained to p.delete below
    'origin-cleanup': [
      'origin',
      'tool-probes',
      'session-probes',
      'get',
      'cleanup',
      'delete',
      'reuse',
      'unmodelled',
    ],
    // The anonymous and crafted-token 401 probes, and the PRM (the 401 names it): after the ladder.
    'auth-probes': ['ladder', 'resend'],
    'auth-prm': ['ladder', 'resend'],
    'auth-prm-xfh': w.authBarriers ? ['auth-probes', 'auth-prm'] : ['auth-prm'],
    'auth-as': w.authBarriers ? ['auth-probes', 'auth-prm'] : ['auth-prm'],
    // Registration probe, signed-metadata keys: read from the AS metadata.
    'auth-as-probes': ['auth-as'],
    unmodelled: ['ladder', 'resend'], // lower bound: modern and HTTP+SSE probes are not modelled
  };
}

const SESSION_PROBES = new Set([
  's.session.none',
  's.session.unknown',
  's.version.bad',
  's.version.none',
  's.batch',
  's.init.bogus',
]);

function stageOf(x: HttpExchange, w: WhatIf): Stage {
  const p = x.probe;
  if (p === 's.get') return w.sessionBarriers ? 'session-probes' : 'get';
  if (p === 's.tool.unknown' || p === 's.cursor') return 'tool-probes';
  if (p === 'p.discover' || p.startsWith('p.init(')) return 'ladder';
  if (p === 'p.discover.resend') return 'resend';
  if (p.startsWith('s.origin.') || p === 's.preflight' || p === 's.host') return 'origin';
  if (p === 'p.initialized') return 'initialized';
  if (p === 'p.init2' || p === 'p.list.baseline' || p.startsWith('p.list(')) return 'fanout';
  if (SESSION_PROBES.has(p)) return 'session-probes';
  if (p === 'p.delete.cleanup') return /origin probe/i.test(x.purpose) ? 'origin-cleanup' : 'cleanup';
  if (p === 'p.delete') return 'delete';
  if (p === 's.session.reuse') return 'reuse';
  if (p === 's.token.garbage' || p === 's.xfh' || p.startsWith('s.methods.noauth(')) return 'auth-probes';
  if (p === 'p.prm') return 'auth-prm';
  if (p === 's.xfh.prm') return 'auth-prm-xfh';
  if (p.startsWith('p.as')) return 'auth-as';
  if (p === 's.dcr.malformed' || p === 'p.prm.jwks' || p === 'p.prm.issuer') return 'auth-as-probes';
  return 'unmodelled';
}

export interface GraphNode {
  readonly id: string;
  readonly probe: string;
  readonly stage: Stage;
  readonly costMs: number;
  /** Indices of the nodes it waits for. */
  readonly deps: readonly number[];
  /** A fixed wait after the deps (the reuse retry's 500 ms). */
  readonly delayMs: number;
  /** Send order: who wins a free limiter slot among nodes ready at the same time. */
  readonly rank: number;
  /** The request's origin: the client limits requests in flight per origin. */
  readonly origin: string;
}

const seq = (id: string): number => Number(id.replace(/^\D+/, ''));

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * @param sendOrder the exchange's position in send order (from the proxy trace); exchange ids are
 *   the fallback, though they may follow the plan rather than the issue order.
 */
export function buildGraph(
  exchanges: readonly HttpExchange[],
  whatIf: WhatIf = {},
  sendOrder: (x: HttpExchange) => number | undefined = () => undefined,
): GraphNode[] {
  const rankOf = (x: HttpExchange): number => sendOrder(x) ?? 1e9 + seq(x.id);
  const xs = [...exchanges].sort((a, b) => rankOf(a) - rankOf(b));
  const stages = xs.map((x) => stageOf(x, whatIf));
  const AWAITS = awaits(whatIf);
  const byStage = (wanted: readonly Stage[]): number[] =>
    stages.flatMap((s, i) => (wanted.includes(s) ? [i] : []));
  const lastOf = (before: number, pred: (x: HttpExchange) => boolean): number[] => {
    for (let j = before - 1; j >= 0; j--) if (pred(xs[j]!)) return [j];
    return [];
  };
  return xs.map((x, i) => {
    const stage = stages[i]!;
    let deps = byStage(AWAITS[stage]).filter((j) => j !== i);
    let delayMs = 0;
    if (stage === 'resend') deps = lastOf(i, (y) => y.probe === 'p.discover');
    if (x.probe.startsWith('p.list(')) {
      // Page n+1 needs page n's cursor.
      deps = [...deps, ...lastOf(i, (y) => y.probe === x.probe)];
    }
    if (whatIf.sessionBarriers && x.probe === 's.cursor')
      deps = [...deps, ...lastOf(i, (y) => y.probe === 's.tool.unknown')];
    if (stage === 'reuse') {
      const previous = lastOf(i, (y) => y.probe === 's.session.reuse');
      deps = previous.length ? previous : lastOf(i, (y) => y.probe === 'p.delete');
      delayMs = previous.length ? 500 : 0;
    }
    return {
      // Priority requests take the first free slot: the PRM (with prmFirst) and the GET stream.
      rank: (whatIf.prmFirst && stage === 'auth-prm') || stage === 'get' ? -1 : rankOf(x),
      origin: originOf(x.request.url),
      id: x.id,
      probe: x.probe,
      stage,
      costMs: x.durationMs,
      deps,
      delayMs,
    };
  });
}

export interface CriticalPath {
  readonly lengthMs: number;
  /** The chain, first to last. */
  readonly nodes: readonly GraphNode[];
  readonly unmodelled: readonly string[];
}

export function criticalPath(graph: readonly GraphNode[]): CriticalPath {
  const finish: number[] = [];
  const via: (number | null)[] = [];
  const visit = (i: number): number => {
    const known = finish[i];
    if (known !== undefined) return known;
    const node = graph[i]!;
    let start = 0;
    let from: number | null = null;
    for (const d of node.deps) {
      const f = visit(d);
      if (f >= start) [start, from] = [f, d];
    }
    finish[i] = start + node.delayMs + node.costMs;
    via[i] = from;
    return finish[i];
  };
  let end: number | null = null;
  graph.forEach((_, i) => {
    if (end === null || visit(i) > visit(end)) end = i;
  });
  const nodes: GraphNode[] = [];
  for (let i: number | null = end; i !== null; i = via[i] ?? null) nodes.unshift(graph[i]!);
  return {
    lengthMs: end === null ? 0 : visit(end),
    nodes,
    unmodelled: graph.filter((n) => n.stage === 'unmodelled').map((n) => n.probe),
  };
}

/**
 * Replays the graph through FIFO limiters of `slots` per origin (the client's per-origin limiter;
 * ties in readiness go by send order) with each node's cost, and returns the makespan in ms.
 */
export function simulate(graph: readonly GraphNode[], slots: number): number {
  const finish: (number | undefined)[] = graph.map(() => undefined);
  const started = graph.map(() => false);
  let running: number[] = [];
  let now = 0;
  const readyAt = (i: number): number | null => {
    const node = graph[i]!;
    let t = 0;
    for (const d of node.deps) {
      const f = finish[d];
      if (f === undefined || f > now) return null;
      t = Math.max(t, f);
    }
    return t + node.delayMs;
  };
  for (;;) {
    running = running.filter((i) => finish[i]! > now);
    // FIFO: the earliest-issued ready node takes the next free slot.
    const queue = graph
      .map((_, i) => i)
      .filter((i) => !started[i] && (readyAt(i) ?? Infinity) <= now)
      .sort((a, b) => readyAt(a)! - readyAt(b)! || graph[a]!.rank - graph[b]!.rank);
    const busy = new Map<string, number>();
    for (const i of running) {
      const n = graph[i]!;
      busy.set(n.origin, (busy.get(n.origin) ?? 0) + 1);
    }
    for (const i of queue) {
      const n = graph[i]!;
      if ((busy.get(n.origin) ?? 0) >= slots) continue;
      started[i] = true;
      finish[i] = now + n.costMs;
      running.push(i);
      busy.set(n.origin, (busy.get(n.origin) ?? 0) + 1);
    }
    if (started.every(Boolean)) return Math.max(0, ...finish.map((f) => f ?? 0));
    const events = [
      ...running.map((i) => finish[i]!),
      ...graph.flatMap((_, i) => {
        if (started[i]) return [];
        const r = readyAt(i);
        return r !== null && r > now ? [r] : [];
      }),
    ];
    if (events.length === 0) return Math.max(0, ...finish.map((f) => f ?? 0)); // unreachable nodes
    now = Math.min(...events);
  }
}

/**
 * Observed sequential depth at the proxy: the longest chain of requests in which each one arrived
 * after the previous one's response had ended. Dependencies and limiter queueing both show here.
 */
export function observedWaves(trace: readonly { arrived: number; ended: number | null }[]): number {
  const items = [...trace].sort((a, b) => a.arrived - b.arrived);
  const depth: number[] = [];
  items.forEach((it, i) => {
    let best = 0;
    for (let j = 0; j < i; j++) {
      const ended = items[j]!.ended;
      if (ended !== null && ended <= it.arrived) best = Math.max(best, depth[j]!);
    }
    depth.push(best + 1);
  });
  return Math.max(0, ...depth);
}
