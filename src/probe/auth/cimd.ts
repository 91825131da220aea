/**
 * `i.cimd(variant)` (intrusive, CIMD10–CIMD19): authorization requests to the first authorization
 * server's `authorization_endpoint` whose `client_id` is a URL naming one of the CIMD document
 * variants (src/cimd/variants.ts), or a malformed or special-use URL. Each is a GET with a fresh
 * `state` and an S256 challenge, sent one after the other; only the first answer is read (through
 * ./authz.ts `send`): a redirect is never followed, so nothing is sent to the unregistered redirect
 * host, to the loopback redirect URI or to a login page. The variants are hosted by the user
 * (`--cimd-base URL`: no request log) or, for an authorization server on loopback, by the scanner's
 * own variants server (src/net/cimd-server.ts), which logs what the authorization server fetched; it is
 * closed whatever happens. Without either, nothing is sent (`not_designated`).
 */
import {
  cimdVariants,
  CIMD_REDIRECT_URI,
  normaliseBase,
  SPECIAL_USE_CLIENT_IDS,
} from '../../cimd/variants.js';
import type { CimdVariantSet, DocumentVariantName } from '../../cimd/variants.js';
import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import type { CimdFetch, CimdProbes, CimdRequest } from '../../evidence/cimd-types.js';
import type { Mode, Probe } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import { endpointOf, freshState, s256Challenge, send } from './authz.js';
import { startCimdServer } from '../../net/cimd-server.js';
import type { CimdServerTls, CimdVariantsServer } from '../../net/cimd-server.js';
import { cimdProbe } from './cimd-plan.js';
import { UNREGISTERED_REDIRECT_URI } from './plan.js';

/** How the user configured the intrusive CIMD requests. */
export interface CimdOptions {
  /** `--cimd-base URL`: where the user hosts the variants (`cimd variants --base URL --out DIR`). */
  readonly base: string | null;
  /** `--cimd-special-use`: also send the special-use host client IDs (CIMD11). */
  readonly specialUse: boolean;
  /** A certificate for the scanner's loopback variants server (https); without it, http. */
  readonly tls: CimdServerTls | null;
}

