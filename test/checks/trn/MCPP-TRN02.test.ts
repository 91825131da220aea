import check from '../../../src/checks/trn/MCPP-TRN02.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence, setHttpTarget } from '../../helpers/evidence.js';
import { failedVerified, httpsTarget, tlsObservation } from '../../helpers/tls.js';

const AS_ORIGIN = 'https://auth.example.test';

testCheck(check, {
  pass: [
    {
      name: 'both legacy handshakes refused, TLS 1.3 negotiated',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation()];
      }),
    },
    {
      name: 'MCP origin and AS origin both refuse legacy TLS',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation(), tlsObservation({ origin: AS_ORIGIN, verified: { protocol: 'TLSv1.2' } })];
      }),
    },
  ],
  fail: [
    {
      name: 'TLS 1.0 accepted',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ legacy: { 'tls1.0': 'accepted' } })];
      }),
      key: 'tls1.0',
      severity: 'high',
    },
    {
      name: 'TLS 1.1 accepted on the AS origin only',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation(), tlsObservation({ origin: AS_ORIGIN, legacy: { 'tls1.1': 'accepted' } })];
      }),
      key: 'tls1.1',
    },
    {
      name: 'legacy-only server: verified handshake failed but TLS 1.0 completed',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [
          tlsObservation({
            verified: failedVerified('tls', 'unsupported protocol'),
            legacy: { 'tls1.0': 'accepted' },
          }),
        ];
      }),
      key: 'tls1.0',
    },
    {
      name: 'verified handshake negotiated TLS 1.1',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ verified: { protocol: 'TLSv1.1' }, legacy: { 'tls1.1': 'unavailable' } })];
      }),
      key: 'tls1.1',
    },
    {
      name: 'http target with an https AS that accepts TLS 1.0',
      evidence: evidence((ev) => {
        ev.tls = [tlsObservation({ origin: AS_ORIGIN, legacy: { 'tls1.0': 'accepted' } })];
      }),
      key: 'tls1.0',
    },
  ],
  inconclusive: [
    {
      name: 'scanner cannot offer TLS 1.0 or 1.1',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ legacy: { 'tls1.0': 'unavailable', 'tls1.1': 'unavailable' } })];
      }),
      reason: 'probe_unavailable',
    },
    {
      name: 'scanner cannot offer TLS 1.0; TLS 1.1 refused',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ legacy: { 'tls1.0': 'unavailable' } })];
      }),
      reason: 'probe_unavailable',
    },
    {
      name: 'verified handshake failed at the TLS level, legacy refused',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation({ verified: failedVerified('tls') })];
      }),
      reason: 'tls_unverified',
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
      name: 'origin unreachable: a target that was not reached is not judged',
      evidence: evidence((ev) => {
        httpsTarget(ev);
        ev.detection.targetClass = 'unreachable';
        ev.tls = [tlsObservation({ verified: failedVerified('connect') })];
      }),
      reason: 'target_class',
    },
    { name: 'loopback http target (default evidence)', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'public http target without TLS evidence',
      evidence: evidence((ev) => {
        setHttpTarget(ev, {
          url: 'http://mcp.example.test/mcp',
          origin: 'http://mcp.example.test',
          hostname: 'mcp.example.test',
          scope: 'public',
        });
      }),
      reason: 'feature_absent',
    },
    {
      name: 'stdio target',
      evidence: evidence((ev) => {
        ev.detection.transport = 'stdio';
      }),
      reason: 'transport',
    },
  ],
});
