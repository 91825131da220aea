/**
 * Builders for the intrusive CIMD requests (`i.cimd(variant)`) on top of `oauthEvidence()`: an
 * intrusive scan whose variants the scanner served itself on loopback (https, with a request log),
 * answered as a correct authorization server answers them — the valid document reaches the login
 * step (a redirect to `/interaction/…`), every other variant gets a 400 error page. Each test
 * replaces some answers, fetch counts or the log. Redirect parsing and login detection are the
 * probe's own (src/probe/auth/authz.ts).
 */
import { cimdVariants, SPECIAL_USE_CLIENT_IDS, CIMD_REDIRECT_URI } from '../../src/cimd/variants.js';
import type { CimdFetch, CimdProbes, CimdRequest } from '../../src/evidence/cimd-types.js';
import type { AuthzAnswer } from '../../src/evidence/auth-types.js';
import type { Evidence, Probe } from '../../src/evidence/types.js';
import { pageProtections } from '../../src/probe/auth/page-protections.js';
import { authorizationAnswer } from './authz.js';
import type { EvidenceBuilder } from './evidence.js';
import type { OAuthDraft } from './oauth.js';
import { asObservation, goodAsMetadata, ISSUER, oauthEvidence } from './oauth.js';

export const AUTH_ENDPOINT = `${ISSUER}/auth`;
export const BASE = 'https://127.0.0.1:4443/mcp-posture-0011223344556677';
export const UNREGISTERED = 'https://mcp-posture-probe.invalid/cb';
const SET = cimdVariants(BASE);

export interface Reply {
  readonly status?: number;
  readonly location?: string | null;
  readonly body?: string;
  readonly mediaType?: string | null;
}

export const LOGIN: Reply = { location: '/interaction/Jx9kd0s2b1' };
export const ERROR_PAGE: Reply = {
  status: 400,
  body: '<html><h1>oops! something went wrong</h1><pre>invalid_client</pre></html>',
};
export const LOGIN_PAGE: Reply = {
  status: 200,
  body: '<!doctype html><form method="post" action="/login"><input name="login"><input type="password" name="password"></form>',
};
export const consentPage = (text: string): Reply => ({
  status: 200,
  body: `<!doctype html><p>${text}</p><form method="post" action="/consent"><button>Allow</button></form>`,
});

export interface RequestSpec extends Reply {
  readonly fetches?: number | null;
  readonly durationMs?: number;
}

function clientIdOf(name: string): string {
  if (name.startsWith('url-shape:')) return SET.shapes.find((s) => `url-shape:${s.name}` === name)!.clientId;
  if (name.startsWith('special-use:'))
    return SPECIAL_USE_CLIENT_IDS.find((s) => `special-use:${s.name}` === name)!.clientId;
  const v = name === 'bad-redirect' ? 'valid' : name.replace(/-\d$/, '');
  return SET.documents.find((d) => d.name === v)!.url;
}

function answer(b: EvidenceBuilder, name: string, redirectUri: string, spec: Reply): Probe<AuthzAnswer> {
  const params = {
    response_type: 'code',
    client_id: clientIdOf(name),
    redirect_uri: redirectUri,
    state: `mcp-posture-probe-${name}`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  };
  const read = authorizationAnswer(b, `i.cimd(${name})`, params, spec, '<html>oops</html>');
  const { redirect, mediaType } = read.value;
  const body = spec.body ?? (spec.location ? `Redirecting to ${spec.location}.` : '<html>oops</html>');
  return {
    ...read,
    value: {
      ...read.value,
      page: redirect === null ? pageProtections({ 'content-type': [`${mediaType}`] }, body, mediaType) : null,
    },
  };
}

const DOCS = ['mismatch', 'localhost-only', 'redirecting', 'oversized', 'invalid-json', 'no-redirects'];
const SHAPES = ['http-scheme', 'no-path', 'userinfo', 'fragment', 'dot-segment'].map((s) => `url-shape:${s}`);
const CACHE = ['cache-1', 'cache-2', 'error-then-valid-1', 'error-then-valid-2'];
export const SPECIAL = SPECIAL_USE_CLIENT_IDS.map((s) => `special-use:${s.name}`);

/** The fetches a correct AS makes for each request. */
function defaultFetches(name: string): number {
  if (name.startsWith('url-shape:') || name.startsWith('special-use:') || name === 'cache-2') return 0;
  if (name === 'redirecting' || name === 'bad-redirect') return name === 'redirecting' ? 1 : 0;
  return 1;
}

