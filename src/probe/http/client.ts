/**
 * The one HTTP client every probe uses (contract: ./types.ts). The target is hostile:
 * no redirects are followed, every wait is bounded (the request timeout covers connect,
 * headers and body together), bodies are capped as they are decoded,
 * server-supplied URLs pass the address policy at connect time, and every exchange is
 * recorded redacted.
 */
import { rootCertificates } from 'node:tls';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { AddressScope, ExchangeId, HttpExchange, NetError } from '../../evidence/types.js';
import {
  bareHost,
  classifyAddress,
  decideAddress,
  decideAddresses,
  isFetchableScheme,
} from './address-policy.js';
import type { PolicyContext } from './address-policy.js';
import { AddressRefusedError } from './errors.js';
import { KeyedLimiter } from './limiter.js';
import { connectLookup, createResolver } from './lookup.js';
import type { Resolve } from './lookup.js';
import { Agent } from './undici-agent.js';
import { keepWasmOnBaselineTier } from './wasm-tiering.js';
import type { Mutable } from './own-keys.js';
import { recordExchange, recordPrefixBytes } from './record.js';
import { createRedactor } from './redact.js';
import { DEFAULT_STOP_AFTER_TIMEOUTS, StoppedAnswering } from './stopped-answering.js';
import { transfer } from './transfer.js';
import type { TransferOutcome, TransferRequest } from './transfer.js';
import type { ClientOptions, HttpClient, RequestSpec } from './types.js';

type Pool = InstanceType<typeof Agent>;

/** The per-request timeout when none is given (`--timeout`). */
export const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY = 1024 * 1024;
const DEFAULT_EXCERPT = 16_384;
// Eight in flight per origin: the scan's widest stages (session probes 7, Origin beside the session
// chain 5) then take one round trip each; at six they took two (bench, 100 ms per request: 1.40x ->
// ~1.1x of the critical path). Still fewer connections than a page load opens to a server.
export const DEFAULT_CONCURRENCY = 8;

