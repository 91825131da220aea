/**
 * Shared plumbing for the checks that judge authorization-server metadata
 * (ASM, CIMD scan, the intrusive ACT checks): the no_auth precondition in the
 * authorization-server wording, the list of servers to judge per revision, the
 * found document, the right non-verdict when it is missing, and the loop that
 * applies a check's judgement to each server. Checks stay pure functions of the evidence.
 */
import type {
  AsMetadataAttempt,
  AuthDiscovery,
  AuthorizationServerObservation,
  DocumentFetch,
} from '../../evidence/auth-types.js';
import type { Evidence, ExchangeId } from '../../evidence/types.js';
import type { Revision } from '../../spec/revisions.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { isObject } from '../../evidence/parse/json-value.js';
import { asLocation } from '../shared/locations.js';

/** The AS checks run for the MCP endpoint's HTTP transports too: the engine judges the endpoint's transport. */
export const AS_TRANSPORTS = ['streamable-http', 'http+sse', 'as'] as const;

/** Shared note on the transport list, for meta.notes. */
export const AS_TRANSPORT_NOTE =
  'The transport list names the MCP endpoint transports as well as `as`, because the engine matches the detected endpoint transport: with `as` alone the check would be not_applicable whenever the endpoint transport is known (optional authorization, token scans).';

export { isObject } from '../../evidence/parse/json-value.js';

/**
 * The sections the server loop reads: a check that judges servers spreads these into its
 * `requires` and says `judges: 'authorization-server'`, so that the engine answers for a target
 * without an OAuth chain in the authorization server's words (engine/sections.ts).
 */
export const AS_SECTIONS = ['target', 'auth', 'endpoint?', 'oauth'] as const;

/** What the server loop reads of the evidence: the chain, and the MCP origin for the 2025-03-26 AS. */
export type AsEvidence = Pick<Evidence, 'target' | 'auth' | 'endpoint'> & {
  readonly oauth: AuthDiscovery;
};

/** The first PRM candidate that produced a JSON object (the document a client would use). */
export function prmDocument(
  d: AuthDiscovery,
): { readonly json: Readonly<Record<string, unknown>>; readonly exchange: ExchangeId } | null {
  for (const c of d.prm) {
    if (c.fetch.kind !== 'ok') continue;
    const v = c.fetch.value;
    if (v.status >= 200 && v.status < 300 && isObject(v.json)) return { json: v.json, exchange: v.exchange };
  }
  return null;
}

/** The PRM `resource`, when a PRM document carries one. */
export function prmResource(
  d: AuthDiscovery,
): { readonly resource: string; readonly exchange: ExchangeId } | null {
  const doc = prmDocument(d);
  if (!doc || typeof doc.json['resource'] !== 'string') return null;
  return { resource: doc.json['resource'], exchange: doc.exchange };
}

/** The JSON object of a 2xx answer, else null (a JSON error body on a 404 is not metadata). */
export function metadataJson(fetch: DocumentFetch): Readonly<Record<string, unknown>> | null {
  return fetch.status >= 200 && fetch.status < 300 && isObject(fetch.json) ? fetch.json : null;
}

/**
 * Every authorization server to judge: the PRM-listed ones and the 2025-03-26
 * origin AS. When `p.as0326` found origin metadata but the probe did not list
 * it as a server, it is added here so that the origin document is judged too.
 */
export function authorizationServers(
  ev: Pick<Evidence, 'target' | 'endpoint'>,
  d: AuthDiscovery,
): readonly AuthorizationServerObservation[] {
  const listed = d.authorizationServers;
  const base = d.legacyBase;
  // The origin AS is the MCP endpoint's HTTP origin: without an HTTP endpoint there is none.
  const endpoint = ev.endpoint;
  if (!base || !endpoint || base.metadata.kind !== 'ok' || listed.some((s) => s.via === 'origin-2025-03-26'))
    return listed;
  const fetch = base.metadata.value;
  const metadata = metadataJson(fetch);
  if (!metadata) return listed;
  const origin: AuthorizationServerObservation = {
    issuer: endpoint.origin,
    via: 'origin-2025-03-26',
    attempts: [{ url: fetch.url, kind: 'oauth', fetch: base.metadata }],
    found: { attempt: 0, metadata },
    dcrMalformed: { kind: 'skipped', reason: 'not_needed', detail: 'not recorded for the 2025-03-26 origin' },
    // The origin AS is the MCP host itself.
    addresses: [
      {
        role: 'issuer',
        url: endpoint.origin,
        addresses: endpoint.address ? [endpoint.address] : [],
        scope: endpoint.address ? ev.target.scope : null,
      },
    ],
  };
  return [...listed, origin];
}

/**
 * Servers a client of `revision` consults: PRM-listed servers always (their
 * requirements come from RFC 8414 / OIDC), the 2025-03-26 origin AS only for
 * 2025-03-26 clients (and for revision-independent checks, `revision` null).
 */
export function serversFor(
  servers: readonly AuthorizationServerObservation[],
  revision: Revision | null,
): readonly AuthorizationServerObservation[] {
  return servers.filter((s) => s.via === 'prm' || revision === null || revision === '2025-03-26');
}