export interface CimdSpec {
  readonly requests?: Readonly<Record<string, RequestSpec>>;
  readonly advertised?: boolean;
  /** false: hosted at --cimd-base (no log, no cache requests). */
  readonly logged?: boolean;
  readonly https?: boolean;
  readonly specialUse?: boolean;
  /** Extra log entries (beyond one per fetch counted). */
  readonly extraLog?: readonly CimdFetch[];
}

export function cimdProbes(b: EvidenceBuilder, spec: CimdSpec = {}): Probe<CimdProbes> {
  const advertised = spec.advertised ?? true;
  const logged = spec.logged ?? true;
  const names = advertised
    ? [
        'valid',
        'bad-redirect',
        ...DOCS,
        ...SHAPES,
        ...(logged ? CACHE : []),
        ...(spec.specialUse ? SPECIAL : []),
      ]
    : ['valid'];
  const log: CimdFetch[] = [];
  const requests: CimdRequest[] = names.map((name) => {
    const s = spec.requests?.[name] ?? {};
    const own = s.status !== undefined || s.location !== undefined || s.body !== undefined;
    const fallback =
      name === 'valid' || name.startsWith('cache') || name === 'error-then-valid-2' ? LOGIN : ERROR_PAGE;
    const reply: Reply = own ? s : fallback;
    const redirectUri = name === 'bad-redirect' ? UNREGISTERED : CIMD_REDIRECT_URI;
    const fetches = logged ? (s.fetches === undefined ? defaultFetches(name) : s.fetches) : null;
    const variant = name === 'bad-redirect' ? 'valid' : name.replace(/-\d$/, '');
    for (let i = 0; i < (fetches ?? 0); i++)
      log.push({ variant, path: `/x/${variant}.json`, method: 'GET', atMs: log.length * 10, status: 200 });
    return {
      name,
      clientId: clientIdOf(name),
      redirectUri,
      answer: answer(b, name, redirectUri, reply),
      fetches,
      durationMs: s.durationMs ?? 15,
    };
  });
  const value: CimdProbes = {
    issuer: ISSUER,
    authorizationEndpoint: AUTH_ENDPOINT,
    advertised,
    host: logged ? 'loopback' : 'base',
    base: spec.https === false ? BASE.replace('https:', 'http:') : BASE,
    https: spec.https ?? true,
    requests,
    log: logged ? [...log, ...(spec.extraLog ?? [])] : null,
  };
  return {
    kind: 'ok',
    value,
    exchanges: requests.flatMap((r) => (r.answer.kind === 'skipped' ? [] : r.answer.exchanges)),
  };
}

/** An intrusive scan of the protected server; `make` builds the `i.cimd` evidence (undefined: not collected). */
export function cimdEvidence(
  make: (b: EvidenceBuilder, d: OAuthDraft) => Probe<CimdProbes> | undefined,
  opts: { advertised?: boolean } = {},
): Evidence {
  return oauthEvidence((d, b, ev) => {
    ev.settings.mode = 'intrusive';
    if (opts.advertised === false)
      d.authorizationServers = [
        asObservation(b, goodAsMetadata({ client_id_metadata_document_supported: undefined })),
      ];
    const cimd = make(b, d);
    if (cimd !== undefined) d.cimd = cimd;
  });
}

export const withCimdSpec = (spec: CimdSpec = {}): Evidence =>
  cimdEvidence((b) => cimdProbes(b, spec), { advertised: spec.advertised ?? true });

/** The outcomes every `i.cimd` check shares. */
export const SHARED_CIMD_CASES = {
  inconclusive: [
    {
      name: 'no variants host (needs_callback_host)',
      evidence: cimdEvidence(() => ({
        kind: 'skipped',
        reason: 'not_designated',
        detail: 'no CIMD variants host',
      })),
      reason: 'needs_callback_host',
    },
    {
      name: 'evidence from before the probe existed (not collected)',
      evidence: cimdEvidence(() => undefined),
      reason: 'probe_unavailable',
    },
    {
      name: 'not intrusive (mode_disabled)',
      evidence: cimdEvidence(() => ({
        kind: 'skipped',
        reason: 'mode_disabled',
        detail: 'needs --mode intrusive',
      })),
      reason: 'mode_disabled',
    },
  ],
} as const;

export const NOT_ADVERTISED = {
  name: 'CIMD not advertised (feature_absent)',
  evidence: withCimdSpec({ advertised: false }),
  reason: 'feature_absent',
} as const;

/** The valid document rejected too: a rejection of the variant shows nothing. */
export const CONTROL_REJECTED = {
  name: 'the valid document rejected too (ambiguous)',
  evidence: withCimdSpec({ requests: { valid: ERROR_PAGE } }),
  reason: 'ambiguous',
} as const;
