/**
 * The scheduler: runs the probe stages of one scan in their phases and assembles the evidence.
 *
 *   independent  TLS and the cleartext counterpart (https only), from the start
 *   detect       the ladder, then HTTP+SSE only when every POST failed
 *   era          the session (with the inventory), Origin, the modern wire and — when the
 *                ladder shows authorization or a token was given — the OAuth chain, concurrently
 *   late auth    the OAuth chain when a later request was answered 401, or PRM is published
 *   cleanup      sessions the Origin probes opened
 *   pin          with a lock: the authorization servers' key sets, and the `pin` section
 *
 * Every stage declares its plan entries (./stages/plan.ts builds `--plan` from them), so what
 * runs here and what the plan shows cannot drift apart. Judgements about what the ladder saw
 * are pure functions in ../evidence/derive/.
 */
import type { AuthDiscovery } from '../evidence/auth-types.js';
import { judgeDetection } from '../evidence/derive/detection.js';
import { assembleInventory } from '../evidence/derive/inventory.js';
import { deriveRevision } from '../evidence/derive/revision.js';
import type {
  Detection,
  Evidence,
  HttpEndpoint,
  HttpReply,
  Inventory,
  LegacySessionEvidence,
  ListingEvidence,
  ModernEvidence,
  OriginProbes,
  Probe,
  SseTransportEvidence,
  ToolProbes,
} from '../evidence/types.js';
import { EVIDENCE_SCHEMA_VERSION, isHttpReply } from '../evidence/types.js';
import { resultObject } from '../evidence/parse/json-value.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import type { ReplayShape } from './auth/replay.js';
import { LISTS } from './inventory.js';
import { mainSessionReplies } from './legacy-session.js';
import type { StageContext } from './stages/context.js';
import { publishesPrm, walkAuth } from './stages/auth.js';
import { runHttpSseStage, runsHttpSse } from './stages/http-sse.js';
import { runLadderStage } from './stages/ladder.js';
import { runModernStage } from './stages/modern.js';
import { pinSection } from './stages/pin.js';
import { cleanupOriginSessions, originNotProbed, originReplies, runOriginStage } from './stages/origin.js';
import { runSessionsStage } from './stages/sessions.js';
import { capabilitiesOf, runToolProbesStage, toolProbeReplies } from './stages/tool-probes.js';
import { runTransportSecurityStage } from './stages/transport-security.js';
import { MODERN, streamableHttpChannel } from './channel/streamable-http.js';

const NOT_LISTED: Probe<ListingEvidence> = { kind: 'skipped', reason: 'dependency_failed' };

