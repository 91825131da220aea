import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { rfc } from '../../spec/citations.js';

const DAY_MS = 86_400_000;
const EXPIRY_HORIZON_DAYS = 30;
const EXPIRED = 'CERT_HAS_EXPIRED';
/** A leaf that signs itself; a self-signed root in the chain is an unknown CA instead (`untrusted`). */
const SELF_SIGNED = 'DEPTH_ZERO_SELF_SIGNED_CERT';
/** Reported by stacks that fold the name check into verification; judged as `hostname`. */
const ALTNAME = 'ERR_TLS_CERT_ALTNAME_INVALID';

export default defineCheck({
  meta: {
    id: 'MCPP-TRN03',
    title: 'Certificates valid and not about to expire',
    requirement:
      'Each HTTPS origin presents a chain valid for its hostname against the trust store (or the configured CA bundle) that does not expire within 30 days.',
    keyword: 'MUST',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse', 'as'],
    mode: 'passive',
    requires: ['startedAt', 'endpoint', 'tls'],
    rating: { scope: 'protocol', capsAt: { letter: 'F', exceptKeys: ['expiring'] } },
    chain: { hop: 'endpoint' },
    classIndependent: true,
    keys: {
      untrusted: 'the chain does not verify: unknown CA, incomplete chain, self-signed root or not yet valid',
      'self-signed': 'the leaf certificate signs itself',
      expired: 'the certificate expired before the scan started',
      hostname: "the certificate is not valid for the origin's hostname",
      expiring: 'the certificate expires within 30 days of the scan (low)',
    },
    severity: 'high',
    citations: [rfc(9325, '3'), rfc(9525), rfc(9728, '7.1'), rfc(8414, '6.1')],
    rationale:
      'Clients that validate certificates refuse an invalid chain, and clients that are told to skip validation are open to interception: either way tokens and metadata lose their protection. A certificate about to expire is an outage waiting to happen.',
    remediation:
      'Serve a certificate issued by a publicly trusted CA (or your private CA, distributed to clients) whose subjectAltName covers the hostname, send the full intermediate chain, and renew automatically well before expiry (for example ACME with renewal at 30 days).',
    evidence:
      '`p.tls(o)` verified handshake per HTTPS origin: the chain verdict against the default trust store plus the configured CA bundle, the hostname match, and `notAfter`, judged at the time the scan started.',
    traps:
      'Private CAs need the CA bundle option; self-signed loopback certificates still fail (suppress with justification); OCSP/CT are not evaluated.',
    notes:
      'Keys: `untrusted` (unknown CA, incomplete chain, self-signed root in the chain, not yet valid), `self-signed` (the leaf signs itself), `expired`, `hostname` (high) and `expiring` (low, notAfter within 30 days). Expiry is judged against the scan start time so replayed evidence keeps its verdict, and from notAfter as well as the verifier, since OpenSSL reports only one error per chain. A handshake that failed at the TLS level is inconclusive (`tls_unverified`). http targets without HTTPS origins are not_applicable (`feature_absent`).',
  },
  evaluate(ev, ctx) {
    const verdicts: Verdict[] = [];
    if (ev.endpoint.scheme === 'https' && !ev.tls.some((o) => o.origin === ev.endpoint.origin)) {
      verdicts.push(
        ctx.inconclusive(
          'probe_unavailable',
          `No TLS handshake was recorded for ${ev.endpoint.origin}.`,
          [],
          {
            location: `origin:${ev.endpoint.origin}`,
          },
        ),
      );
    }
    if (ev.tls.length === 0 && verdicts.length === 0) {
      return ctx.notApplicable('feature_absent', 'No HTTPS origin in the chain; the target is plain http.');
    }
    const now = Date.parse(ev.startedAt);
    for (const obs of ev.tls) {
      const location = `origin:${obs.origin}`;
      if (obs.verified.kind !== 'ok') {
        verdicts.push(ctx.fromProbe(obs.verified, `The TLS handshake with ${obs.origin}`, { location }));
        continue;
      }
      const v = obs.verified.value;
      const err = v.authorizationError;
      const validTo = v.validTo ? Date.parse(v.validTo) : Number.NaN;
      const expired = err === EXPIRED || validTo < now;
      const subject = v.subject ? ` (subject ${v.subject}${v.issuer ? `, issuer ${v.issuer}` : ''})` : '';
      const failures: Verdict[] = [];
      const fail = (key: string, message: string, severity?: 'low') =>
        failures.push(ctx.fail(message, [], { location, key, ...(severity ? { severity } : {}) }));

      if (expired)
        fail(
          'expired',
          `The certificate of ${obs.origin}${subject} expired${v.validTo ? ` on ${v.validTo}` : ''}.`,
        );
      if (!v.authorized && err !== EXPIRED && err !== ALTNAME) {
        if (err === SELF_SIGNED) {
          fail('self-signed', `${obs.origin} presents a self-signed certificate${subject}.`);
        } else {
          fail(
            'untrusted',
            `The certificate chain of ${obs.origin}${subject} does not verify: ${err ?? 'unknown verification error'}. For a private CA, pass its certificate with the CA bundle option.`,
          );
        }
      }
      if (!v.hostnameMatch || err === ALTNAME) {
        fail(
          'hostname',
          `The certificate of ${obs.origin}${subject} is not valid for the hostname ${hostOf(obs.origin)}.`,
        );
      }
      if (!expired && validTo - now < EXPIRY_HORIZON_DAYS * DAY_MS) {
        const days = Math.floor((validTo - now) / DAY_MS);
        fail(
          'expiring',
          `The certificate of ${obs.origin}${subject} expires on ${v.validTo} (in ${days} days).`,
          'low',
        );
      }
      if (failures.length > 0) {
        verdicts.push(...failures);
      } else if (Number.isNaN(validTo)) {
        verdicts.push(
          ctx.inconclusive(
            'ambiguous',
            `The certificate of ${obs.origin} verified, but its expiry date was not recorded.`,
            [],
            {
              location,
            },
          ),
        );
      } else {
        const days = Math.floor((validTo - now) / DAY_MS);
        verdicts.push(
          ctx.pass(
            `The certificate of ${obs.origin}${subject} verifies, matches the hostname and is valid until ${v.validTo} (${days} days after the scan).`,
            [],
            { location },
          ),
        );
      }
    }
    return verdicts;
  },
});

function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}
