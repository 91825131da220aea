/**
 * `i.jwt(case)`: the JWT forgery battery (intrusive; docs/jwt-battery.md). The
 * opening MCP request, once per forgery, each of which a resource server that checks whose key
 * signed the token refuses with 401: a scanner key under the authorization server's `kid`, HS256
 * keyed with the server's public key, keys the token header itself offers (an embedded `jwk`, a
 * `jku` or `x5u` URL on the scanner's loopback key server, which logs any fetch), and the user's
 * own token with its signature stripped or changed, or expired. Claims are copied from the
 * user's token when it is a JWT (its signature never reused). Sequential, after `s.token.forged`.
 */
import type { JwtBattery, JwtCase, JwtCaseName, KeyServerRequest } from '../../evidence/auth-types.js';
import { JWT_CASES } from '../../evidence/auth-types.js';
import type { AddressScope, HttpReply, Mode, Probe } from '../../evidence/types.js';
import type { HttpTarget } from '../../targets/target.js';
import type { ScanCredentials } from '../credentials.js';
import type { HttpClient } from '../http/types.js';
import type { PlanEntry } from '../plan-entry.js';
import { fetchDocument, jsonObject } from './document.js';
import type { AsKey, ScannerKey } from './jwt-forge.js';
import {
  forgeryClaims,
  hs256WithPublicKey,
  pickAsKey,
  scannerKey,
  selfSignedCertificate,
  signJwt,
} from './jwt-forge.js';
import { startKeyServer } from './jwt-key-server.js';
import type { KeyServer } from './jwt-key-server.js';

export const JWT_PROBES = {
  jwks: 'i.jwt.jwks',
  forgery: (c: JwtCaseName) => `i.jwt(${c})`,
} as const;

/** What each case sends, and when (the plan and the exchange purposes say the same). */
const CASES: Readonly<Record<JwtCaseName, { readonly what: string; readonly when: string }>> = {
  'kid-confusion': {
    what: "a JWT with plausible claims signed by a key the scanner generated, under the kid of a key in the authorization server's JWKS",
    when: 'when the first authorization server publishes a jwks_uri listing a signing key with a kid',
  },
  'hs256-public-key': {
    what: "the same claims signed HS256 with the authorization server's public key (SPKI PEM) as the HMAC secret",
    when: 'when the first authorization server publishes a jwks_uri listing an RSA, EC or Ed25519 key',
  },
  'embedded-jwk': {
    what: 'the same claims signed by a scanner key that the JWT header embeds as jwk',
    when: 'always',
  },
  jku: {
    what: "the same claims signed by a scanner key, the header's jku naming the scanner's JWKS on its loopback key server (a fetch is logged)",
    when: 'always',
  },
  x5u: {
    what: "the same claims signed by a scanner key, the header's x5u naming a self-signed certificate on the scanner's loopback key server (a fetch is logged)",
    when: 'always',
  },
  'stripped-signature': {
    what: "the user's token with its signature removed (header.payload.)",
    when: 'with --token, when it is a JWT',
  },
  'tampered-signature': {
    what: "the user's token with one byte of its signature changed",
    when: 'with --token, when it is a JWT',
  },
  expired: { what: 'the expired token from the same authorization server', when: 'with --expired-token-env' },
};

export const JWT_PLAN: PlanEntry[] = [
  {
    probe: JWT_PROBES.jwks,
    tier: 'intrusive',
    method: 'GET',
    url: '<jwks_uri of the first authorization server>',
    purpose: 'the keys the kid-confusion and HS256 forgeries imitate',
    when: 'in intrusive mode, when the first authorization server publishes jwks_uri',
  },
  ...JWT_CASES.map((c) => ({
    probe: JWT_PROBES.forgery(c),
    tier: 'intrusive' as const,
    method: 'POST',
    url: '<MCP endpoint>',
    purpose: `the opening request with ${CASES[c].what} (expects 401 invalid_token)`,
    when: CASES[c].when === 'always' ? 'in intrusive mode' : `in intrusive mode, ${CASES[c].when}`,
  })),
];

