/**
 * The current surface in the lock's shape (docs/pinning.md#what-the-lock-records): a pure
 * function of the evidence and of the JWKS thumbprints the `p.pin.jwks` probe computed. The
 * same function makes the entry `--update-lock` writes and the `current` side the PIN checks
 * compare, so what is recorded and what is compared cannot drift apart. No credential enters it:
 * the evidence it reads holds none (the token never appears in parsed server data after the
 * scan's redaction pass) and the token-related members of the evidence are not read.
 */
import type { AuthDiscovery } from '../evidence/auth-types.js';
import type { Detection, Evidence } from '../evidence/types.js';
import type {
  ItemKind,
  JwksObservation,
  LockAuthorizationServer,
  LockEntry,
  LockItem,
  LockProtectedResource,
  LockProtocol,
  LockSurface,
} from '../evidence/pin-types.js';
import { asObject, isObject } from '../evidence/parse/json-value.js';
import { LISTED_KINDS, listingOf } from '../surface/items.js';
import { hashOf } from './canonical.js';

/** The field groups hashed on their own per kind; everything else is `other`. */
export const FIELD_GROUPS: Readonly<Record<ItemKind, readonly string[]>> = {
  tool: ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'],
  prompt: ['name', 'title', 'description', 'arguments'],
  resource: ['uri', 'name', 'title', 'description', 'mimeType'],
  resourceTemplate: ['uriTemplate', 'name', 'title', 'description', 'mimeType'],
};

/** The PRM members and challenge parameters pinned (PIN05). */
export const PRM_MEMBERS = [
  'resource',
  'authorization_servers',
  'scopes_supported',
  'bearer_methods_supported',
];
export const CHALLENGE_PARAMS = ['resource_metadata', 'scope'];

/** The AS metadata members pinned besides every `*_endpoint` (PIN06). */
export const AS_MEMBERS = [
  'issuer',
  'jwks_uri',
  'code_challenge_methods_supported',
  'grant_types_supported',
  'response_types_supported',
  'client_id_metadata_document_supported',
  'authorization_response_iss_parameter_supported',
];

/** One item's lock record: the definition, its hash and the hash of each field group. */
export function lockItem(kind: ItemKind, definition: Readonly<Record<string, unknown>>): LockItem {
  const groups = FIELD_GROUPS[kind];
  const fields: [string, ReturnType<typeof hashOf>][] = [];
  const other: [string, unknown][] = [];
  for (const [k, v] of Object.entries(definition)) {
    if (groups.includes(k)) fields.push([k, hashOf(v)]);
    else other.push([k, v]);
  }
  if (other.length > 0) fields.push(['other', hashOf(Object.fromEntries(other))]);
  return { hash: hashOf(definition), fields: Object.fromEntries(fields), definition };
}

function surfaceOf(inv: NonNullable<Evidence['inventory']>): LockSurface | null {
  const out: Record<string, Record<string, LockItem>> = {};
  const incomplete: ItemKind[] = [];
  let listed = 0;
  for (const k of LISTED_KINDS) {
    const list = listingOf(inv, k);
    // A Map, then own properties: a server's `__proto__` tool stays a tool.
    const items = new Map<string, LockItem>();
    if (list === null || list.truncated) incomplete.push(k.kind);
    if (list !== null) listed += 1;
    for (const raw of list?.items ?? []) {
      const def = asObject(raw);
      const key = def?.[k.key];
      // The first of duplicate names wins, as a client keeps the first it sees.
      if (def && typeof key === 'string' && !items.has(key)) items.set(key, lockItem(k.kind, def));
    }
    out[k.list] = Object.fromEntries(items);
  }
  if (listed === 0) return null;
  return {
    tools: out['tools']!,
    prompts: out['prompts']!,
    resources: out['resources']!,
    resourceTemplates: out['resourceTemplates']!,
    instructions:
      inv.instructions === null ? null : { hash: hashOf(inv.instructions), text: inv.instructions },
    serverInfo:
      inv.serverInfo === null || inv.serverInfo === undefined
        ? null
        : { hash: hashOf(inv.serverInfo), value: inv.serverInfo },
    incomplete,
  };
}

