/**
 * Child process of the transport bench (./transport.ts), started with the scan's heap setting:
 * captures the requests of one scan of `url`, then replays them, interleaved round by round, through
 * the scanner's client, a bare undici loop and undici's `dispatch`, and measures each replay's CPU
 * (`process.cpuUsage`, V8's background threads included), the bytes it allocates (the sampling heap
 * profiler, collected objects kept) and, with `profile`, where its main-thread time goes.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Session } from 'node:inspector/promises';
import type { Profiler } from 'node:inspector';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { createHttpClient } from '../probe/http/client.js';
import { captureScan, replayBare, replayDispatch, replayWithClient } from './transport-trace.js';
import type { TraceStep } from './transport-trace.js';

export interface TransportWorkerInput {
  readonly url: string;
  readonly connections: number;
  readonly warmup: number;
  readonly rounds: number;
  readonly allocRounds: number;
  /** Rounds of each replay under the CPU profiler (0: none). */
  readonly profileRounds: number;
  /** Another build's directory (`dist` of the commit before a change): its client is replayed too, as `before`. */
  readonly beforeDist?: string;
}

export type ReplayName = 'client' | 'before' | 'bare' | 'dispatch';

export interface TransportWorkerResult {
  readonly requests: number;
  readonly cpuMs: Readonly<Partial<Record<ReplayName, readonly number[]>>>;
  readonly allocKb: Readonly<Partial<Record<ReplayName, number>>>;
  /** The sites that allocated most, per replay. */
  readonly allocTop: Readonly<Partial<Record<ReplayName, readonly string[]>>>;
  /** Connections opened per replay (undici's `connected` channel). */
  readonly connections: Readonly<Partial<Record<ReplayName, number>>>;
  /** Main-thread ms per replay by layer, and the heaviest functions (self time). */
  readonly profile: Readonly<Partial<Record<ReplayName, Profiled>>>;
}

type Runner = () => Promise<unknown>;
type Runners = Partial<Record<ReplayName, Runner>>;
interface Profiled {
  readonly layers: Record<string, number>;
  readonly top: string[];
}

async function runners(steps: readonly TraceStep[], input: TransportWorkerInput): Promise<Runners> {
  const { url, connections, beforeDist } = input;
  const out: Runners = {
    client: () => replayWithClient(steps, url),
    bare: () => replayBare(steps, connections),
    dispatch: () => replayDispatch(steps, connections),
  };
  if (beforeDist !== undefined) {
    const href = pathToFileURL(resolve(beforeDist, 'probe/http/client.js')).href;
    const before = (await import(href)) as { createHttpClient: typeof createHttpClient };
    out.before = () => replayWithClient(steps, url, before.createHttpClient);
  }
  return out;
}

async function cpuOf(run: Runner): Promise<number> {
  const c0 = process.cpuUsage();
  await run();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

async function allocated(
  session: Session,
  run: Runner,
  rounds: number,
): Promise<{ kb: number; top: string[] }> {
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < rounds; i++) await run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  let bytes = 0;
  const sites = new Map<string, number>();
  const walk = (node: typeof profile.head): void => {
    bytes += node.selfSize;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    sites.set(key, (sites.get(key) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(profile.head);
  const top = [...sites]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([k, v]) => `${(v / 1024 / rounds).toFixed(1)} KB ${k}`);
  return { kb: bytes / 1024 / rounds, top };
}

const OWN_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The layer a frame's file belongs to. */
function layerOf(url: string, name: string): string {
  if (url === '') return name === '(garbage collector)' ? 'gc' : name.startsWith('(') ? name : 'native';
  if (url.includes('/undici/')) return 'undici';
  if (url.startsWith('node:')) return 'node';
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  if (path.startsWith(OWN_ROOT)) {
    const rel = path.slice(OWN_ROOT.length);
    if (rel.startsWith('probe/http/')) return 'src/probe/http';
    return rel.startsWith('bench/') ? 'bench harness' : `src/${rel.split('/')[0] ?? ''}`;
  }
  return 'other';
}

async function profiled(session: Session, run: Runner, rounds: number): Promise<Profiled> {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  for (let i = 0; i < rounds; i++) await run();
  const { profile } = await session.post('Profiler.stop');
  const byId = new Map<number, Profiler.ProfileNode>(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<number, number>();
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const perSample = totalMs / (profile.samples?.length ?? 1) / rounds;
  const layers: Record<string, number> = {};
  const fns = new Map<string, number>();
  for (const [id, n] of counts) {
    const node = byId.get(id)!;
    const { url, functionName, lineNumber } = node.callFrame;
    const layer = layerOf(url, functionName);
    if (layer === '(idle)' || layer === '(program)') continue;
    layers[layer] = (layers[layer] ?? 0) + n * perSample;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + n * perSample);
  }
  const top = [...fns]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, v]) => `${v.toFixed(3)} ms ${k}`);
  return { layers, top };
}

async function connectionsPerReplay(run: Runners): Promise<Partial<Record<ReplayName, number>>> {
  let opened = 0;
  const onConnected = (): void => {
    opened += 1;
  };
  subscribe('undici:client:connected', onConnected);
  const counts: Partial<Record<ReplayName, number>> = {};
  for (const [name, replay] of entries(run)) {
    opened = 0;
    await replay();
    counts[name] = opened;
  }
  unsubscribe('undici:client:connected', onConnected);
  return counts;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const entries = (run: Runners): [ReplayName, Runner][] =>
  Object.entries(run).filter((e): e is [ReplayName, Runner] => e[1] !== undefined);

async function main(): Promise<void> {
  const input = JSON.parse(await readStdin()) as TransportWorkerInput;
  const steps = await captureScan(input.url);
  const run = entries(await runners(steps, input));
  for (let i = 0; i < input.warmup; i++) for (const [, replay] of run) await replay();
  const cpuMs: Partial<Record<ReplayName, number[]>> = {};
  for (let i = 0; i < input.rounds; i++) {
    // Rotate the order, so no replay always runs right after the same other one.
    for (let k = 0; k < run.length; k++) {
      const [name, replay] = run[(i + k) % run.length]!;
      (cpuMs[name] ??= []).push(await cpuOf(replay));
    }
  }
  const session = new Session();
  session.connect();
  const allocKb: Partial<Record<ReplayName, number>> = {};
  const allocTop: Partial<Record<ReplayName, string[]>> = {};
  for (const [name, replay] of run) {
    const a = await allocated(session, replay, input.allocRounds);
    allocKb[name] = a.kb;
    allocTop[name] = a.top;
  }
  const profile: Partial<Record<ReplayName, Profiled>> = {};
  if (input.profileRounds > 0) {
    for (const [name, replay] of run) profile[name] = await profiled(session, replay, input.profileRounds);
  }
  session.disconnect();
  const result: TransportWorkerResult = {
    requests: steps.length,
    cpuMs,
    allocKb,
    allocTop,
    connections: await connectionsPerReplay(Object.fromEntries(run)),
    profile,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `transport-worker: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exitCode = 1;
});