/** Servers listed through PRM only (for requirements that exist only in the PRM model, ≥2025-06-18). */
export function prmServers(
  servers: readonly AuthorizationServerObservation[],
): readonly AuthorizationServerObservation[] {
  return servers.filter((s) => s.via === 'prm');
}

/** The verdict when there is no authorization server to judge. */
export function noServers(d: AuthDiscovery, ctx: CheckContext, legacyOnly = false): Verdict {
  if (legacyOnly) {
    return ctx.notApplicable(
      'feature_absent',
      'The only authorization server is the 2025-03-26 origin model, which clients of this revision do not consult.',
    );
  }
  if (prmDocument(d) === null) {
    const failed = d.prm.find((c) => c.fetch.kind !== 'ok');
    if (failed && failed.fetch.kind !== 'ok' && d.prm.every((c) => c.fetch.kind !== 'ok')) {
      return ctx.fromProbe(failed.fetch, `The protected-resource metadata fetch (${failed.url})`);
    }
  }
  return ctx.notApplicable(
    'feature_absent',
    'No authorization server was discovered (no PRM lists one and no 2025-03-26 origin metadata was found); the PRM and AUTHN checks judge that.',
  );
}

export interface FoundMetadata {
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly attempt: AsMetadataAttempt;
  /** The final answer that carried the document. */
  readonly fetch: DocumentFetch;
  readonly exchanges: readonly ExchangeId[];
}

export function foundMetadata(obs: AuthorizationServerObservation): FoundMetadata | null {
  if (!obs.found) return null;
  const attempt = obs.attempts[obs.found.attempt];
  if (!attempt || attempt.fetch.kind !== 'ok') return null;
  return {
    metadata: obs.found.metadata,
    attempt,
    fetch: attempt.fetch.value,
    exchanges: attempt.fetch.exchanges.length ? attempt.fetch.exchanges : [attempt.fetch.value.exchange],
  };
}

/** Exchanges of every metadata URL tried for this server. */
export function attemptExchanges(obs: AuthorizationServerObservation): ExchangeId[] {
  return obs.attempts.flatMap((a) => (a.fetch.kind === 'skipped' ? [] : a.fetch.exchanges));
}

/**
 * The verdict for a server whose metadata was not found: inconclusive when a
 * fetch did not complete, otherwise not_applicable (ASM01 reports the absence).
 */
export function missingMetadata(obs: AuthorizationServerObservation, ctx: CheckContext): Verdict {
  const location = asLocation(obs.issuer);
  const incomplete = obs.attempts.find((a) => a.fetch.kind !== 'ok');
  if (incomplete && incomplete.fetch.kind !== 'ok') {
    return ctx.fromProbe(incomplete.fetch, `The metadata fetch ${incomplete.url}`, { location });
  }
  return ctx.notApplicable(
    'feature_absent',
    `${obs.issuer} publishes no metadata document where clients look (MCPP-ASM01 reports it).`,
    { location },
  );
}

/** Which servers a check judges: every one, those a client of the revision consults, or PRM-listed only. */
export type ServerSelection = 'all' | 'revision' | 'prm';

/** One server's verdicts; `d` and `servers` for checks that weigh a server against the rest. */
export type ServerJudge = (
  obs: AuthorizationServerObservation,
  d: AuthDiscovery,
  servers: readonly AuthorizationServerObservation[],
) => Verdict | readonly Verdict[];

/**
 * The verdicts of `judge` for every selected server, or the single verdict that
 * stands in for them: no authorization in use, or no server to judge.
 */
export function judgeServers(
  ev: AsEvidence,
  ctx: CheckContext,
  select: ServerSelection,
  judge: ServerJudge,
): Verdict | readonly Verdict[] {
  const d = ev.oauth;
  const all = authorizationServers(ev, d);
  const servers =
    select === 'prm' ? prmServers(all) : select === 'revision' ? serversFor(all, ctx.revision) : all;
  // Servers found but none selected means only the 2025-03-26 origin AS, which this revision skips.
  if (servers.length === 0) return noServers(d, ctx, all.length > 0);
  return servers.flatMap((s) => judge(s, d, servers));
}

/**
 * As `judgeServers`, for checks that read the metadata document: a server
 * whose metadata was not found gets `missingMetadata` instead.
 */
export function judgeFoundMetadata(
  ev: AsEvidence,
  ctx: CheckContext,
  select: ServerSelection,
  judge: (
    obs: AuthorizationServerObservation,
    found: FoundMetadata,
    d: AuthDiscovery,
    servers: readonly AuthorizationServerObservation[],
  ) => Verdict | readonly Verdict[],
): Verdict | readonly Verdict[] {
  return judgeServers(ev, ctx, select, (obs, d, servers) => {
    const found = foundMetadata(obs);
    return found ? judge(obs, found, d, servers) : missingMetadata(obs, ctx);
  });
}

/** A string-valued array member, or null when the member is absent or not an array of strings. */
export function stringList(
  metadata: Readonly<Record<string, unknown>>,
  member: string,
): readonly string[] | null {
  const v = metadata[member];
  if (!Array.isArray(v)) return null;
  return v.filter((x): x is string => typeof x === 'string');
}

/** Quoted list for messages. */
export function quoteList(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}
