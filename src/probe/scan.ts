/**
 * Orchestrates the probes of one scan and assembles the Evidence bundle. This
 * is the only place that decides which probes run; everything it learns is
 * recorded, and nothing it does can throw past `collectEvidence` for network
 * reasons (errors are data).
 */
import type {
  Detection,
  HttpEndpoint,
  Evidence,
  Inventory,
  ListingEvidence,
  Mode,
  OriginProbes,
  PlainObservation,
  Probe,
  HttpReply,
  SseTransportEvidence,
  TargetClass,
  TargetInfo,
  TlsObservation,
  Transport,
} from '../evidence/types.js';
import { EVIDENCE_SCHEMA_VERSION } from '../evidence/types.js';
import type { AuthDiscovery } from '../evidence/auth-types.js';
import { deriveRevision } from '../evidence/derive/revision.js';
import type { Revision } from '../spec/revisions.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { createHttpClient } from './http/client.js';
import { createRedactor } from './http/redact.js';
import { NARROW_TOKEN_SET, SECOND_TOKEN_SET } from './auth/token-tier.js';
import type { HttpClient } from './http/types.js';
import { initialize, runLadder } from './detect.js';
import type { HttpInitAttempt } from './detect.js';
import { listAll, LISTS } from './inventory.js';
import { deleteSession, probeLegacySession } from './legacy-session.js';
import { discoverHeaders, modernMeta, RpcIds, rpcRequest, SSE_HEADERS } from './mcp-messages.js';
import { jsonObject } from './auth/document.js';
import { probeAuth } from './auth/probe-auth.js';
import { createPrmFetcher, wellKnownPrmUrls } from './auth/prm.js';
import { canonicalizeEvidence, provisionalIdOffset } from './exchange-order.js';
import { discoveredIdentity, probeModern } from './modern.js';
import { probeOrigin } from './origin.js';
import type { Replayable } from './origin.js';
import { probePlain } from './plain.js';
import { buildPlan } from './plan.js';
import { sendRpc } from './rpc.js';
import { probeSseTransport } from './sse-transport.js';
import { probeTls } from './tls.js';
import { resultObject } from '../evidence/parse/json-value.js';

export interface CollectOptions {
  readonly url: string;
  readonly mode?: Mode;
  readonly spec?: Revision | null;
  readonly allowPrivate?: boolean;
  /** The user's bearer token; sent only to the target's origin. */
  readonly token?: string;
  /** A second token, issued by the same AS for another resource (t.foreign, ACT03); target origin only. */
  readonly secondToken?: string;
  /** A valid token lacking a scope the endpoint needs (t.narrow, SCP03); target origin only. */
  readonly narrowToken?: string;
  /** A side-effect-free tool the user designated (i.tool.*, MOD30/MOD31); called only in intrusive mode. */
  readonly designatedTool?: { readonly name: string; readonly arguments?: Record<string, unknown> };
  /**
   * A pre-registered OAuth client at the first authorization server (i.client): its `client_id` and
   * a registered redirect URI. Used only in intrusive mode, for the i.authz requests (ACT07/08/11).
   */
  readonly oauthClient?: { readonly clientId: string; readonly redirectUri: string };
  /** Extra headers (`--header`); sent only to the target's origin. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly requestTimeoutMs?: number;
  /** Overall scan budget in ms (default 120 000). */
  readonly scanTimeoutMs?: number;
  readonly maxBodyBytes?: number;
  readonly ca?: string;
  readonly onProgress?: (message: string) => void;
  /** Test seam: resolve hostnames without DNS. */
  readonly lookup?: (hostname: string) => Promise<readonly string[]>;
}

const NETWORK_CODES = new Set([
  'timeout',
  'deadline',
  'dns',
  'connect',
  'reset',
  'tls',
  'refused-address',
  'refused-scheme',
  'aborted',
]);

function isChallenge(reply: HttpReply, ev: HttpClient): boolean {
  const ex = ev.exchanges().find((x) => x.id === reply.exchange);
  const values = ex?.response?.headers['www-authenticate'] ?? [];
  return values.some((v) => /^\s*bearer(\s|$|,)/i.test(v) || /,\s*bearer(\s|$)/i.test(v));
}