function normalizeOrigin(origin: string | undefined): string | null {
  if (origin === undefined) return null;
  try {
    const o = new URL(origin).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The two connection pools of one client, each with one pool of connections per origin. */
function createPools(
  opts: ClientOptions,
  resolve: Resolve,
  policy: () => Promise<PolicyContext>,
  perOrigin: number,
): { user: Pool; learned: Pool } {
  const tlsOptions = opts.ca ? { ca: [...rootCertificates, opts.ca] } : {};
  // At most as many connections per origin as requests in flight: undici otherwise opens another
  // connection while one is still finishing its last response, about half again as many per
  // scan, and a loopback connection costs the client more CPU than the requests it carries.
  // Two pools so a connection vetted for the user's target never carries a learned request.
  const user = new Agent({
    connections: perOrigin,
    connect: { ...tlsOptions, ...(opts.lookup ? { lookup: connectLookup(resolve) } : {}) },
  });
  const learned = new Agent({
    connections: perOrigin,
    connect: {
      ...tlsOptions,
      lookup: connectLookup(resolve, async (addresses) => {
        const decision = decideAddresses(addresses, await policy());
        if (!decision.allowed) throw new AddressRefusedError(`refused: ${decision.reason}`);
      }),
    },
  });
  return { user, learned };
}

/** The headers a request goes out with: the client's own, the credentials where bound, the probe's. */
function headersFor(
  opts: ClientOptions,
  credentialOrigin: string | null,
  spec: RequestSpec,
  url: URL | null,
): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': opts.userAgent ?? 'mcp-posture',
    'accept-encoding': 'identity',
  };
  const attach =
    url !== null &&
    credentialOrigin !== null &&
    url.origin === credentialOrigin &&
    spec.attachCredentials !== false;
  if (attach) {
    // An unknown set name attaches nothing rather than falling back to the main credentials.
    const set =
      spec.credentialSet === undefined
        ? opts.credentials?.headers
        : opts.credentials?.alternates?.[spec.credentialSet];
    for (const [name, value] of Object.entries(set ?? {})) headers[name.toLowerCase()] = value;
  }
  // The probe's own headers win: a probe that sets Authorization means that value.
  for (const [name, value] of Object.entries(spec.headers ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}

const fail = (code: NetError['code'], message: string): TransferOutcome => ({ error: { code, message } });

/** The deadline as a verdict: null when passed, else the timeout to use and who set it. */
function budgetOf(
  spec: RequestSpec,
  requestTimeoutMs: number,
  deadline: number | undefined,
): { ms: number; code: 'timeout' | 'deadline' } | null {
  const timeout = spec.timeoutMs ?? requestTimeoutMs;
  if (deadline === undefined) return { ms: timeout, code: 'timeout' };
  const left = deadline - Date.now();
  if (left <= 0) return null;
  return left < timeout ? { ms: left, code: 'deadline' } : { ms: timeout, code: 'timeout' };
}

/** What one client's exchanges share: its settings, pools, limiter and state. */
interface Shared {
  readonly opts: ClientOptions;
  readonly requestTimeoutMs: number;
  readonly maxBodyBytes: number;
  readonly excerptChars: number;
  readonly pools: { readonly user: Pool; readonly learned: Pool };
  readonly limiter: KeyedLimiter;
  readonly stopped: StoppedAnswering;
  readonly policy: () => Promise<PolicyContext>;
  readonly settledPolicy: () => PolicyContext | null;
  readonly closed: () => boolean;
}

type Timed = { outcome: TransferOutcome; durationMs: number };

/**
 * Why a request is not sent before it queues, or null; a promise only when a learned IP literal
 * waits for the address policy to settle (every other request decides without a tick).
 */
function refusedBeforeQueue(
  c: Shared,
  spec: RequestSpec,
  url: URL | null,
  origin: string,
): TransferOutcome | null | Promise<TransferOutcome | null> {
  if (c.closed()) return fail('aborted', 'client closed');
  if (spec.signal?.aborted) return fail('aborted', 'aborted by the probe; not sent');
  if (budgetOf(spec, c.requestTimeoutMs, c.opts.deadline) === null) {
    return fail('deadline', 'scan deadline passed; not sent');
  }
  if (url === null) return fail('refused-scheme', 'unparseable URL; not sent');
  if (!isFetchableScheme(url))
    return fail('refused-scheme', `scheme ${url.protocol} is not http(s); not sent`);
  const stopped = c.stopped.refusal(origin);
  if (stopped) return { error: stopped };
  const host = bareHost(url.hostname);
  if (spec.source === 'learned' && isIP(host) !== 0) {
    // IP literals never reach the connect-time lookup: vet them here (no DNS, no TOCTOU).
    const vet = (policy: PolicyContext): TransferOutcome | null => {
      const decision = decideAddress(host, policy);
      return decision.allowed ? null : fail('refused-address', `refused: ${decision.reason}; not sent`);
    };
    const settled = c.settledPolicy();
    return settled === null ? c.policy().then(vet) : vet(settled);
  }
  return null;
}

/** What the transfer is asked to do for `spec`, within `limit`. */
function transferRequest(
  c: Shared,
  spec: RequestSpec,
  url: URL,
  headers: Record<string, string>,
  limit: { ms: number; code: 'timeout' | 'deadline' },
): TransferRequest {
  const deadline = c.opts.deadline;
  const req: Mutable<TransferRequest> = {
    url,
    method: spec.method,
    headers,
    timeoutMs: limit.ms,
    timeoutCode: limit.code,
    maxBytes: spec.maxBodyBytes ?? c.maxBodyBytes,
  };
  if (spec.body !== undefined) req.body = spec.body;
  if (spec.streamWindowMs !== undefined) {
    // A stream window never outlives the scan deadline.
    req.streamWindowMs =
      deadline === undefined
        ? spec.streamWindowMs
        : Math.max(0, Math.min(spec.streamWindowMs, deadline - Date.now()));
  }
  if (spec.holdsSession) req.holdsSession = true;
  if (deadline !== undefined) req.deadline = deadline;
  if (spec.onChunk) {
    req.onChunk = spec.onChunk;
    req.keepBytes = recordPrefixBytes(c.excerptChars);
  }
  if (spec.signal) req.signal = spec.signal;
  if (spec.onHeaders) req.onHeaders = spec.onHeaders;
  return req;
}

async function runExchange(
  c: Shared,
  spec: RequestSpec,
  url: URL | null,
  headers: Record<string, string>,
): Promise<Timed> {
  const started = performance.now();
  const done = (outcome: TransferOutcome): Timed => ({ outcome, durationMs: performance.now() - started });
  const origin = url?.origin ?? '';
  const check = refusedBeforeQueue(c, spec, url, origin);
  const refused = check instanceof Promise ? await check : check;
  if (refused !== null || url === null) return done(refused ?? fail('refused-scheme', 'not sent'));
  // A free slot is taken without a tick; otherwise the request queues (an aborted one never does).
  const now = spec.signal?.aborted ? null : c.limiter.tryAcquire(origin);
  const release = now ?? (await c.limiter.acquire(origin, spec.signal, spec.priority === true));
  if (release === null) return done(fail('aborted', 'aborted by the probe; not sent'));
  try {
    // Queueing may have outlived the deadline, the client or the origin's answering.
    const limit = budgetOf(spec, c.requestTimeoutMs, c.opts.deadline);
    if (c.closed()) return done(fail('aborted', 'client closed'));
    if (limit === null) return done(fail('deadline', 'scan deadline passed; not sent'));
    const stopped = c.stopped.refusal(origin);
    if (stopped) return done({ error: stopped });
    const sentAt = performance.now();
    const pool = spec.source === 'learned' ? c.pools.learned : c.pools.user;
    const outcome = await transfer(pool, transferRequest(c, spec, url, headers, limit));
    c.stopped.observe(origin, outcome);
    return { outcome, durationMs: performance.now() - sentAt };
  } finally {
    release();
  }
}

export function createHttpClient(opts: ClientOptions): HttpClient {
  keepWasmOnBaselineTier();
  const credentialOrigin = normalizeOrigin(opts.credentials?.origin);
  const redactor = createRedactor(opts.credentials);
  const resolve = createResolver(opts.lookup);
  const perOrigin = opts.maxConcurrencyPerOrigin ?? DEFAULT_CONCURRENCY;
  const excerptChars = opts.excerptChars ?? DEFAULT_EXCERPT;

  let policyContext: Promise<PolicyContext> | null = null;
  /** The settled context: a learned request vetted with it queues in issue order, with no await. */
  let settledPolicy: PolicyContext | null = null;
  const getPolicyContext = (): Promise<PolicyContext> =>
    (policyContext ??= resolve(opts.target.hostname)
      .catch(() => [] as readonly string[])
      .then((targetAddresses) => {
        settledPolicy = {
          targetAddresses,
          targetScope: targetAddresses[0] === undefined ? 'unknown' : classifyAddress(targetAddresses[0]),
          allowPrivate: opts.allowPrivate,
        };
        return settledPolicy;
      }));

  let closed = false;
  const shared: Shared = {
    opts,
    requestTimeoutMs: opts.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY,
    excerptChars,
    pools: createPools(opts, resolve, getPolicyContext, perOrigin),
    limiter: new KeyedLimiter(perOrigin),
    stopped: new StoppedAnswering(opts.stopAfterTimeouts ?? DEFAULT_STOP_AFTER_TIMEOUTS),
    policy: getPolicyContext,
    settledPolicy: () => settledPolicy,
    closed: () => closed,
  };

  const recorded: (HttpExchange | undefined)[] = [];
  let issued = 0;

  return {
    async send(spec) {
      // Id and slot are taken synchronously, so ids follow issue order.
      issued += 1;
      const index = issued - 1;
      const id: ExchangeId = `x${(opts.exchangeIdOffset ?? 0) + issued}`;
      const url = parseUrl(spec.url);
      let headers: Record<string, string> = {};
      let outcome: TransferOutcome;
      let durationMs = 0;
      try {
        headers = headersFor(opts, credentialOrigin, spec, url);
        ({ outcome, durationMs } = await runExchange(shared, spec, url, headers));
      } catch (err) {
        // Defensive: send() never throws; an internal bug is still recorded as data.
        outcome = fail('protocol', `internal error: ${err instanceof Error ? err.message : String(err)}`);
      }
      const recordedPair = recordExchange(redactor, excerptChars, { id, spec, headers, outcome, durationMs });
      recorded[index] = recordedPair.exchange;
      return recordedPair.result;
    },
    exchanges() {
      return recorded.filter((x): x is HttpExchange => x !== undefined);
    },
    async resolveScope(hostname): Promise<{ address: string | null; scope: AddressScope }> {
      // The scan starts here: settle the address policy now, before any learned URL needs it.
      if (hostname === opts.target.hostname) void getPolicyContext();
      try {
        const [address] = await resolve(hostname);
        return address === undefined
          ? { address: null, scope: 'unknown' }
          : { address, scope: classifyAddress(address) };
      } catch {
        return { address: null, scope: 'unknown' };
      }
    },
    async close() {
      closed = true;
      await Promise.allSettled([shared.pools.user.destroy(), shared.pools.learned.destroy()]);
    },
  };
}
