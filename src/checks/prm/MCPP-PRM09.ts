import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { SignedMetadata } from '../../evidence/auth-types.js';
import { rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { firstPrm, isObject, noPrm } from '../authn/discovery.js';

// JWT registered claims describe the statement itself, not the resource: never compared with plain members.
const REGISTERED = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', 'signed_metadata']);

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return isObject(v) ? { ...v } : null;
  } catch {
    return null;
  }
}

/** Local decode when the probe recorded no decoding (signature not checked). */
function decode(value: unknown): SignedMetadata {
  const unverified = {
    verification: 'unverifiable' as const,
    verificationDetail: 'not attempted by the probe',
  };
  if (typeof value !== 'string') {
    return { header: null, claims: null, decodeError: 'signed_metadata is not a string', ...unverified };
  }
  const parts = value.split('.');
  if (parts.length !== 3) {
    return { header: null, claims: null, decodeError: 'not a compact JWS (three parts)', ...unverified };
  }
  const header = decodePart(parts[0]!);
  const claims = decodePart(parts[1]!);
  const decodeError = !header
    ? 'the protected header is not base64url JSON'
    : !claims
      ? 'the payload is not a JSON object'
      : null;
  return { header, claims, decodeError, ...unverified };
}

/** Structural equality that ignores member order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}

export default defineCheck({
  meta: {
    id: 'MCPP-PRM09',
    title: '`signed_metadata` safe',
    requirement:
      'If present, `signed_metadata` is a compact JWS, not `alg: none`, with an `iss` claim, whose claims agree with the plain members.',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {
      decode: 'signed_metadata does not decode as a compact JWS with JSON header and claims',
      'alg-none': 'signed_metadata is unsigned (alg none)',
      iss: 'signed_metadata has no iss claim naming the signer',
      mismatch: 'signed_metadata claims contradict the plain members',
      signature: 'a key of the issuer was found and the signature did not verify',
    },
    severity: 'medium',
    citations: [rfc(9728, '2.2'), rfc(7515)],
    rationale:
      'Signed metadata takes precedence over the plain members for clients that process it. An unsigned (`alg: none`) or issuer-less statement attests nothing, and one that contradicts the plain members sends different clients to different places.',
    remediation:
      'Sign the metadata as a compact JWS with a real algorithm (e.g. ES256 or RS256), include an `iss` claim naming the signer, publish its keys, and keep the signed claims identical to the plain members.',
    evidence:
      '`signed_metadata` of the first found PRM variant, decoded; the probe’s verification of the signature against a key of the issuer named by `iss`, when it could obtain one.',
    traps:
      'Consistency is compared only for members present in both; a signature that could not be verified is never reported as verified.',
    notes:
      'The signature state is reported as recorded, never upgraded: `verified` passes with high confidence; `unverifiable` (no key could be obtained) passes on the structural checks only, with confidence medium and a message saying the signature was not verified — it is never presented as verified; `failed` (a key of the issuer was found and the signature did not verify) fails with key `signature` (not in the catalogue row, which predates verification: RFC 9728 §2.2 requires the metadata to be signed by the issuer, and a statement that does not verify is not). Keys: `decode`, `alg-none`, `iss`, `mismatch`, `signature`. JWT registered claims (`iss`, `sub`, `aud`, `exp`, `iat`, ...) are not compared with plain members.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const prm = firstPrm(oauth);
    if (!prm) return noPrm(oauth, ctx);
    const raw = prm.doc['signed_metadata'];
    const location = prm.location;
    if (raw === undefined) {
      return ctx.notApplicable('feature_absent', 'The PRM carries no signed_metadata.', { location });
    }
    const s = prm.candidate.signed ?? decode(raw);
    const ids = prm.exchanges;
    if (s.decodeError !== null || !s.header || !s.claims) {
      return ctx.fail(`signed_metadata does not decode: ${s.decodeError ?? 'no header or claims'}.`, ids, {
        location,
        key: 'decode',
      });
    }
    const verdicts: Verdict[] = [];
    const alg = s.header['alg'];
    if (typeof alg !== 'string' || alg.toLowerCase() === 'none') {
      verdicts.push(
        ctx.fail(
          typeof alg === 'string'
            ? 'signed_metadata is an unsecured JWS (alg: none): it attests nothing.'
            : 'signed_metadata has no alg in its protected header.',
          ids,
          { location, key: 'alg-none' },
        ),
      );
    }
    const iss = s.claims['iss'];
    if (typeof iss !== 'string' || iss === '') {
      verdicts.push(
        ctx.fail('signed_metadata has no iss claim naming the signer.', ids, { location, key: 'iss' }),
      );
    }
    const claims = s.claims;
    const differing = Object.keys(claims).filter(
      (k) => !REGISTERED.has(k) && k in prm.doc && canonical(claims[k]) !== canonical(prm.doc[k]),
    );
    if (differing.length > 0) {
      verdicts.push(
        ctx.fail(`signed_metadata claims contradict the plain members: ${differing.join(', ')}.`, ids, {
          location,
          key: 'mismatch',
        }),
      );
    }
    if (s.verification === 'failed') {
      verdicts.push(
        ctx.fail(`The signature of signed_metadata did not verify: ${s.verificationDetail}.`, ids, {
          location,
          key: 'signature',
        }),
      );
    }
    if (verdicts.length > 0) return verdicts;
    if (s.verification === 'verified') {
      return ctx.pass(
        `signed_metadata is well-formed (alg ${String(alg)}, iss ${String(iss)}), consistent, and its signature verified: ${s.verificationDetail}.`,
        ids,
        { location },
      );
    }
    return ctx.pass(
      `signed_metadata is well-formed (alg ${String(alg)}, iss ${String(iss)}) and consistent with the plain members; its signature was NOT verified (${s.verificationDetail}).`,
      ids,
      { location, confidence: 'medium' },
    );
  },
});