/** A reply that shows an MCP endpoint: a JSON-RPC response, or a modern error. */
function isMcpReply(p: Probe<HttpReply>): boolean {
  return p.kind === 'ok' && p.value.messages.some((m) => m.kind === 'response');
}

function firstOk(probes: readonly Probe<HttpReply>[]): HttpReply | null {
  for (const p of probes) if (p.kind === 'ok') return p.value;
  return null;
}

export async function collectEvidence(opts: CollectOptions): Promise<Evidence> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const target = new URL(opts.url);
  const mode = opts.mode ?? 'safe';
  const progress = opts.onProgress ?? (() => undefined);
  const credentialHeaders: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) credentialHeaders['authorization'] = `Bearer ${opts.token}`;
  const alternates: Record<string, Record<string, string>> = {};
  if (opts.secondToken) alternates[SECOND_TOKEN_SET] = { authorization: `Bearer ${opts.secondToken}` };
  if (opts.narrowToken) alternates[NARROW_TOKEN_SET] = { authorization: `Bearer ${opts.narrowToken}` };
  const credentials = { origin: target.origin, headers: credentialHeaders, alternates };
  const client = createHttpClient({
    target,
    allowPrivate: opts.allowPrivate ?? false,
    requestTimeoutMs: opts.requestTimeoutMs ?? 10_000,
    deadline: started + (opts.scanTimeoutMs ?? 120_000),
    ...(opts.maxBodyBytes ? { maxBodyBytes: opts.maxBodyBytes } : {}),
    ...(Object.keys(credentialHeaders).length || Object.keys(alternates).length ? { credentials } : {}),
    ...(opts.ca ? { ca: opts.ca } : {}),
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
    userAgent: `${TOOL_NAME}/${TOOL_VERSION}`,
    // Provisional ids; renumbered below so two scans of one server number their exchanges alike.
    exchangeIdOffset: provisionalIdOffset(),
  });
  try {
    const evidence = await collect(client, opts, target, mode, progress, started, startedAt);
    // Concurrent probes issue requests in an order that depends on server timing: put the
    // exchanges in a deterministic order (plan order, then what was sent) and renumber them.
    // Parsed server data is not redacted by the HTTP layer: scrub the credentials from it too.
    return canonicalizeEvidence(evidence, {
      planOrder: buildPlan(opts.url, mode).map((p) => p.probe),
      redact: createRedactor(credentials).text,
    });
  } finally {
    await client.close();
  }
}

