/**
 * The authorization stages (docs/model/authorization.md#signals): the OAuth discovery chain,
 * walked as soon as the ladder shows authorization (or the user brought a token), or later
 * when another stage's request is answered 401 or the server publishes protected-resource
 * metadata although it served anonymous requests ("optional authorization").
 */
import type { AuthDiscovery } from '../../evidence/auth-types.js';
import type { HttpReply, RevisionInfo } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { jsonObject } from '../auth/document.js';
import { AUTH_PLAN, AUTHZ_PLAN, CLIENT_PLAN, DCR_PLAN, PROXY_PLAN, TOKEN_PLAN } from '../auth/plan.js';
import { CIMD_PLAN } from '../auth/cimd-plan.js';
import { JWT_PLAN } from '../auth/jwt-battery.js';
import { probeAuth } from '../auth/probe-auth.js';
import { SHAPES_PLAN } from '../auth/redirect-shapes.js';
import type { ReplayShape } from '../auth/replay.js';
import { createPrmFetcher, wellKnownPrmUrls } from '../auth/prm.js';
import type { PlanEntry } from '../plan-entry.js';
import { mainSessionReplies } from '../legacy-session.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import type { StageContext } from './context.js';
import { reachable } from './detection.js';
import { originReplies } from './origin.js';
import type { HttpSofar } from './state.js';
import { toolProbeReplies } from './tool-probes.js';

const AUTH_STAGE_PLAN: readonly PlanEntry[] = [
  ...AUTH_PLAN,
  ...TOKEN_PLAN,
  ...JWT_PLAN,
  ...CLIENT_PLAN,
  ...AUTHZ_PLAN,
  ...DCR_PLAN,
  ...PROXY_PLAN,
  ...CIMD_PLAN,
  ...SHAPES_PLAN,
].map((p) => ({ ...p, when: p.when ? `authorization in use; ${p.when}` : 'authorization in use' }));

/** Walks the OAuth chain from the given 401/403 replies (none: from the well-known PRM URLs). */
function walkAuth(
  ctx: StageContext,
  revision: RevisionInfo,
  openShape: ReplayShape | null,
  challengeReplies: readonly HttpReply[],
): Promise<AuthDiscovery> {
  const o = ctx.opts;
  return probeAuth({
    client: ctx.client,
    target: ctx.target,
    ids: ctx.ids,
    mode: ctx.mode,
    targetScope: ctx.scope,
    challengeReplies,
    candidates: [...revision.known, ...revision.unconfirmed],
    credentials: ctx.credentials,
    openShape,
    ...(o.lookup ? { lookup: o.lookup } : {}),
    oauthClient: o.oauthClient ?? null,
    cimd: {
      base: o.cimd?.base ?? null,
      specialUse: o.cimd?.specialUse ?? false,
      tls: o.cimd?.tls ?? null,
    },
  });
}

/** Two GETs of the well-known protected-resource metadata URLs: is a JSON document published? */
async function publishesPrm(ctx: StageContext): Promise<boolean> {
  const found = await Promise.all(
    wellKnownPrmUrls(ctx.target.url).map(createPrmFetcher(ctx.client, ctx.target.origin)),
  );
  return found.some((f) => jsonObject(f) !== null);
}

/** Authorization is known to be in use before the era stages: detection saw it, or a token was supplied. */
function signalledEarly(ctx: StageContext, sofar: Readonly<Partial<HttpSofar>>): boolean {
  return need(sofar, 'detected').authSignals.length > 0 || ctx.credentials.bearer;
}

/**
 * Era, first: its metadata fetches are the longest dependent path of the scan, and an origin's
 * requests are served in issue order.
 */
export const EARLY_AUTH_STAGE: Stage<StageContext, HttpSofar, 'earlyOauth'> = {
  id: 'auth',
  plan: AUTH_STAGE_PLAN,
  needs: ['detected'],
  produces: ['earlyOauth'],
  when: (ctx, sofar) => reachable(sofar) && signalledEarly(ctx, sofar),
  run: async (ctx, sofar) => {
    const d = need(sofar, 'detected');
    const challenged = d.ladderReplies.filter((r) => r.status === 401 || r.status === 403);
    return { earlyOauth: await walkAuth(ctx, d.detection.revision, d.openShape, challenged) };
  },
};

/** Published protected-resource metadata also means authorization is in use ("optional auth"). */
export const PUBLISHED_PRM_STAGE: Stage<StageContext, HttpSofar, 'publishesPrm'> = {
  id: 'published-prm',
  plan: [],
  needs: ['detected'],
  produces: ['publishesPrm'],
  when: (ctx, sofar) => reachable(sofar) && !signalledEarly(ctx, sofar),
  run: async (ctx) => ({ publishesPrm: await publishesPrm(ctx) }),
};

/**
 * Late authorization: a 401 from any later request, or published metadata. A 401 to
 * `s.tool.unknown` alone shows a server that protects only `tools/call` (AUTHN07).
 */
export const LATE_AUTH_STAGE: Stage<StageContext, HttpSofar, 'auth'> = {
  id: 'late-auth',
  plan: [],
  needs: [
    'detected',
    'earlyOauth',
    'publishesPrm',
    'origin',
    'sessions',
    'sessionToolProbes',
    'modernToolProbes',
    'sseToolProbes',
  ],
  produces: ['auth'],
  run: async (ctx, sofar) => {
    const d = need(sofar, 'detected');
    const signals = [...d.authSignals];
    let oauth = sofar.earlyOauth ?? null;
    if (!reachable(sofar)) return { auth: { oauth, signals } };
    const toolProbes = sofar.sseToolProbes ?? sofar.sessionToolProbes ?? sofar.modernToolProbes ?? null;
    const later = [
      ...(sofar.origin ? originReplies(sofar.origin) : []),
      ...(sofar.sessions ? mainSessionReplies(sofar.sessions) : []),
      ...toolProbeReplies(toolProbes).filter(isHttpReply),
    ].filter((r) => r.status === 401);
    const revision = d.detection.revision;
    if (!oauth && later.length > 0) {
      signals.push('401 from the MCP endpoint after initialization');
      oauth = await walkAuth(ctx, revision, d.openShape, later);
    }
    if (sofar.publishesPrm && !oauth) {
      signals.push('published protected-resource metadata');
      oauth = await walkAuth(ctx, revision, d.openShape, []);
    }
    // Requests sent without credentials (a token scan) can show authorization the ladder could not.
    if (oauth?.challenges.some((c) => c.status === 401) && !signals.includes('401 from the MCP endpoint'))
      signals.push('401 from the MCP endpoint');
    return { auth: { oauth, signals } };
  },
};