export interface CimdContext {
  readonly client: HttpClient;
  readonly mode: Mode;
  readonly server: AuthorizationServerObservation | undefined;
  readonly scopes: readonly string[];
  readonly resource: string;
  readonly options: CimdOptions;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const NO_CIMD_HOST =
  'no CIMD variants host: write the variants with `mcp-posture cimd variants --base URL --out DIR`, host them at that https base, and scan with --cimd-base URL (an authorization server on loopback gets the scanner’s own variants server)';

interface Planned {
  readonly name: string;
  readonly clientId: string;
  readonly redirectUri?: string;
  readonly purpose: string;
}

function planned(set: CimdVariantSet, advertised: boolean, logged: boolean, specialUse: boolean): Planned[] {
  const url = (n: DocumentVariantName) => set.documents.find((d) => d.name === n)!.url;
  const doc = (name: string, v: DocumentVariantName = name as DocumentVariantName): Planned => ({
    name,
    clientId: url(v),
    purpose: `an S256 authorization request whose client_id is the ${v} CIMD variant`,
  });
  const out: Planned[] = [doc('valid')];
  // Not advertised: only the control, for CIMD18 (does it work although not advertised?).
  if (!advertised) return out;
  out.push({
    ...doc('bad-redirect', 'valid'),
    redirectUri: UNREGISTERED_REDIRECT_URI,
    purpose: `the valid CIMD variant with the unregistered redirect_uri ${UNREGISTERED_REDIRECT_URI} (never followed)`,
  });
  for (const v of [
    'mismatch',
    'localhost-only',
    'redirecting',
    'oversized',
    'invalid-json',
    'no-redirects',
  ] as const)
    out.push(doc(v));
  for (const s of set.shapes)
    out.push({
      name: `url-shape:${s.name}`,
      clientId: s.clientId,
      purpose: `a malformed URL client_id (${s.rule}); expects a rejection without a fetch`,
    });
  if (logged)
    for (const v of ['cache', 'error-then-valid'] as const)
      for (const n of [1, 2])
        out.push({ ...doc(`${v}-${n}`, v), purpose: `the ${v} CIMD variant, request ${n} of 2` });
  if (specialUse)
    for (const s of SPECIAL_USE_CLIENT_IDS)
      out.push({
        name: `special-use:${s.name}`,
        clientId: s.clientId,
        purpose: `a URL client_id on a special-use IP host (${s.name}); expects an immediate rejection`,
      });
  return out;
}

export async function probeCimd(ctx: CimdContext): Promise<Probe<CimdProbes>> {
  if (ctx.mode !== 'intrusive')
    return {
      kind: 'skipped',
      reason: 'mode_disabled',
      detail:
        'needs --mode intrusive (authorization requests with URL client IDs make the AS fetch documents)',
    };
  const endpoint = endpointOf(ctx.server);
  if (!(endpoint instanceof URL)) return endpoint;
  const server = ctx.server!;
  const advertised = server.found?.metadata['client_id_metadata_document_supported'] === true;
  let variants: CimdVariantsServer | null = null;
  let set: CimdVariantSet;
  if (ctx.options.base !== null) {
    const b = normaliseBase(ctx.options.base);
    if ('error' in b) return { kind: 'skipped', reason: 'not_designated', detail: `--cimd-base: ${b.error}` };
    set = cimdVariants(b.base);
  } else if (LOOPBACK_HOSTS.has(endpoint.hostname)) {
    variants = await startCimdServer(ctx.options.tls);
    set = variants.set;
  } else {
    return { kind: 'skipped', reason: 'not_designated', detail: NO_CIMD_HOST };
  }
  try {
    return await sendAll(ctx, server, endpoint, set, advertised, variants);
  } finally {
    await variants?.close();
  }
}

async function sendAll(
  ctx: CimdContext,
  server: AuthorizationServerObservation,
  endpoint: URL,
  set: CimdVariantSet,
  advertised: boolean,
  variants: CimdVariantsServer | null,
): Promise<Probe<CimdProbes>> {
  const asOrigins = new Set([endpoint.origin]);
  try {
    asOrigins.add(new URL(server.issuer).origin);
  } catch {
    // an issuer that is not a URL adds nothing
  }
  const scope: Record<string, string> = ctx.scopes.length > 0 ? { scope: ctx.scopes.join(' ') } : {};
  const requests: CimdRequest[] = [];
  // Sequential: each request's fetches are the log entries that arrived while it was answered.
  for (const p of planned(set, advertised, variants !== null, ctx.options.specialUse)) {
    const redirectUri = p.redirectUri ?? CIMD_REDIRECT_URI;
    const before = variants?.log().length ?? 0;
    const started = Date.now();
    const answer = await send(ctx, endpoint, asOrigins, cimdProbe(p.name), p.purpose, {
      response_type: 'code',
      client_id: p.clientId,
      redirect_uri: redirectUri,
      ...scope,
      resource: ctx.resource,
      state: freshState(),
      code_challenge: s256Challenge(),
      code_challenge_method: 'S256',
    });
    const durationMs = Date.now() - started;
    const fetches = variants ? variants.log().length - before : null;
    requests.push({ name: p.name, clientId: p.clientId, redirectUri, answer, fetches, durationMs });
  }
  const log: readonly CimdFetch[] | null = variants ? variants.log() : null;
  return {
    kind: 'ok',
    value: {
      issuer: server.issuer,
      authorizationEndpoint: endpoint.href,
      advertised,
      host: variants ? 'loopback' : 'base',
      base: set.base,
      https: set.base.startsWith('https:'),
      requests,
      log,
    },
    exchanges: requests.flatMap((r) => (r.answer.kind === 'skipped' ? [] : r.answer.exchanges)),
  };
}