/** A bearer token sent as is, or a named credential set of the HTTP client. */
export type BatteryCredential = { readonly bearer: string } | { readonly set: string };

export interface JwtBatteryContext {
  readonly client: HttpClient;
  readonly mode: Mode;
  /** The MCP endpoint: the forgeries go to its origin only. */
  readonly target: HttpTarget;
  readonly targetScope: AddressScope;
  /** The PRM `resource` (or the endpoint), the first listed issuer, the advertised scopes. */
  readonly resource: string;
  readonly issuer: string | null;
  readonly scopes: readonly string[];
  readonly jwksUri: string | null;
  /** The user's token, read through its object: its claims, `kid`, and its signature broken. */
  readonly credentials: ScanCredentials;
  /** The name of the credential set holding the expired token, when one was given. */
  readonly expiredSet: string | null;
  /** Sends the opening request with this credential (and closes a session it opened). */
  readonly send: (probe: string, label: string, credential: BatteryCredential) => Promise<Probe<HttpReply>>;
}

type Built =
  | { kind: 'skip'; reason: 'no_token' | 'not_needed' | 'dependency_failed'; detail: string }
  | {
      kind: 'send';
      credential: BatteryCredential;
      header: Record<string, unknown> | null;
      claims: JwtCase['claims'];
      secretForm?: 'spki-pem';
    };

interface Materials {
  readonly claims: Record<string, unknown>;
  readonly from: 'user-token' | 'synthesized';
  /** The imitated key, or why there is none. */
  readonly asKey: AsKey | { error: string };
  readonly rsa: ScannerKey;
  readonly keyServer: KeyServer | null;
}

const skip = (reason: Extract<Built, { kind: 'skip' }>['reason'], detail: string): Built => ({
  kind: 'skip',
  reason,
  detail,
});

async function signed(m: Materials, header: Record<string, unknown> & { alg: string }, key: ScannerKey) {
  const bearer = await signJwt(m.claims, header, key.privateKey);
  return { kind: 'send' as const, credential: { bearer }, header, claims: m.from };
}

/** The token of one case, or why it is not sent. */
async function build(name: JwtCaseName, m: Materials, ctx: JwtBatteryContext): Promise<Built> {
  const asKey = m.asKey;
  const rsaHeader = { alg: 'RS256', typ: 'JWT' };
  switch (name) {
    case 'kid-confusion': {
      if ('error' in asKey) return skip('dependency_failed', asKey.error);
      if (asKey.kid === null) return skip('dependency_failed', 'no signing key in the JWKS has a kid');
      const key = asKey.jwk.kty === 'RSA' ? { ...m.rsa, alg: asKey.alg } : await scannerKey(asKey.jwk);
      return signed(m, { alg: key.alg, typ: 'JWT', kid: asKey.kid }, key);
    }
    case 'hs256-public-key': {
      if ('error' in asKey) return skip('dependency_failed', asKey.error);
      const { token, header } = hs256WithPublicKey(m.claims, asKey);
      return { kind: 'send', credential: { bearer: token }, header, claims: m.from, secretForm: 'spki-pem' };
    }
    case 'embedded-jwk': {
      const { kty, n, e } = m.rsa.jwk;
      return signed(m, { ...rsaHeader, jwk: { kty, n, e } }, m.rsa);
    }
    case 'jku':
    case 'x5u': {
      if (!m.keyServer) return skip('dependency_failed', 'the loopback key server could not be started');
      const header =
        name === 'jku'
          ? { ...rsaHeader, kid: m.rsa.jwk.kid, jku: m.keyServer.jkuUrl }
          : { ...rsaHeader, x5u: m.keyServer.x5uUrl };
      return signed(m, header, m.rsa);
    }
    case 'stripped-signature':
    case 'tampered-signature': {
      if (!ctx.credentials.bearer) return skip('no_token', 'needs --token');
      const bearer = ctx.credentials.withBrokenSignature(
        name === 'stripped-signature' ? 'stripped' : 'tampered',
      );
      if (bearer === null) return skip('not_needed', 'the user token is not a signed JWT');
      return { kind: 'send', credential: { bearer }, header: null, claims: null };
    }
    case 'expired':
      if (ctx.expiredSet === null) return skip('no_token', 'needs --expired-token-env');
      return { kind: 'send', credential: { set: ctx.expiredSet }, header: null, claims: 'expired-token' };
  }
}