async function collect(
  client: HttpClient,
  opts: CollectOptions,
  targetUrl: URL,
  mode: Mode,
  progress: (m: string) => void,
  started: number,
  startedAt: string,
): Promise<Evidence> {
  const url = targetUrl.toString();
  const ids = new RpcIds();
  const resolved = await client.resolveScope(targetUrl.hostname);
  const target: TargetInfo = { kind: 'http', url, scope: resolved.scope };
  const origin0 = targetUrl.origin;
  const scheme: 'http' | 'https' = targetUrl.protocol === 'https:' ? 'https' : 'http';

  progress(`detecting the protocol revision of ${url}`);
  const ladder = await runLadder(client, url, ids);
  const postProbes: Probe<HttpReply>[] = [ladder.discover, ...ladder.inits.map((i) => i.probe)];

  // HTTP+SSE only when every POST failed with 400/404/405 and no modern error (catalogue §5.2 step 3).
  const postsFailed = postProbes.every(
    (p) => p.kind !== 'ok' || ([400, 404, 405].includes(p.value.status) && !isMcpReply(p)),
  );
  const anyPostAnswered = postProbes.some((p) => p.kind === 'ok');
  let sseGet: Probe<HttpReply> = { kind: 'skipped', reason: 'not_needed' };
  let sse: SseTransportEvidence | null = null;
  let sseVersion: string | null = null;
  let sseTools: Probe<ListingEvidence> | null = null;
  let sseInfo: { serverInfo: unknown; instructions: string | null } | null = null;
  if (
    !ladder.modern.modern &&
    postsFailed &&
    (anyPostAnswered || postProbes.every((p) => p.kind === 'failed' && !NETWORK_CODES.has(p.error.code)))
  ) {
    progress('POST probes failed: looking for the HTTP+SSE transport');
    const r = await probeSseTransport(client, url, ids, mode !== 'passive');
    sseGet = r.get;
    if (r.result?.evidence.endpoint) {
      sse = r.result.evidence;
      sseVersion = r.result.version;
      sseTools = r.result.tools;
      sseInfo = { serverInfo: r.result.serverInfo, instructions: r.result.instructions };
    }
  }

  const allProbes = [...postProbes, sseGet];
  const replies = allProbes
    .filter((p): p is Extract<Probe<HttpReply>, { kind: 'ok' }> => p.kind === 'ok')
    .map((p) => p.value);
  const challenge = replies.some((r) => (r.status === 401 || r.status === 403) && isChallenge(r, client));
  const authSignals: string[] = [];
  if (replies.some((r) => r.status === 401)) authSignals.push('401 from the MCP endpoint');
  if (challenge) authSignals.push('Bearer challenge');
  const authWall = postProbes.every(
    (p) => p.kind === 'ok' && (p.value.status === 401 || p.value.status === 403),
  );

  // Redirect of the MCP endpoint (not followed with MCP traffic).
  const redirectReply = replies.find((r) => r.status >= 300 && r.status < 400 && r.location);
  let redirect: HttpEndpoint['redirect'] = null;
  if (redirectReply?.location) {
    let sameOrigin = false;
    try {
      sameOrigin = new URL(redirectReply.location, url).origin === origin0;
    } catch {
      sameOrigin = false;
    }
    redirect = { status: redirectReply.status, location: redirectReply.location, sameOrigin };
  }

  const main = ladder.inits.find(
    (i) => i.offered !== null && i.probe.kind === 'ok' && i.probe.value.status < 300,
  );
  const modernOnlyInit = ladder.modern.modern && !main;
  const revision = deriveRevision({
    pinned: opts.spec ?? null,
    modern: ladder.modern,
    inits: ladder.inits,
    sseOnly: sse !== null,
    sseVersions: sseVersion ? [sseVersion] : [],
    oauthSeen: challenge,
    modernOnlyInit,
  });

  let transport: Transport | null = null;
  if (sse) transport = 'http+sse';
  else if (ladder.modern.modern || main) transport = 'streamable-http';

  let targetClass: TargetClass = 'reachable';
  const mcpSeen =
    replies.some((r) => r.messages.some((m) => m.kind === 'response')) ||
    challenge ||
    sse !== null ||
    ladder.modern.modern;
  if (
    replies.length === 0 &&
    allProbes.every((p) => p.kind !== 'ok' && (p.kind === 'skipped' || NETWORK_CODES.has(p.error.code)))
  ) {
    targetClass = 'unreachable';
  } else if (redirect && !redirect.sameOrigin && !mcpSeen) targetClass = 'redirected';
  else if (!mcpSeen && !authWall) targetClass = 'not_mcp';

  const detection: Detection = {
    discover: ladder.discover,
    inits: ladder.inits,
    transport,
    targetClass,
    revision,
    authWall,
  };
  const endpoint: HttpEndpoint = {
    origin: origin0,
    scheme,
    hostname: targetUrl.hostname,
    address: resolved.address,
    sseGet,
    redirect,
  };

  let legacy: Evidence['sessions'] = null;
  let modern: Evidence['modern'] = null;
  let origin: OriginProbes = emptyOrigin();
  let inventory: Inventory | null = null;
  let oauth: AuthDiscovery | null = null;
  const reachable = targetClass === 'reachable';

  if (reachable) {
    progress('probing sessions, Origin handling and the inventory');
    const lists: Probe<ListingEvidence>[] = LISTS.map(
      () => ({ kind: 'skipped', reason: 'dependency_failed' }) as const,
    );
    const baseline = baselineRequest(client, url, ids, ladder.discover, main ?? null, sse);
    const originPromise = probeOrigin(client, url, mode, target.scope, baseline);
    const modernPromise = ladder.modern.modern
      ? probeModern(client, url, ids, mode, {
          discover: ladder.discover,
          dualEra: main !== undefined,
          ...(opts.designatedTool ? { designatedTool: opts.designatedTool } : {}),
        })
      : Promise.resolve(null);
    // The OAuth chain is walked when authorization shows (or the user brought a token for it).
    const walkAuth = (challengeReplies: readonly HttpReply[]) =>
      probeAuth({
        client,
        url,
        ids,
        mode,
        targetScope: target.scope,
        challengeReplies,
        candidates: [...revision.known, ...revision.unconfirmed],
        token: opts.token ?? null,
        otherTokens: { second: opts.secondToken ?? null, narrow: opts.narrowToken ?? null },
        openShape: main
          ? { kind: 'initialize', version: main.offered ?? main.requested }
          : ladder.modern.modern && ladder.discover.kind === 'ok' && ladder.discover.value.status < 300
            ? { kind: 'discover' }
            : null,
        ...(opts.lookup ? { lookup: opts.lookup } : {}),
        oauthClient: opts.oauthClient ?? null,
      });
    const authPromise =
      authSignals.length > 0 || opts.token
        ? walkAuth(replies.filter((r) => r.status === 401 || r.status === 403))
        : Promise.resolve(null);
    // Catalogue §5.7: published protected-resource metadata also means authorization is in use
    // ("optional auth": anonymous requests served, tokens honoured). Two GETs of the well-known URLs.
    const publishedPrm =
      authSignals.length > 0 || opts.token
        ? Promise.resolve(false)
        : Promise.all(wellKnownPrmUrls(url).map(createPrmFetcher(client, origin0))).then((found) =>
            found.some((f) => jsonObject(f) !== null),
          );
    if (main && main.probe.kind === 'ok' && transport === 'streamable-http') {
      legacy = await probeLegacySession(
        { client, url, ids, mode },
        { attempt: main, reply: main.probe.value },
        ladder.inits,
        async (headers) => {
          const got = await Promise.all(LISTS.map((_, i) => listAll(client, url, i, headers)));
          got.forEach((g, i) => (lists[i] = g));
        },
      );
    }
    origin = await originPromise;
    modern = await modernPromise;
    oauth = await authPromise;
    // Catalogue §5.7: a 401 from any probe means authorization is in use, not only one from the ladder
    // (servers that gate everything after initialize, or treat the session ID as a credential).
    const later = laterReplies(legacy, origin).filter((r) => r.status === 401);
    if (!oauth && later.length > 0) {
      authSignals.push('401 from the MCP endpoint after initialization');
      oauth = await walkAuth(later);
    }
    if ((await publishedPrm) && !oauth) {
      authSignals.push('published protected-resource metadata');
      oauth = await walkAuth([]);
    }
    // Requests sent without credentials (a token scan) can show authorization the ladder could not.
    if (
      oauth &&
      oauth.challenges.some((c) => c.status === 401) &&
      !authSignals.includes('401 from the MCP endpoint')
    )
      authSignals.push('401 from the MCP endpoint');
    await cleanupSessions(client, url, ids, origin, main?.offered ?? null);
    const initResult = main?.probe.kind === 'ok' ? resultObject(main.probe.value) : null;
    if (sseTools) lists[0] = sseTools;
    // A modern-only server has no legacy inventory: its modern listings and DiscoverResult stand in.
    if (!legacy && modern) modern.lists.forEach((l, i) => (lists[i] = l.probe));
    const discovered = !initResult && modern ? discoveredIdentity(ladder.discover) : null;
    inventory = {
      tools: lists[0]!,
      prompts: lists[1]!,
      resources: lists[2]!,
      resourceTemplates: lists[3]!,
      serverInfo: initResult?.['serverInfo'] ?? sseInfo?.serverInfo ?? discovered?.serverInfo ?? null,
      instructions:
        typeof initResult?.['instructions'] === 'string'
          ? (initResult['instructions'] as string)
          : (sseInfo?.instructions ?? discovered?.instructions ?? null),
    };
  }

  const tls: TlsObservation[] = [];
  const plain: PlainObservation[] = [];
  if (scheme === 'https') {
    progress('checking TLS and the cleartext counterpart');
    const [t, p] = await Promise.all([
      probeTls(origin0, {
        ...(resolved.address ? { address: resolved.address } : {}),
        ...(opts.ca ? { ca: opts.ca } : {}),
      }),
      probePlain(client, url, ids, 'user'),
    ]);
    tls.push(t);
    plain.push(p);
  }

  return {
    schemaVersion: EVIDENCE_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    startedAt,
    durationMs: Date.now() - started,
    target,
    settings: {
      mode,
      pinnedRevision: opts.spec ?? null,
      allowPrivate: opts.allowPrivate ?? false,
      tokenSupplied: Boolean(opts.token),
    },
    detection,
    modern,
    inventory,
    auth: { inUse: authSignals.length > 0, signals: authSignals },
    oauth,
    exchanges: client.exchanges(),
    endpoint,
    sessions: legacy,
    sse,
    origin,
    tls,
    plain,
  };
}

