/**
 * Rounds 4 to 9 of the OAuth chain (./probe-auth.ts), one after another once discovery is done:
 * the token tier on the MCP endpoint (./token-tier.ts), then the intrusive requests to the first
 * authorization server: authorization requests (./authz.ts), registrations with unsafe redirect
 * URIs (./dcr-unsafe.ts), two fresh clients (./proxy.ts), URL client IDs (./cimd.ts) and one
 * registration per redirect URI shape (./redirect-shapes.ts).
 */
import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import type { AddressScope, Mode } from '../../evidence/types.js';
import type { HttpTarget } from '../../targets/target.js';
import type { ScanCredentials } from '../credentials.js';
import type { HttpClient } from '../http/types.js';
import { RpcIds } from '../mcp-messages.js';
import type { ResolveRole } from './addresses.js';
import { probeAuthz } from './authz.js';
import type { OAuthClientDesignation } from './authz.js';
import type { observeChallenges } from './challenges.js';
import { probeCimd } from './cimd.js';
import type { CimdOptions } from './cimd.js';
import { probeDcrUnsafe } from './dcr-unsafe.js';
import { listedIssuers } from './listed-issuers.js';
import { probeProxy } from './proxy.js';
import { probeRedirectShapes } from './redirect-shapes.js';
import { firstChallengeShape } from './replay.js';
import type { ReplayShape } from './replay.js';
import { advertisedScopes } from './scopes.js';
import { probeTokenTier } from './token-tier.js';

/** JSON-RPC ids of the token-tier probes start here (far above what the rest of a scan takes). */
const TOKEN_TIER_FIRST_ID = 9_001;

/** What these rounds read of the chain's context (./probe-auth.ts `AuthProbeContext`). */
export interface RoundsContext {
  readonly client: HttpClient;
  readonly target: HttpTarget;
  readonly mode: Mode;
  readonly targetScope: AddressScope;
  readonly credentials: ScanCredentials;
  readonly openShape?: ReplayShape | null;
  readonly oauthClient?: OAuthClientDesignation | null;
  readonly cimd?: CimdOptions;
}

/** Rounds 4 to 8, one after another: the token tier, then the intrusive requests to the first authorization server. */
export async function sequentialRounds(
  ctx: RoundsContext,
  found: {
    readonly asContext: { client: HttpClient; mode: Mode; targetOrigin: string; resolve: ResolveRole };
    readonly server: AuthorizationServerObservation | undefined;
    readonly prmDocument: Record<string, unknown> | null;
    readonly challenges: Awaited<ReturnType<typeof observeChallenges>>;
  },
) {
  const { client, mode } = ctx;
  const url = ctx.target.href;
  const { asContext, prmDocument, challenges } = found;
  // Round 4, sequential: the token-tier and intrusive bearer-token probes.
  const scopes = advertisedScopes(prmDocument, challenges);
  const resource = prmDocument?.['resource'];
  const tokenProbes = await probeTokenTier({
    client: ctx.client,
    target: ctx.target,
    // The listings run concurrently with this chain: a range of its own keeps these ids stable.
    ids: new RpcIds(TOKEN_TIER_FIRST_ID),
    mode,
    shape: ctx.openShape ?? firstChallengeShape(challenges) ?? { kind: 'discover' },
    credentials: ctx.credentials,
    resource: typeof resource === 'string' ? resource : url,
    issuer: (prmDocument ? listedIssuers(prmDocument)[0]?.issuer : undefined) ?? null,
    scopes,
    jwksUri: stringOr(found.server?.found?.metadata['jwks_uri']),
    targetScope: ctx.targetScope,
  });

  // Round 5, sequential: the intrusive authorization requests to the first authorization server.
  const authz = await probeAuthz({
    client,
    mode,
    oauthClient: ctx.oauthClient ?? null,
    server: found.server,
    scopes,
    resource: typeof resource === 'string' ? resource : url,
  });

  // Round 6, sequential: the intrusive registrations with unsafe redirect URIs (and their cleanup).
  const dcrUnsafe = await probeDcrUnsafe({ client, mode, server: found.server });

  // Round 7, sequential: two fresh clients and their authorization requests (ACT12), then deleted.
  const firstServer = {
    client,
    mode,
    server: found.server,
    scopes,
    resource: typeof resource === 'string' ? resource : url,
  };
  const proxy = await probeProxy(firstServer);

  // Round 8, sequential: authorization requests with URL client IDs (CIMD10–CIMD19).
  const cimdOptions = ctx.cimd ?? { base: null, specialUse: false, tls: null };
  const cimd = await probeCimd({
    ...asContext,
    server: found.server,
    scopes,
    options: cimdOptions,
    resource: typeof resource === 'string' ? resource : url,
  });

  // Round 9, sequential: a registration per redirect URI shape clients use (./redirect-shapes.ts).
  const shapes = await probeRedirectShapes(firstServer);

  return { tokenProbes, authz, dcrUnsafe, proxy, cimd, shapes };
}

const stringOr = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
