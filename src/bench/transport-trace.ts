/**
 * The requests of one scan, as data, and three ways to send them again (issue 25 item 1, the
 * transport's yardstick): through the scanner's own HTTP client, through a bare undici loop
 * (`Agent.request`, the body read whole), and through undici's `dispatch` with a handler that
 * only collects the bytes (the floor of undici itself). Each replay opens its own pool of
 * `connections` per origin, as a scan does, and closes it at the end.
 *
 * The trace keeps each request's order constraints: a request is sent once every request that had
 * finished before it was sent in the captured scan has finished again, so the replay has the scan's
 * concurrency (its stages) without its probes. Session IDs the server handed out are replaced by
 * the ones this replay's server hands out.
 */
// The bare loop is the comparison; the rule guards the scanner's code, not this harness.
// eslint-disable-next-line no-restricted-imports
import { Agent as FullAgent } from 'undici';
// eslint-disable-next-line no-restricted-imports
import type { Dispatcher } from 'undici';
import { collect } from '../probe/collect.js';
import { ScanCredentials } from '../probe/credentials.js';
import { createHttpClient } from '../probe/http/client.js';
import type { HttpClient, RequestSpec } from '../probe/http/types.js';
import { RpcIds } from '../probe/mcp-messages.js';
import { isTargetError, parseHttpTarget } from '../targets/target.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';

/** One request of the captured scan, without its callbacks (their presence is kept). */
export interface TraceStep {
  readonly spec: Omit<RequestSpec, 'onChunk' | 'onHeaders' | 'signal'>;
  readonly callbacks: { readonly onChunk: boolean; readonly onHeaders: boolean; readonly signal: boolean };
  /** Indexes of the requests that had finished when this one was sent. */
  readonly after: readonly number[];
  /** The session ID this request's answer handed out, if any. */
  readonly sessionId?: string;
}

const USER_AGENT = `${TOOL_NAME}/${TOOL_VERSION}`;
const SESSION_HEADER = 'mcp-session-id';

/** The options a scan gives its client (../probe/scan.ts), for `url`. */
function clientOptions(url: URL): Parameters<typeof createHttpClient>[0] {
  return {
    target: url,
    allowPrivate: true,
    requestTimeoutMs: 10_000,
    deadline: Date.now() + 120_000,
    userAgent: USER_AGENT,
  };
}

function firstValue(headers: Readonly<Record<string, readonly string[] | string | undefined>>, name: string) {
  const v = headers[name];
  return Array.isArray(v) ? (v[0] as string | undefined) : (v as string | undefined);
}

/** Runs one safe scan of `url` through a recording client and returns its requests. */
export async function captureScan(url: string): Promise<TraceStep[]> {
  const target = parseHttpTarget(url);
  if (isTargetError(target)) throw new TypeError(target.error);
  const inner = createHttpClient(clientOptions(target.url));
  const steps: TraceStep[] = [];
  const finished: number[] = [];
  const client: HttpClient = {
    async send(spec) {
      const index = steps.length;
      const { onChunk, onHeaders, signal, ...plain } = spec;
      const callbacks = { onChunk: !!onChunk, onHeaders: !!onHeaders, signal: !!signal };
      steps.push({ spec: structuredClone(plain), callbacks, after: [...finished] });
      const result = await inner.send(spec);
      finished.push(index);
      const sessionId = result.response ? firstValue(result.response.headers, SESSION_HEADER) : undefined;
      if (sessionId !== undefined) steps[index] = { ...steps[index]!, sessionId };
      return result;
    },
    exchanges: () => inner.exchanges(),
    resolveScope: (hostname) => inner.resolveScope(hostname),
    close: () => inner.close(),
  };
  const started = Date.now();
  try {
    const resolved = await client.resolveScope(target.hostname);
    await collect(
      {
        client,
        target,
        credentials: new ScanCredentials({}, target.origin),
        opts: { allowPrivate: true },
        scope: resolved.scope,
        address: resolved.address,
        mode: 'safe',
        ids: new RpcIds(),
        progress: () => undefined,
        startedAt: new Date(started).toISOString(),
      },
      started,
    );
  } finally {
    await client.close();
  }
  return steps;
}

