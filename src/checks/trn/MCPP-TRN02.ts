import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { rfc } from '../../spec/citations.js';

const LEGACY_KEYS = ['tls1.0', 'tls1.1'] as const;
const LEGACY_NAMES: Readonly<Record<(typeof LEGACY_KEYS)[number], string>> = {
  'tls1.0': 'TLS 1.0',
  'tls1.1': 'TLS 1.1',
};
/** Negotiated protocols below TLS 1.2, mapped to the key that reports them. */
const BELOW_TLS12: Readonly<Record<string, (typeof LEGACY_KEYS)[number]>> = {
  SSLv3: 'tls1.0',
  TLSv1: 'tls1.0',
  'TLSv1.1': 'tls1.1',
};

export default defineCheck({
  meta: {
    id: 'MCPP-TRN02',
    title: 'Legacy TLS versions refused',
    requirement:
      'Every HTTPS origin in the chain (MCP endpoint, PRM host, each AS issuer and endpoint host) refuses TLS 1.0 and 1.1 and negotiates TLS 1.2 or later.',
    keyword: 'MUST NOT',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse', 'as'],
    mode: 'passive',
    requires: ['endpoint', 'tls'],
    rating: { scope: 'protocol' },
    chain: { hop: 'endpoint' },
    classIndependent: true,
    keys: {
      'tls1.0':
        'a handshake offering only TLS 1.0 (or the verified handshake negotiating SSLv3/TLS 1.0) completed',
      'tls1.1': 'a handshake offering only TLS 1.1 (or the verified handshake negotiating TLS 1.1) completed',
    },
    severity: 'high',
    citations: [rfc(8996), rfc(9325, '3.1.1'), rfc(9728, '7.1'), rfc(8414, '6.1')],
    rationale:
      'TLS 1.0 and 1.1 are deprecated (RFC 8996): they lack modern AEAD cipher suites and are exposed to downgrade attacks, so tokens and session IDs sent over them are not reliably protected.',
    remediation:
      'Set the minimum TLS version to 1.2 (preferably 1.3) on every server, load balancer, CDN and TLS-terminating proxy in front of the MCP endpoint, the PRM host and the authorization server.',
    evidence:
      '`p.tls(o)` per HTTPS origin: a handshake offering only TLS 1.0 and one offering only TLS 1.1 (no application data), and the version negotiated by the verified handshake.',
    traps:
      'CDNs may answer differently per edge address (the evidence records the address); a TLS-terminating proxy in front of the AS is what is measured, which is what clients see.',
    notes:
      'One result per origin and key (`tls1.0`, `tls1.1`): pass when that legacy-only handshake was rejected, fail when it completed, inconclusive (`probe_unavailable`) when the scanner could not offer the version. A completed legacy handshake fails even when the verified (TLS ≥ 1.2) handshake failed, since a legacy-only server is the worst case. http targets without HTTPS origins are not_applicable (`feature_absent`).',
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
    for (const obs of ev.tls) {
      const location = `origin:${obs.origin}`;
      const verified = obs.verified;
      const protocol = verified.kind === 'ok' ? verified.value.protocol : null;
      const belowKey = protocol ? BELOW_TLS12[protocol] : undefined;
      const accepted = LEGACY_KEYS.filter((k) => obs.legacy[k] === 'accepted' || belowKey === k);

      if (verified.kind !== 'ok' && accepted.length === 0) {
        verdicts.push(ctx.fromProbe(verified, `The TLS handshake with ${obs.origin}`, { location }));
        continue;
      }
      for (const key of LEGACY_KEYS) {
        const name = LEGACY_NAMES[key];
        const at = obs.address ? ` (address ${obs.address})` : '';
        if (accepted.includes(key)) {
          const how =
            belowKey === key && obs.legacy[key] !== 'accepted'
              ? `the verified handshake negotiated ${protocol}`
              : `a handshake offering only ${name} completed`;
          verdicts.push(ctx.fail(`${obs.origin}${at} accepts ${name}: ${how}.`, [], { location, key }));
        } else if (obs.legacy[key] === 'unavailable') {
          verdicts.push(
            ctx.inconclusive(
              'probe_unavailable',
              `The scanner's TLS library cannot offer ${name}, so whether ${obs.origin} refuses it is unknown${protocol ? ` (the verified handshake negotiated ${protocol})` : ''}.`,
              [],
              { location, key },
            ),
          );
        } else {
          verdicts.push(
            ctx.pass(
              `${obs.origin}${at} refused a handshake offering only ${name}${protocol ? `; the verified handshake negotiated ${protocol}` : ''}.`,
              [],
              { location, key },
            ),
          );
        }
      }
    }
    return verdicts;
  },
});