function emptyOrigin(): OriginProbes {
  const none: Probe<HttpReply> = {
    kind: 'skipped',
    reason: 'dependency_failed',
    detail: 'the target is not a reachable MCP endpoint',
  };
  return { baseline: null, foreign: none, nullOrigin: none, lookalike: none, preflight: none, host: none };
}

/** The first MCP request that produced a non-redirect answer, as something the Origin probes can re-send. */
function baselineRequest(
  client: HttpClient,
  url: string,
  ids: RpcIds,
  discover: Probe<HttpReply>,
  main: HttpInitAttempt | null,
  sse: SseTransportEvidence | null,
): Replayable | null {
  if (sse) {
    return {
      reply: sse.get,
      send: (extra, probe, purpose) =>
        sendRpc(client, {
          method: 'GET',
          url,
          headers: { ...SSE_HEADERS, ...extra },
          probe,
          purpose,
          source: 'user',
          rpcId: null,
          streamWindowMs: 500,
        }),
    };
  }
  if (main && main.probe.kind === 'ok') {
    const version = main.offered!;
    return {
      reply: main.probe.value,
      send: (extra, probe, purpose) => initialize(client, url, ids, version, probe, purpose, extra),
    };
  }
  const answered = firstOk([discover]);
  if (answered && !(answered.status >= 300 && answered.status < 400)) {
    return {
      reply: answered,
      send: (extra, probe, purpose) => {
        const id = ids.take();
        return sendRpc(client, {
          method: 'POST',
          url,
          headers: { ...discoverHeaders(), ...extra },
          body: rpcRequest(id, 'server/discover', { _meta: modernMeta() }),
          probe,
          purpose,
          source: 'user',
          rpcId: id,
        });
      },
    };
  }
  return null;
}

