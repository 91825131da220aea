/**
 * The authorization stages (docs/model/authorization.md#signals): the OAuth discovery chain,
 * walked as soon as the ladder shows authorization (or the user brought a token), or later
 * when another stage's request is answered 401 or the server publishes protected-resource
 * metadata although it served anonymous requests ("optional authorization").
 */
import type { AuthDiscovery } from '../../evidence/auth-types.js';
import type { HttpReply, RevisionInfo } from '../../evidence/types.js';
import { jsonObject } from '../auth/document.js';
import { AUTH_PLAN, AUTHZ_PLAN, CLIENT_PLAN, DCR_PLAN, PROXY_PLAN, TOKEN_PLAN } from '../auth/plan.js';
import { CIMD_PLAN } from '../auth/cimd-plan.js';
import { JWT_PLAN } from '../auth/jwt-battery.js';
import { probeAuth } from '../auth/probe-auth.js';
import { SHAPES_PLAN } from '../auth/redirect-shapes.js';
import type { ReplayShape } from '../auth/replay.js';
import { createPrmFetcher, wellKnownPrmUrls } from '../auth/prm.js';
import type { PlanEntry } from '../plan-entry.js';
import type { StageContext } from './context.js';

export const AUTH_STAGE_PLAN: readonly PlanEntry[] = [
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
export function walkAuth(
  ctx: StageContext,
  revision: RevisionInfo,
  openShape: ReplayShape | null,
  challengeReplies: readonly HttpReply[],
): Promise<AuthDiscovery> {
  const o = ctx.opts;
  return probeAuth({
    client: ctx.client,
    url: ctx.url,
    ids: ctx.ids,
    mode: ctx.mode,
    targetScope: ctx.scope,
    challengeReplies,
    candidates: [...revision.known, ...revision.unconfirmed],
    token: o.token ?? null,
    otherTokens: {
      second: o.secondToken ?? null,
      narrow: o.narrowToken ?? null,
      expired: o.expiredToken ?? null,
    },
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
export async function publishesPrm(ctx: StageContext): Promise<boolean> {
  const found = await Promise.all(wellKnownPrmUrls(ctx.url).map(createPrmFetcher(ctx.client, ctx.origin)));
  return found.some((f) => jsonObject(f) !== null);
}
