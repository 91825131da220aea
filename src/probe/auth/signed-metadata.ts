/**
 * `signed_metadata` (RFC 9728 §2.2): decoded with jose, then verified when the
 * signer's keys can be found — never reported `verified` without a signature
 * that checked out against a key of the issuer its `iss` names.
 */
import { compactVerify, createLocalJWKSet, decodeJwt, decodeProtectedHeader, errors } from 'jose';
import type { JSONWebKeySet } from 'jose';
import type { SignedMetadata } from '../../evidence/auth-types.js';

/** Where the keys of an issuer come from: a JWKS, or why none could be had. */
export type KeyLookup = (iss: string) => Promise<{ jwks: unknown; from: string } | { error: string }>;

type Verdict = Pick<SignedMetadata, 'verification' | 'verificationDetail'>;

function message(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 200);
}

export function decodeSigned(value: unknown): Omit<SignedMetadata, 'verification' | 'verificationDetail'> {
  if (typeof value !== 'string') {
    return { header: null, claims: null, decodeError: 'signed_metadata is not a string' };
  }
  let header: Record<string, unknown> | null = null;
  try {
    header = { ...decodeProtectedHeader(value) };
  } catch (err) {
    return { header: null, claims: null, decodeError: `header: ${message(err)}` };
  }
  try {
    return { header, claims: { ...decodeJwt(value) }, decodeError: null };
  } catch (err) {
    return { header, claims: null, decodeError: `claims: ${message(err)}` };
  }
}

function isKeySet(v: unknown): v is JSONWebKeySet {
  return typeof v === 'object' && v !== null && Array.isArray((v as { keys?: unknown }).keys);
}

async function verifyWith(jws: string, jwks: JSONWebKeySet, from: string): Promise<Verdict> {
  let keySet: ReturnType<typeof createLocalJWKSet>;
  try {
    keySet = createLocalJWKSet(jwks);
  } catch (err) {
    return {
      verification: 'unverifiable',
      verificationDetail: `${from} is not a usable JWKS: ${message(err)}`,
    };
  }
  try {
    await compactVerify(jws, keySet);
    return { verification: 'verified', verificationDetail: `signature verified with a key from ${from}` };
  } catch (err) {
    if (err instanceof errors.JWKSMultipleMatchingKeys) {
      // Several keys match kid/alg: the signature verifies when any of them accepts it.
      for await (const key of err) {
        try {
          await compactVerify(jws, key);
          return {
            verification: 'verified',
            verificationDetail: `signature verified with a key from ${from}`,
          };
        } catch {
          // try the next key
        }
      }
      return { verification: 'failed', verificationDetail: `no key of ${from} matching the header verifies` };
    }
    if (err instanceof errors.JWSSignatureVerificationFailed) {
      return {
        verification: 'failed',
        verificationDetail: `the signature does not verify with the key from ${from}`,
      };
    }
    if (err instanceof errors.JWKSNoMatchingKey) {
      return { verification: 'unverifiable', verificationDetail: `no key in ${from} matches the JWS header` };
    }
    if (err instanceof errors.JOSENotSupported) {
      return { verification: 'unverifiable', verificationDetail: message(err) };
    }
    return { verification: 'failed', verificationDetail: message(err) };
  }
}

export async function examineSigned(value: unknown, keysOf: KeyLookup): Promise<SignedMetadata> {
  const decoded = decodeSigned(value);
  const verdict = await verdictFor(value, decoded, keysOf);
  return { ...decoded, ...verdict };
}

async function verdictFor(
  value: unknown,
  decoded: Omit<SignedMetadata, 'verification' | 'verificationDetail'>,
  keysOf: KeyLookup,
): Promise<Verdict> {
  if (typeof value !== 'string' || decoded.decodeError !== null) {
    return { verification: 'unverifiable', verificationDetail: 'not a decodable JWS' };
  }
  const alg = decoded.header?.['alg'];
  if (typeof alg !== 'string' || alg.toLowerCase() === 'none') {
    return { verification: 'unverifiable', verificationDetail: 'alg none: the JWS carries no signature' };
  }
  const iss = decoded.claims?.['iss'];
  if (typeof iss !== 'string' || iss === '') {
    return { verification: 'unverifiable', verificationDetail: 'no iss claim names the signer' };
  }
  const keys = await keysOf(iss);
  if ('error' in keys) return { verification: 'unverifiable', verificationDetail: keys.error };
  if (!isKeySet(keys.jwks)) {
    return { verification: 'unverifiable', verificationDetail: `${keys.from} is not a JWKS` };
  }
  return verifyWith(value, keys.jwks, keys.from);
}
