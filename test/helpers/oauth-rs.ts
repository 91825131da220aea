/**
 * Extra builders for the resource-server side checks (AUTHN, PRM, SCP, ACT04,
 * TRN10/TRN15), layered on `oauthEvidence()` of oauth.ts: unauthenticated
 * listings, credentialed requests, forwarded-header refetches, signed metadata,
 * public targets and documents with chosen headers or redirect hops.
 */
import type { DocumentFetch, PrmCandidate, SignedMetadata } from '../../src/evidence/auth-types.js';
import type {
  Evidence,
  ExchangeId,
  Inventory,
  LegacySessionEvidence,
  ListingEvidence,
  Probe,
  HttpReply,
} from '../../src/evidence/types.js';
import type { EvidenceBuilder } from './evidence.js';
import { evidence, setHttpTarget } from './evidence.js';
import type { OAuthDraft, Patchable } from './oauth.js';
import { docFetch, oauthEvidence, PRM_URL } from './oauth.js';

export { oauthEvidence };

/** Adds a redacted `Authorization` header to the recorded request of an exchange (a credentialed request). */
export function withCredentials(b: EvidenceBuilder, id: ExchangeId): void {
  const i = b.exchanges.findIndex((x) => x.id === id);
  const x = b.exchanges[i]!;
  b.exchanges[i] = {
    ...x,
    request: { ...x.request, headers: { ...x.request.headers, authorization: 'Bearer [REDACTED]' } },
  };
}

/** Sets a header on the recorded response of an exchange. */
export function setResponseHeader(b: EvidenceBuilder, id: ExchangeId, name: string, values: string[]): void {
  const i = b.exchanges.findIndex((x) => x.id === id);
  const x = b.exchanges[i]!;
  b.exchanges[i] = {
    ...x,
    response: { ...x.response!, headers: { ...x.response!.headers, [name]: values } },
  };
}

/** An unauthenticated listing: served with `items`, or refused with `status`. */
export function listing(
  b: EvidenceBuilder,
  field: 'tools' | 'prompts' | 'resources' | 'resourceTemplates',
  items: unknown[],
  status = 200,
): Probe<ListingEvidence> {
  const reply =
    status === 200
      ? b.reply({ result: { [field]: items } })
      : b.reply({ status, mediaType: null, headers: status === 401 ? { 'www-authenticate': 'Bearer' } : {} });
  return b.ok(
    { items: status === 200 ? items : [], pages: 1, truncated: false, replies: [reply] },
    reply.exchange,
  );
}

/** Sets the inventory; kinds not given are served empty. */
export function setInventory(
  ev: Patchable,
  b: EvidenceBuilder,
  lists: Partial<Record<'tools' | 'prompts' | 'resources' | 'resourceTemplates', Probe<ListingEvidence>>>,
): void {
  const inventory: Inventory = {
    tools: lists.tools ?? listing(b, 'tools', []),
    prompts: lists.prompts ?? listing(b, 'prompts', []),
    resources: lists.resources ?? listing(b, 'resources', []),
    resourceTemplates: lists.resourceTemplates ?? listing(b, 'resourceTemplates', []),
    serverInfo: null,
    instructions: null,
  };
  Object.assign(ev, { inventory });
}

/** Marks authorization as in use without changing anything else (optional-auth servers). */
export function authInUse(ev: Patchable, signals: string[] = ['published PRM']): void {
  ev.auth = { inUse: true, signals };
}

/** A public https target (PRM14, AUTHN01 severity). */
export function publicTarget(ev: Patchable): void {
  setHttpTarget(ev, {
    url: 'https://mcp.example.com/mcp',
    origin: 'https://mcp.example.com',
    scheme: 'https',
    hostname: 'mcp.example.com',
    address: '203.0.113.10',
    scope: 'public',
  });
}

/** A compact JWS with the given header and claims (signature bytes are arbitrary: never verified in tests). */
export function jws(header: Record<string, unknown>, claims: Record<string, unknown>): string {
  const part = (o: Record<string, unknown>) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part(header)}.${part(claims)}.c2lnbmF0dXJl`;
}

/** Replaces the first PRM candidate's document; `signed` records the probe's decoding. */
export function setPrm(
  d: OAuthDraft,
  b: EvidenceBuilder,
  json: unknown,
  opts: {
    source?: PrmCandidate['source'];
    url?: string;
    status?: number;
    mediaType?: string | null;
    headers?: Record<string, string>;
    hops?: DocumentFetch['hops'];
    signed?: SignedMetadata | null;
  } = {},
): void {
  const url = opts.url ?? PRM_URL;
  d.prm[0] = {
    source: opts.source ?? 'path-inserted',
    url,
    fetch: docFetch(b, url, json, {
      ...(opts.status !== undefined ? { status: opts.status } : {}),
      ...(opts.mediaType !== undefined ? { mediaType: opts.mediaType } : {}),
      ...(opts.headers ? { headers: opts.headers } : {}),
      ...(opts.hops ? { hops: opts.hops } : {}),
    }),
    signed: opts.signed ?? null,
  };
}

/** A redirect hop recorded before a document's final answer. */
export function hop(
  b: EvidenceBuilder,
  from: string,
  location: string,
  status = 301,
): DocumentFetch['hops'][number] {
  const exchange = b.exchange({ method: 'GET', url: from, status, headers: { location }, probe: 'p.prm' });
  return { status, location, exchange };
}

/** Records `s.xfh`: the forwarded 401 with `header`, and a PRM refetch per URL. */
export function setForwarded(
  d: OAuthDraft,
  b: EvidenceBuilder,
  challengeHeader: string | null,
  prm: { url: string; json: unknown }[],
): void {
  const challenge: Probe<HttpReply> =
    challengeHeader === null
      ? { kind: 'skipped', reason: 'not_needed' }
      : b.ok(b.reply({ status: 401, mediaType: null, headers: { 'www-authenticate': challengeHeader } }));
  d.forwarded = {
    challenge,
    prm: prm.map((p) => ({ url: p.url, fetch: docFetch(b, p.url, p.json) })),
  };
}

/** Replaces one `s.methods.noauth` answer. */
export function setMethod(d: OAuthDraft, method: string, probe: Probe<HttpReply>): void {
  const i = d.methodsNoAuth.findIndex((m) => m.method === method);
  if (i >= 0) d.methodsNoAuth[i] = { method, probe };
  else d.methodsNoAuth.push({ method, probe });
}

/** The default (well-behaved, unprotected) evidence with authorization signalled, sessions and all. */
export function sessionServer(patch?: (ev: Patchable, b: EvidenceBuilder) => void): Evidence {
  return evidence((ev, b) => {
    ev.auth = { inUse: true, signals: ['401 from the MCP endpoint'] };
    patch?.(ev, b);
  });
}

/** Replaces fields of `ev.sessions` (which must be set). */
export function setLegacy(ev: Patchable, patch: Partial<LegacySessionEvidence>): void {
  ev.sessions = { ...(ev.sessions as LegacySessionEvidence), ...patch };
}