/** Replies of the session and Origin probes (everything after the ladder that talks MCP). */
function laterReplies(legacy: Evidence['sessions'], origin: OriginProbes): HttpReply[] {
  const probes: Probe<HttpReply>[] = [origin.foreign, origin.nullOrigin, origin.lookalike, origin.host];
  if (legacy) {
    probes.push(
      legacy.initialized,
      legacy.init2,
      legacy.baseline,
      legacy.get,
      legacy.sessionNone,
      legacy.sessionUnknown,
      legacy.versionBad,
      legacy.versionNone,
      legacy.batch,
      legacy.initBogus,
      legacy.delete,
      legacy.sessionReuse,
    );
  }
  return probes.flatMap((p) => (p.kind === 'ok' ? [p.value] : []));
}

/** Sessions opened by the Origin and Host probes are closed again. */
async function cleanupSessions(
  client: HttpClient,
  url: string,
  ids: RpcIds,
  origin: OriginProbes,
  version: string | null,
) {
  const sessions = new Set<string>();
  for (const p of [origin.foreign, origin.nullOrigin, origin.lookalike, origin.host]) {
    if (p.kind === 'ok' && p.value.sessionId && p.value.status < 300) sessions.add(p.value.sessionId);
  }
  await Promise.all(
    [...sessions].map((s) =>
      deleteSession(
        { client, url, ids, mode: 'passive' },
        s,
        'p.delete.cleanup',
        'DELETE a session opened by an Origin probe',
        version,
      ),
    ),
  );
}
