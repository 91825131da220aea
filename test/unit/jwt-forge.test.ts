/**
 * The battery's forgeries are what they claim to be: each verifies with exactly the key a broken
 * verifier would use (checked with jose and node:crypto, the libraries real servers use), and
 * never with the authorization server's real key.
 */
import { createHmac, generateKeyPairSync, X509Certificate } from 'node:crypto';
import {
  compactVerify,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  importJWK,
  jwtVerify,
} from 'jose';
import type { JWK } from 'jose';
import { describe, expect, it } from 'vitest';

import {
  forgeryClaims,
  hs256WithPublicKey,
  pickAsKey,
  publicKeyPem,
  scannerKey,
  selfSignedCertificate,
  signJwt,
  stripSignature,
  tamperSignature,
} from '../../src/probe/auth/jwt-forge.js';

async function asJwks(): Promise<{ keys: JWK[] }> {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    keys: [
      { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', use: 'sig' },
      { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', use: 'sig', alg: 'RS256' },
      { kty: 'RSA', kid: 'enc-1', use: 'enc', n: 'AQAB', e: 'AQAB' },
    ],
  };
}

const made = { issuer: 'http://127.0.0.1:1/as', resource: 'http://127.0.0.1:2/mcp', scopes: ['mcp:tools'] };

describe('the JWT forgeries', () => {
  it('picks the kid the user token names, else the first signing key with a kid', async () => {
    const jwks = await asJwks();
    expect(pickAsKey(jwks, 'rsa-1')).toMatchObject({ kid: 'rsa-1', alg: 'RS256' });
    expect(pickAsKey(jwks, 'enc-1')).toMatchObject({ kid: 'ec-1', alg: 'ES256' });
    expect(pickAsKey({ keys: [] }, null)).toEqual({ error: expect.stringContaining('no RSA') });
    expect(pickAsKey({}, null)).toEqual({ error: 'the JWKS has no keys array' });
  });

  it('kid confusion: the AS kid, a scanner key of the same type; the AS keys refuse it, the scanner key accepts it', async () => {
    const jwks = await asJwks();
    const target = pickAsKey(jwks, null);
    if ('error' in target) throw new Error(target.error);
    const key = await scannerKey(target.jwk);
    const { claims } = forgeryClaims(null, made);
    const token = await signJwt(claims, { alg: key.alg, kid: target.kid! }, key.privateKey);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: 'ec-1' });
    await expect(jwtVerify(token, createLocalJWKSet(jwks))).rejects.toThrow(/signature/);
    const { payload } = await jwtVerify(token, key.publicKey, {
      issuer: made.issuer,
      audience: made.resource,
    });
    expect(payload['scope']).toBe('mcp:tools');
  });

  it('algorithm confusion: HS256 with the SPKI PEM of the AS key as the secret', async () => {
    const jwks = await asJwks();
    const target = pickAsKey(jwks, 'rsa-1');
    if ('error' in target) throw new Error(target.error);
    const { token, header } = hs256WithPublicKey(forgeryClaims(null, made).claims, target);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'rsa-1' });
    const pem = publicKeyPem(target.jwk);
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const [h, p, s] = token.split('.');
    expect(createHmac('sha256', pem).update(`${h}.${p}`).digest('base64url')).toBe(s);
    // A verifier that refuses HMAC keys it did not configure rejects it.
    await expect(jwtVerify(token, createLocalJWKSet(jwks))).rejects.toThrow();
  });

  it('embedded jwk: verifies with the key in its own header only', async () => {
    const key = await scannerKey();
    const token = await signJwt(
      forgeryClaims(null, made).claims,
      { alg: 'RS256', jwk: key.jwk },
      key.privateKey,
    );
    const header = decodeProtectedHeader(token);
    await compactVerify(token, await importJWK(header.jwk!, 'RS256'));
    await expect(jwtVerify(token, createLocalJWKSet(await asJwks()))).rejects.toThrow();
  });

  it('copies the user token claims and never reuses its signature; refreshes a past exp', () => {
    const now = 1_800_000_000_000;
    const user = { iss: 'x', aud: 'y', scope: 'a b', exp: now / 1000 - 10, custom: 1 };
    const { claims, from } = forgeryClaims(user, made, now);
    expect(from).toBe('user-token');
    expect(claims).toEqual({ ...user, exp: now / 1000 + 300 });
    expect(forgeryClaims({ ...user, exp: now / 1000 + 3600 }, made, now).claims['exp']).toBe(
      now / 1000 + 3600,
    );
    expect(forgeryClaims(null, made, now)).toMatchObject({
      from: 'synthesized',
      claims: { iss: made.issuer, aud: made.resource, scope: 'mcp:tools', exp: now / 1000 + 300 },
    });
  });

  it('strips or changes exactly one byte of the signature', () => {
    const token = 'aGVhZA.Ym9keQ.c2lnbmF0dXJlLWJ5dGVz';
    expect(stripSignature(token)).toBe('aGVhZA.Ym9keQ.');
    const tampered = tamperSignature(token)!;
    const a = Buffer.from('c2lnbmF0dXJlLWJ5dGVz', 'base64url');
    const b = Buffer.from(tampered.split('.')[2]!, 'base64url');
    expect(a.length).toBe(b.length);
    expect([...a].filter((x, i) => x !== b[i])).toHaveLength(1);
    expect(stripSignature('opaque-token')).toBeNull();
    expect(tamperSignature('a.b.')).toBeNull();
  });

  it('the x5u certificate parses, is self-signed and carries the scanner key', async () => {
    const key = await scannerKey();
    const pem = selfSignedCertificate(key);
    const cert = new X509Certificate(pem);
    expect(cert.subject).toBe('CN=mcp-posture-probe');
    expect(cert.verify(key.publicKey)).toBe(true);
    expect(cert.publicKey.equals(key.publicKey)).toBe(true);
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now());
  });
});
