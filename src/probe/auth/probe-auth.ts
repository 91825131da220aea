/**
 * The OAuth discovery chain as a client walks it before any login (catalogue
 * p.prm, p.as(i), p.as0326, s.xfh, s.token.garbage, s.methods.noauth,
 * s.dcr.malformed, t.decode, and the intrusive i.authz and i.dcr). Three rounds, each internally concurrent:
 *   1. the PRM fetches (issued first), and the safe MCP probes (ids taken here, in a fixed order);
 *   2. the listed authorization servers, as soon as the PRM that lists them is in (not after
 *      all of round 1); s.xfh on each PRM, address resolution, and the 2025-03-26 origin when
 *      no PRM exists;
 *   3. verification of `signed_metadata` (needs the issuers' metadata).
 * Then three sequential rounds: the token tier on the MCP endpoint (./token-tier.ts), the
 * intrusive authorization requests to the first authorization server (./authz.ts), and the
 * intrusive registrations with unsafe redirect URIs there (./dcr-unsafe.ts).
 * Errors are data: nothing here throws for network reasons.
 */
import { randomBytes } from 'node:crypto';
import type {
  AuthDiscovery,
  AuthorizationServerObservation,
  DocumentFetch,
  PrmCandidate,
  TokenProbes,
} from '../../evidence/auth-types.js';
import type { AddressScope, Mode, Probe, HttpReply } from '../../evidence/types.js';
import type { Revision } from '../../spec/revisions.js';
import { LEGACY_REVISIONS_NEWEST_FIRST } from '../../spec/revisions.js';
import type { HttpTarget } from '../../targets/target.js';
import type { ScanCredentials } from '../credentials.js';
import type { HttpClient } from '../http/types.js';
import { RpcIds } from '../mcp-messages.js';
import { deleteSession } from '../legacy-session.js';
import { createRoleResolver } from './addresses.js';
import { discoveryAddresses, listedIssuers } from './listed-issuers.js';
import type { Lookup, ResolveRole } from './addresses.js';
import { observeAuthorizationServer, probeDcrMalformed, resolveAsAddresses } from './as-metadata.js';
import type { CimdOptions } from './cimd.js';
import type { OAuthClientDesignation } from './authz.js';
import { advertisedResourceMetadata, observeChallenges } from './challenges.js';
import { fetchDocument, jsonObject } from './document.js';
import { createKeyLookup } from './keys.js';
import { legacyMetadataUrl, probeLegacyBase } from './legacy-base.js';
import { probeMethodsNoAuth } from './noauth.js';
import { AUTH_PROBES, FORWARDED_HEADERS, FORWARDED_HOST } from './plan.js';
import { createPrmFetcher, firstFoundPrm, wellKnownPrmUrls } from './prm.js';
import type { CandidateUrl } from './prm.js';
import { firstChallengeShape, replay } from './replay.js';
import type { ReplayShape } from './replay.js';
import { examineSigned } from './signed-metadata.js';
import { sequentialRounds } from './sequential-rounds.js';
import type { RoundsContext } from './sequential-rounds.js';

export interface AuthProbeContext extends RoundsContext {
  readonly client: HttpClient;
  /** The MCP endpoint. */
  readonly target: HttpTarget;
  readonly ids: RpcIds;
  readonly mode: Mode;
  readonly targetScope: AddressScope;
  /** Every 401/403 reply from the detection ladder. */
  readonly challengeReplies: readonly HttpReply[];
  /** K ∪ U. */
  readonly candidates: readonly Revision[];
  /** What the user supplied (claims decoded once); the client attaches it to requests by origin. */
  readonly credentials: ScanCredentials;
  /** The request that opened the endpoint in the ladder, when one was served (token probes reuse it). */
  readonly openShape?: ReplayShape | null;
  /** A pre-registered OAuth client the user designated (i.client), for the intrusive i.authz probes. */
  readonly oauthClient?: OAuthClientDesignation | null;
  /** The intrusive CIMD requests' variants host and opt-ins (i.cimd). */
  readonly cimd?: CimdOptions;
  /** Resolver override for tests (as the client's). */
  readonly lookup?: Lookup;
}

/** The id of an s.xfh sent after the no-auth methods answered: its own range keeps it stable. */
const LATE_XFH_ID = 9_501;