async function authorizationServerKeys(ctx: JwtBatteryContext): Promise<{
  jwks: JwtBattery['jwks'];
  asKey: AsKey | { error: string };
}> {
  if (ctx.jwksUri === null)
    return { jwks: null, asKey: { error: 'the authorization server publishes no jwks_uri' } };
  const jwks = await fetchDocument(ctx.client, {
    url: ctx.jwksUri,
    probe: JWT_PROBES.jwks,
    purpose: 'the authorization server keys the JWT forgeries imitate',
    source: 'learned',
    targetOrigin: ctx.target.origin,
  });
  const doc = jsonObject(jwks);
  if (doc === null) return { jwks, asKey: { error: `the JWKS at ${ctx.jwksUri} could not be read` } };
  return { jwks, asKey: pickAsKey(doc, ctx.credentials.kid) };
}

async function startServer(rsa: ScannerKey): Promise<KeyServer | null> {
  try {
    return await startKeyServer({ jwks: { keys: [rsa.jwk] }, certificate: selfSignedCertificate(rsa) });
  } catch {
    return null;
  }
}

const exchangesOf = (p: Probe<unknown> | null) => (p === null || p.kind === 'skipped' ? [] : p.exchanges);

export async function probeJwtBattery(ctx: JwtBatteryContext): Promise<Probe<JwtBattery>> {
  if (ctx.mode !== 'intrusive')
    return { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode intrusive' };
  const { jwks, asKey } = await authorizationServerKeys(ctx);
  const made = { issuer: ctx.issuer, resource: ctx.resource, scopes: ctx.scopes };
  const { claims, from } = forgeryClaims(ctx.credentials.claims, made);
  const rsa = await scannerKey();
  const keyServer = await startServer(rsa);
  const m: Materials = { claims, from, asKey, rsa, keyServer };
  const cases: JwtCase[] = [];
  let log: ReturnType<KeyServer['log']> | null = null;
  try {
    // Sequential on purpose: a fixed order of ids and exchanges, and a fetch belongs to one case.
    for (const name of JWT_CASES) {
      const b = await build(name, m, ctx);
      if (b.kind === 'skip') {
        cases.push({
          name,
          header: null,
          claims: null,
          probe: { kind: 'skipped', reason: b.reason, detail: b.detail },
        });
        continue;
      }
      const probe = await ctx.send(JWT_PROBES.forgery(name), `with ${CASES[name].what}`, b.credential);
      cases.push({
        name,
        header: b.header,
        claims: b.claims,
        ...(b.secretForm ? { secretForm: b.secretForm } : {}),
        probe,
      });
    }
    log = keyServer?.log() ?? null;
  } finally {
    await keyServer?.close();
  }
  const fetchesOf = (name: JwtCaseName): KeyServerRequest[] | undefined =>
    log && (name === 'jku' || name === 'x5u') ? log[name] : undefined;
  return {
    kind: 'ok',
    value: {
      jwks,
      keyServer: keyServer && {
        origin: keyServer.origin,
        refused: log?.refused ?? [],
        reachable: ctx.targetScope === 'loopback',
      },
      cases: cases.map((c) => {
        const fetches = fetchesOf(c.name);
        return fetches && c.probe.kind !== 'skipped' ? { ...c, fetches } : c;
      }),
    },
    exchanges: [...exchangesOf(jwks), ...cases.flatMap((c) => exchangesOf(c.probe))],
  };
}
