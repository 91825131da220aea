import check from '../../../src/checks/trn/MCPP-TRN03.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence, setHttpTarget } from '../../helpers/evidence.js';
import { daysFromScan, failedVerified, httpsTarget, tlsObservation } from '../../helpers/tls.js';

const AS_ORIGIN = 'https://auth.example.test';

testCheck(check, {
  pass: [
    {
      name: 'trusted, hostname matches, valid for 300 more days',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation()];
      }),
    },
    {
      name: 'expires in exactly 30 days',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ verified: { validTo: daysFromScan(30) } })];
      }),
    },
  ],
  fail: [
    {
      name: 'unknown CA',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [
          tlsObservation({
            verified: { authorized: false, authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' },
          }),
        ];
      }),
      key: 'untrusted',
      severity: 'high',
    },
    {
      name: 'self-signed root in the chain is untrusted, not self-signed',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [
          tlsObservation({
            verified: { authorized: false, authorizationError: 'SELF_SIGNED_CERT_IN_CHAIN' },
          }),
        ];
      }),
      key: 'untrusted',
    },
    {
      name: 'self-signed leaf',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [
          tlsObservation({
            verified: {
              authorized: false,
              authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT',
              issuer: 'mcp.example.test',
            },
          }),
        ];
      }),
      key: 'self-signed',
      severity: 'high',
    },
    {
      name: 'self-signed loopback https target still fails',
      evidence: evidence((ev) => {
        setHttpTarget(ev, {
          url: 'https://127.0.0.1:3000/mcp',
          origin: 'https://127.0.0.1:3000',
          scheme: 'https',
        });
        ev.tls = [
          tlsObservation({
            origin: 'https://127.0.0.1:3000',
            address: '127.0.0.1',
            verified: { authorized: false, authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
          }),
        ];
      }),
      key: 'self-signed',
    },
    {
      name: 'expired (verifier)',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [
          tlsObservation({
            verified: {
              authorized: false,
              authorizationError: 'CERT_HAS_EXPIRED',
              validTo: daysFromScan(-3),
            },
          }),
        ];
      }),
      key: 'expired',
      severity: 'high',
    },
    {
      name: 'expired self-signed: notAfter is judged even when the verifier reports another error',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [
          tlsObservation({
            verified: {
              authorized: false,
              authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT',
              validTo: daysFromScan(-1),
            },
          }),
        ];
      }),
      key: 'expired',
    },
    {
      name: 'wrong hostname',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ verified: { hostnameMatch: false, subject: 'other.example' } })];
      }),
      key: 'hostname',
      severity: 'high',
    },
    {
      name: 'hostname failure folded into the verifier error',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [
          tlsObservation({
            verified: { authorized: false, authorizationError: 'ERR_TLS_CERT_ALTNAME_INVALID' },
          }),
        ];
      }),
      key: 'hostname',
    },
    {
      name: 'expiring within 30 days is low',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ verified: { validTo: daysFromScan(5) } })];
      }),
      key: 'expiring',
      severity: 'low',
    },
    {
      name: 'AS origin certificate untrusted while the MCP origin is fine',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [
          tlsObservation(),
          tlsObservation({
            origin: AS_ORIGIN,
            verified: { authorized: false, authorizationError: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' },
          }),
        ];
      }),
      key: 'untrusted',
    },
  ],
  inconclusive: [
    {
      name: 'handshake failed at the TLS level',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ verified: failedVerified('tls', 'handshake failure') })];
      }),
      reason: 'tls_unverified',
    },
    {
      name: 'verified but no expiry recorded',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ verified: { validTo: null } })];
      }),
      reason: 'ambiguous',
    },
    {
      name: 'https target without a recorded handshake',
      evidence: evidence((ev) => {
        httpsTarget(ev);
      }),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [
    {
      name: 'origin unreachable (timeout): a target that was not reached is not judged',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.detection.targetClass = 'unreachable';
        ev.tls = [tlsObservation({ verified: failedVerified('timeout') })];
      }),
      reason: 'target_class',
    },
    { name: 'loopback http target (default evidence)', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'stdio target',
      evidence: evidence((ev) => {
        ev.detection.transport = 'stdio';
      }),
      reason: 'transport',
    },
  ],
});