const MODE_DISABLED = { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode safe' } as const;

function okReplies(probes: readonly Probe<HttpReply>[]): HttpReply[] {
  return probes.flatMap((p) => (p.kind === 'ok' ? [p.value] : []));
}

/**
 * The shape of the first anonymous `initialize` or `server/discover` answered 401, rebuilt as the
 * no-auth probe sent it (the newest candidate legacy version for initialize).
 */
function anonymousChallengeShape(
  methods: readonly { readonly method: string; readonly probe: Probe<HttpReply> }[],
  candidates: readonly Revision[],
): ReplayShape | null {
  for (const m of methods) {
    if (m.probe.kind !== 'ok' || m.probe.value.status !== 401) continue;
    if (m.method === 'server/discover') return { kind: 'discover' };
    if (m.method === 'initialize') {
      const version = LEGACY_REVISIONS_NEWEST_FIRST.find((r) => candidates.includes(r)) ?? '2025-11-25';
      return { kind: 'initialize', version };
    }
  }
  return null;
}

/** 43 base64url characters, like a real opaque token. */
function garbageToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Round 1's crafted requests, started now (their ids are taken in a fixed order): garbage token, no-auth methods, s.xfh. */
function startRound1(ctx: AuthProbeContext, shape: ReplayShape | null) {
  const { client, ids, mode } = ctx;
  const url = ctx.target.href;
  const safe = mode !== 'passive';
  const garbagePending: Promise<Probe<HttpReply>> = safe
    ? replay(ids, {
        client,
        url,
        shape: shape ?? { kind: 'discover' },
        headers: { authorization: `Bearer ${garbageToken()}` },
        probe: AUTH_PROBES.garbage,
        purpose: 'the first 401-yielding MCP request with a random bearer token (expects 401 invalid_token)',
        attachCredentials: false,
      })
    : Promise.resolve(MODE_DISABLED);
  const methodsPending = safe
    ? probeMethodsNoAuth({ client, url, ids, candidates: ctx.candidates })
    : Promise.resolve([]);
  const forwarded = (s: ReplayShape, attachCredentials: boolean, idSource: RpcIds) =>
    replay(idSource, {
      client,
      url,
      shape: s,
      headers: FORWARDED_HEADERS,
      probe: AUTH_PROBES.xfh,
      purpose: `the 401-yielding request with forwarding headers naming ${FORWARDED_HOST}`,
      attachCredentials,
    });
  // Behind a valid token the ladder saw no 401: the anonymous request that got one is replayed
  // instead, once the no-auth methods have answered (without credentials, as it was sent).
  const forwardedPending: Promise<Probe<HttpReply>> = !safe
    ? Promise.resolve(MODE_DISABLED)
    : shape !== null
      ? forwarded(shape, true, ids)
      : methodsPending.then((methods) => {
          const anonymous = anonymousChallengeShape(methods, ctx.candidates);
          return anonymous
            ? forwarded(anonymous, false, new RpcIds(LATE_XFH_ID))
            : { kind: 'skipped', reason: 'not_needed', detail: 'no MCP request was answered 401' };
        });
  return Promise.all([garbagePending, methodsPending, forwardedPending]);
}

export async function probeAuth(ctx: AuthProbeContext): Promise<AuthDiscovery> {
  const { client, mode } = ctx;
  const origin = ctx.target.origin;
  const safe = mode !== 'passive';
  const resolve = createRoleResolver(ctx.lookup);
  const fetchPrm = createPrmFetcher(client, origin);

  // Round 1. The protected-resource metadata goes first: the rest of the chain waits on it, and
  // the per-origin limiter serves requests in the order they are issued.
  const ladderChallenges = observeChallenges(client, ctx.challengeReplies);
  const shape = firstChallengeShape(ladderChallenges);
  const ladderMetadata = advertisedResourceMetadata(ladderChallenges);
  const wellKnown = wellKnownPrmUrls(ctx.target.url);
  const early: CandidateUrl[] = [
    ...(ladderMetadata !== null ? [{ source: 'challenge' as const, url: ladderMetadata }] : []),
    ...wellKnown,
  ];
  const earlyFetches = early.map((c) => fetchPrm(c));
  // JSON-RPC ids are taken synchronously in this order: garbage token, no-auth methods, s.xfh.
  const round1 = startRound1(ctx, shape);
  // Challenges from every anonymous or crafted-token request, in issue order.
  const challengesOf = ([garbage, methodsNoAuth]: Awaited<typeof round1>) =>
    observeChallenges(client, [
      ...ctx.challengeReplies,
      ...okReplies([garbage, ...methodsNoAuth.map((m) => m.probe)]),
    ]);

  // Round 2 starts when its input is in, not when all of round 1 is. With a challenge from the
  // ladder, the metadata URL is known now; behind a valid token, the anonymous probes may name it.
  const challengesPending = round1.then(challengesOf);
  const resourceMetadataPending: Promise<string | null> =
    ladderMetadata !== null
      ? Promise.resolve(ladderMetadata)
      : Promise.all([challengesPending, ...earlyFetches]).then(([c]) => advertisedResourceMetadata(c));
  const candidatesPending = resourceMetadataPending.then((resourceMetadata) =>
    [
      ...(resourceMetadata !== null ? [{ source: 'challenge' as const, url: resourceMetadata }] : []),
      ...wellKnown,
    ].map((c) => ({ source: c.source, url: c.url, pending: fetchPrm(c) })),
  );
  const fetchedPending = candidatesPending.then((cs) =>
    Promise.all(cs.map(async (c) => ({ source: c.source, url: c.url, fetch: await c.pending }))),
  );
  // The document the chain follows is the first candidate, in order, that is one: it is known
  // as soon as the candidates before it are in, without waiting for those after it.
  const documentPending = candidatesPending.then(async (cs) => {
    for (const c of cs) {
      const document = jsonObject(await c.pending);
      if (document) return document;
    }
    return null;
  });
  const asContext = { client, mode, targetOrigin: origin, resolve };
  const serversPending = documentPending.then((document) =>
    Promise.all(
      (document ? listedIssuers(document) : []).map(({ index, issuer }) =>
        observeAuthorizationServer(asContext, issuer, index),
      ),
    ),
  );

  const [garbage, methodsNoAuth, forwardedChallenge] = await round1;
  const cleanup = closeSessions(ctx, [garbage, forwardedChallenge, ...methodsNoAuth.map((m) => m.probe)]);
  const challenges = await challengesPending;
  const resourceMetadata = await resourceMetadataPending;
  const fetched = await fetchedPending;
  const found = firstFoundPrm(fetched);
  const prmDocument = found?.document ?? null;

  const forwardedPrmPending = safe
    ? forwardedPrmFetches(ctx, fetched, resourceMetadata)
    : Promise.resolve([]);
  const legacyPending =
    found === null && ctx.candidates.includes('2025-03-26')
      ? probeLegacyBase(client, origin)
      : Promise.resolve(null);
  const [servers, forwardedPrm, addresses, legacyBase] = await Promise.all([
    serversPending,
    forwardedPrmPending,
    discoveryAddresses(resolve, resourceMetadata, prmDocument),
    legacyPending,
    cleanup,
  ]);

  const authorizationServers = await withOriginServer(asContext, origin, servers, legacyBase);

  // Round 3.
  const prm = await verifySigned(ctx, fetched, authorizationServers);

  const { tokenProbes, authz, dcrUnsafe, proxy, cimd, shapes } = await sequentialRounds(ctx, {
    asContext,
    server: authorizationServers[0],
    prmDocument,
    challenges,
  });

  return {
    // The token probes' challenges count too (every 401 is judged), except t.query's: its token
    // travels in the URL, so "no credentials sent" would misjudge its challenge.
    challenges: [...challenges, ...observeChallenges(client, tokenTierReplies(tokenProbes))],
    prm,
    authorizationServers,
    tokenProbes,
    authz,
    dcrUnsafe,
    proxy,
    cimd,
    shapes,
    legacyBase,
    garbageToken: garbage,
    forwarded: { challenge: forwardedChallenge, prm: forwardedPrm },
    methodsNoAuth,
    addresses,
    tokenClaims: ctx.credentials.claims,
    tokenKind: ctx.credentials.kind,
  };
}

type Fetched = readonly Omit<PrmCandidate, 'signed'>[];

/** Every PRM document found, fetched again with forwarding headers naming another host (s.xfh). */
function forwardedPrmFetches(ctx: AuthProbeContext, fetched: Fetched, resourceMetadata: string | null) {
  const foundUrls = [...new Set(fetched.filter((c) => jsonObject(c.fetch)).map((c) => c.url))];
  return Promise.all(
    foundUrls.map(async (u) => ({
      url: u,
      fetch: await fetchDocument(ctx.client, {
        url: u,
        probe: AUTH_PROBES.xfhPrm,
        purpose: `protected-resource metadata with forwarding headers naming ${FORWARDED_HOST}`,
        source: u === resourceMetadata ? 'learned' : 'user',
        targetOrigin: ctx.target.origin,
        headers: FORWARDED_HEADERS,
        sameOriginRedirectsOnly: true,
      }),
    })),
  );
}

/** Round 3: each PRM candidate with its `signed_metadata` verified against the issuers' keys. */
function verifySigned(
  ctx: AuthProbeContext,
  fetched: Fetched,
  servers: readonly AuthorizationServerObservation[],
): Promise<PrmCandidate[]> {
  const keysFor = createKeyLookup({ client: ctx.client, targetOrigin: ctx.target.origin, servers });
  return Promise.all(
    fetched.map(async (c) => {
      const doc = jsonObject(c.fetch);
      const signed =
        doc && Object.hasOwn(doc, 'signed_metadata')
          ? await examineSigned(doc['signed_metadata'], keysFor(doc))
          : null;
      return { ...c, signed };
    }),
  );
}

function tokenTierReplies(t: TokenProbes): HttpReply[] {
  const replay = t.sessionReplay.kind === 'ok' ? t.sessionReplay.value : null;
  const others = [t.foreign, t.narrow].flatMap((p) => (p.kind === 'ok' ? p.value.replies : []));
  return okReplies([
    ...(replay ? [replay.control, replay.withoutToken, replay.garbageToken] : []),
    ...others.map((r) => r.probe),
    t.forged,
    ...(t.jwtBattery?.kind === 'ok' ? t.jwtBattery.value.cases.map((c) => c.probe) : []),
  ]);
}

/** A server that let an unauthenticated (or garbage-token) initialize through opened a session: close it. */
async function closeSessions(ctx: AuthProbeContext, probes: readonly Probe<HttpReply>[]): Promise<void> {
  const sessions = new Set<string>();
  for (const r of okReplies(probes)) if (r.sessionId !== null && r.status < 300) sessions.add(r.sessionId);
  await Promise.all(
    [...sessions].map((id) =>
      deleteSession(
        { client: ctx.client, url: ctx.target.href, ids: ctx.ids, mode: 'passive' },
        id,
        'p.delete.cleanup',
        'DELETE a session opened by an authorization probe',
        null,
      ),
    ),
  );
}

/** The listed authorization servers, and the 2025-03-26 origin when it publishes metadata. */
async function withOriginServer(
  ctx: { client: HttpClient; mode: Mode; resolve: ResolveRole },
  origin: string,
  servers: readonly AuthorizationServerObservation[],
  legacyBase: { readonly metadata: Probe<DocumentFetch> } | null,
): Promise<AuthorizationServerObservation[]> {
  const originMetadata = legacyBase ? jsonObject(legacyBase.metadata) : null;
  if (!legacyBase || !originMetadata) return [...servers];
  return [...servers, await originServer(ctx, origin, legacyBase.metadata, originMetadata)];
}

/** The 2025-03-26 origin as an authorization server (ASM checks run on it like on a listed one). */
async function originServer(
  ctx: { client: HttpClient; mode: Mode; resolve: ResolveRole },
  origin: string,
  fetch: Probe<DocumentFetch>,
  metadata: Record<string, unknown>,
): Promise<AuthorizationServerObservation> {
  const [dcrMalformed, addresses] = await Promise.all([
    probeDcrMalformed(ctx.client, metadata, ctx.mode),
    resolveAsAddresses(ctx.resolve, origin, metadata),
  ]);
  return {
    issuer: origin,
    via: 'origin-2025-03-26',
    attempts: [{ url: legacyMetadataUrl(origin), kind: 'oauth', fetch }],
    found: { attempt: 0, metadata },
    dcrMalformed,
    addresses,
  };
}