/** What one replayed request needs to know: its headers with this replay's session IDs. */
type Send = (step: TraceStep, headers: Record<string, string>) => Promise<string | undefined>;

/** Sends every step once its predecessors have finished; resolves when all have. */
async function replay(steps: readonly TraceStep[], send: Send): Promise<void> {
  const sessions = new Map<string, string>();
  const done: Promise<void>[] = [];
  for (const step of steps) {
    const before = step.after.map((i) => done[i]!);
    done.push(
      Promise.all(before).then(async () => {
        const headers = { ...step.spec.headers };
        const sid = headers[SESSION_HEADER];
        if (sid !== undefined) headers[SESSION_HEADER] = sessions.get(sid) ?? sid;
        const fresh = await send(step, headers);
        if (step.sessionId !== undefined && fresh !== undefined) sessions.set(step.sessionId, fresh);
      }),
    );
  }
  await Promise.all(done);
}

/**
 * The requests through the scanner's HTTP client (a fresh one, as each scan has); `create` may be
 * another build's `createHttpClient`, to compare two builds in one process.
 */
export async function replayWithClient(
  steps: readonly TraceStep[],
  url: string,
  create: typeof createHttpClient = createHttpClient,
): Promise<number> {
  const client = create(clientOptions(new URL(url)));
  try {
    await replay(steps, async (step, headers) => {
      const spec: RequestSpec = {
        ...step.spec,
        headers,
        ...(step.callbacks.onChunk ? { onChunk: () => 'continue' as const } : {}),
        ...(step.callbacks.onHeaders ? { onHeaders: () => undefined } : {}),
        ...(step.callbacks.signal ? { signal: new AbortController().signal } : {}),
      };
      const r = await client.send(spec);
      return r.response ? firstValue(r.response.headers, SESSION_HEADER) : undefined;
    });
    return client.exchanges().length;
  } finally {
    await client.close();
  }
}

/** The headers the client puts on every request, then the probe's. */
function wireHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return { 'user-agent': USER_AGENT, 'accept-encoding': 'identity', ...headers };
}

/** The requests through a bare undici loop: `Agent.request`, each body read whole. */
export async function replayBare(steps: readonly TraceStep[], connections: number): Promise<void> {
  const agent = new FullAgent({ connections });
  try {
    await replay(steps, async (step, headers) => {
      const url = new URL(step.spec.url);
      const res = await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: step.spec.method,
        headers: wireHeaders(headers),
        ...(step.spec.body !== undefined ? { body: step.spec.body } : {}),
      });
      await res.body.arrayBuffer();
      return firstValue(res.headers, SESSION_HEADER);
    });
  } finally {
    await agent.destroy();
  }
}

/** One request through `dispatch` with a handler that collects the body's chunks and nothing else. */
function dispatchOnce(agent: Dispatcher, step: TraceStep, headers: Record<string, string>) {
  const url = new URL(step.spec.url);
  return new Promise<string | undefined>((resolve, reject) => {
    let sid: string | undefined;
    const chunks: Buffer[] = [];
    agent.dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: step.spec.method,
        headers: wireHeaders(headers),
        ...(step.spec.body !== undefined ? { body: step.spec.body } : {}),
      },
      {
        onRequestStart() {
          // nothing to set up
        },
        onResponseStart(_ctrl, _status, parsed) {
          sid = firstValue(parsed, SESSION_HEADER);
        },
        onResponseData(_ctrl, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          Buffer.concat(chunks);
          resolve(sid);
        },
        onResponseError(_ctrl, err) {
          reject(err);
        },
      },
    );
  });
}

/** The requests through undici's `dispatch`: the floor of undici itself. */
export async function replayDispatch(steps: readonly TraceStep[], connections: number): Promise<void> {
  const agent = new FullAgent({ connections });
  try {
    await replay(steps, (step, headers) => dispatchOnce(agent, step, headers));
  } finally {
    await agent.destroy();
  }
}