/** The PRM document a client would use: the first candidate answering 2xx with a JSON object. */
function prmJson(d: AuthDiscovery): Readonly<Record<string, unknown>> | null {
  for (const c of d.prm) {
    if (c.fetch.kind !== 'ok') continue;
    const v = c.fetch.value;
    if (v.status >= 200 && v.status < 300 && isObject(v.json)) return v.json;
  }
  return null;
}

/** String arrays whose order carries no meaning are sorted, so a reordering is not a change. */
function normalized(v: unknown): unknown {
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return [...v].sort();
  return v;
}

function protectedResourceOf(d: AuthDiscovery | null): LockProtectedResource | null {
  if (!d) return null;
  const fields: Record<string, unknown> = {};
  const prm = prmJson(d);
  // Fixed member names only: a server-chosen key never becomes a property name here.
  if (prm) for (const m of PRM_MEMBERS) if (prm[m] !== undefined) fields[m] = normalized(prm[m]);
  // The challenge a client sees first without credentials.
  const challenge = d.challenges
    .filter((c) => !c.credentialsSent)
    .flatMap((c) => c.challenges ?? [])
    .find((c) => c.scheme === 'bearer');
  if (challenge)
    for (const p of CHALLENGE_PARAMS) if (challenge.params[p] !== undefined) fields[p] = challenge.params[p];
  if (!prm && !challenge) return null;
  return { hash: hashOf(fields), fields };
}

function authorizationServersOf(
  d: AuthDiscovery | null,
  jwks: readonly JwksObservation[],
): Record<string, LockAuthorizationServer> {
  const out = new Map<string, LockAuthorizationServer>();
  for (const s of d?.authorizationServers ?? []) {
    if (!s.found || out.has(s.issuer)) continue;
    const md = s.found.metadata;
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(md)) {
      if (AS_MEMBERS.includes(k) || (k.endsWith('_endpoint') && typeof v === 'string'))
        fields[k] = normalized(v);
    }
    const keys = jwks.find((j) => j.issuer === s.issuer);
    out.set(s.issuer, {
      hash: hashOf(fields),
      fields,
      jwks: keys ? { uri: keys.uri, thumbprints: keys.thumbprints } : null,
    });
  }
  return Object.fromEntries(out);
}

/** The capabilities the server declared: InitializeResult first, else the DiscoverResult. */
function capabilitiesOf(det: Detection): unknown {
  for (const i of det.inits) {
    const caps =
      i.probe.kind === 'ok' ? asObject(i.probe.value.response?.result)?.['capabilities'] : undefined;
    if (caps !== undefined) return caps;
  }
  const r = det.discover.kind === 'ok' ? asObject(det.discover.value.response?.result) : null;
  return r?.['capabilities'] ?? null;
}

/** Authorization is required: every MCP request was refused, or a request without credentials got a 401. */
export function authRequired(ev: Pick<Evidence, 'detection' | 'oauth'>): boolean {
  return (
    ev.detection.authWall || (ev.oauth?.challenges ?? []).some((c) => c.status === 401 && !c.credentialsSent)
  );
}

function protocolOf(ev: Pick<Evidence, 'detection' | 'oauth'>): LockProtocol {
  const body = {
    revisions: [...ev.detection.revision.known].sort(),
    transport: ev.detection.transport,
    capabilities: capabilitiesOf(ev.detection),
    authRequired: authRequired(ev),
  };
  return { hash: hashOf(body), ...body };
}

export type EntrySource = Pick<Evidence, 'startedAt' | 'detection' | 'inventory' | 'oauth'>;

export function buildEntry(ev: EntrySource, jwks: readonly JwksObservation[]): LockEntry {
  const surface =
    ev.inventory && ev.detection.targetClass === 'reachable' && !ev.detection.authWall
      ? surfaceOf(ev.inventory)
      : null;
  return {
    recordedAt: ev.startedAt,
    listable: surface !== null,
    surface,
    protectedResource: protectedResourceOf(ev.oauth),
    authorizationServers: authorizationServersOf(ev.oauth, jwks),
    protocol: protocolOf(ev),
  };
}