export async function collect(ctx: StageContext, started: number): Promise<Evidence> {
  const { client, opts } = ctx;
  const transportSecurity = runTransportSecurityStage(ctx);

  // Detect.
  const ladder = await runLadderStage(ctx);
  let sseGet: Probe<HttpReply> = { kind: 'skipped', reason: 'not_needed' };
  let sse: SseTransportEvidence | null = null;
  let sseVersion: string | null = null;
  let sseTools: Probe<ListingEvidence> | null = null;
  let sseIdentity: { serverInfo: unknown; instructions: string | null } | null = null;
  let toolProbes: ToolProbes | null = null;
  if (runsHttpSse(ladder)) {
    const r = await runHttpSseStage(ctx);
    sseGet = r.get;
    if (r.result?.evidence.endpoint) {
      sse = r.result.evidence;
      sseVersion = r.result.version;
      sseTools = r.result.tools;
      toolProbes = r.result.toolProbes;
      sseIdentity = { serverInfo: r.result.serverInfo, instructions: r.result.instructions };
    }
  }
  const main =
    ladder.inits.find((i) => i.offered !== null && i.probe.kind === 'ok' && i.probe.value.status < 300) ??
    null;
  const judged = judgeDetection({
    targetOrigin: ctx.target.origin,
    url: ctx.target.href,
    posts: [ladder.discover, ...ladder.inits.map((i) => i.probe)],
    sseGet,
    sseSpoken: sse !== null,
    modern: ladder.modern.modern,
    handshake: main !== null,
    headersOf: (r) => client.exchanges().find((x) => x.id === r.exchange)?.response?.headers,
  });
  const revision = deriveRevision({
    pinned: opts.spec ?? null,
    modern: ladder.modern,
    inits: ladder.inits,
    sseOnly: sse !== null,
    sseVersions: sseVersion ? [sseVersion] : [],
    oauthSeen: judged.challenge,
    modernOnlyInit: ladder.modern.modern && !main,
  });
  const detection: Detection = {
    discover: ladder.discover,
    inits: ladder.inits,
    transport: judged.transport,
    targetClass: judged.targetClass,
    revision,
    authWall: judged.authWall,
  };
  const endpoint: HttpEndpoint = {
    origin: ctx.target.origin,
    scheme: ctx.target.scheme,
    hostname: ctx.target.hostname,
    address: ctx.address,
    sseGet,
    redirect: judged.redirect,
  };
  const authSignals = [...judged.authSignals];

  let sessions: LegacySessionEvidence | null = null;
  let modern: ModernEvidence | null = null;
  let origin: OriginProbes = originNotProbed();
  let inventory: Inventory | null = null;
  let oauth: AuthDiscovery | null = null;

  if (judged.targetClass === 'reachable') {
    ctx.progress('probing sessions, Origin handling and the inventory');
    // The request that opened the endpoint: the token-tier probes reuse its shape.
    const openShape: ReplayShape | null = main
      ? { kind: 'initialize', version: main.offered ?? main.requested }
      : ladder.modern.modern && ladder.discover.kind === 'ok' && ladder.discover.value.status < 300
        ? { kind: 'discover' }
        : null;
    const ladderReplies = [ladder.discover, ...ladder.inits.map((i) => i.probe), sseGet].flatMap((p) =>
      p.kind === 'ok' ? [p.value] : [],
    );

    // Era stages, concurrently. The OAuth chain starts first: its metadata fetches are the
    // longest dependent path of the scan, and an origin's requests are served in issue order.
    const authPending =
      authSignals.length > 0 || ctx.credentials.bearer
        ? walkAuth(
            ctx,
            revision,
            openShape,
            ladderReplies.filter((r) => r.status === 401 || r.status === 403),
          )
        : Promise.resolve(null);
    const originPending = runOriginStage(ctx, ladder.discover, main, sse);
    const modernPending = ladder.modern.modern
      ? runModernStage(ctx, ladder.discover, main !== null)
      : Promise.resolve(null);
    // Published protected-resource metadata also means authorization is in use ("optional auth").
    const publishedPending =
      authSignals.length > 0 || ctx.credentials.bearer ? Promise.resolve(false) : publishesPrm(ctx);
    let lists: readonly Probe<ListingEvidence>[] = LISTS.map(() => NOT_LISTED);
    if (main && main.probe.kind === 'ok' && judged.transport === 'streamable-http') {
      const s = await runSessionsStage(ctx, main, main.probe.value, ladder.inits);
      sessions = s.sessions;
      lists = s.lists;
      toolProbes = s.toolProbes;
    }
    origin = await originPending;
    modern = await modernPending;
    // A modern-only server: the probes follow the modern listing (`s.tool.unknown` is the modern stage's own).
    if (modern && !toolProbes) {
      const m = modern;
      toolProbes = await runToolProbesStage({
        channel: streamableHttpChannel(client, ctx.target.href, MODERN),
        mode: ctx.mode,
        capabilities: capabilitiesOf(ladder.discover),
        tools: m.lists.find((l) => l.method === 'tools/list')?.probe ?? NOT_LISTED,
        sentUnknown: { name: m.probeNames.body, probe: m.toolUnknown },
      });
    }
    oauth = await authPending;

    // Late authorization: a 401 from any later request, or published metadata.
    // A 401 to `s.tool.unknown` alone shows a server that protects only `tools/call` (AUTHN07).
    const later = [
      ...originReplies(origin),
      ...(sessions ? mainSessionReplies(sessions) : []),
      ...toolProbeReplies(toolProbes).filter(isHttpReply),
    ].filter((r) => r.status === 401);
    if (!oauth && later.length > 0) {
      authSignals.push('401 from the MCP endpoint after initialization');
      oauth = await walkAuth(ctx, revision, openShape, later);
    }
    if ((await publishedPending) && !oauth) {
      authSignals.push('published protected-resource metadata');
      oauth = await walkAuth(ctx, revision, openShape, []);
    }
    // Requests sent without credentials (a token scan) can show authorization the ladder could not.
    if (
      oauth &&
      oauth.challenges.some((c) => c.status === 401) &&
      !authSignals.includes('401 from the MCP endpoint')
    )
      authSignals.push('401 from the MCP endpoint');

    // Cleanup.
    await cleanupOriginSessions(ctx, origin, main?.offered ?? null);

    inventory = assembleInventory({
      lists,
      sseTools,
      sseIdentity,
      legacySession: sessions !== null,
      modern,
      initResult: main?.probe.kind === 'ok' ? resultObject(main.probe.value) : null,
      discover: ladder.discover,
    });
  }

  // The lock's comparison input, when a lock was given (p.pin.jwks runs here).
  const startedAt = new Date(started).toISOString();
  const pin = await pinSection(ctx, { startedAt, detection, inventory, oauth });
  const { tls, plain } = await transportSecurity;
  return {
    schemaVersion: EVIDENCE_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    startedAt,
    durationMs: Date.now() - started,
    target: { kind: 'http', url: ctx.target.href, scope: ctx.scope },
    settings: {
      mode: ctx.mode,
      pinnedRevision: opts.spec ?? null,
      allowPrivate: opts.allowPrivate ?? false,
      tokenSupplied: ctx.credentials.bearer,
    },
    detection,
    modern,
    inventory,
    toolProbes,
    auth: { inUse: authSignals.length > 0, signals: authSignals },
    oauth,
    exchanges: client.exchanges(),
    pin,
    endpoint,
    sessions,
    sse,
    origin,
    tls,
    plain,
    stdio: null,
  };
}
