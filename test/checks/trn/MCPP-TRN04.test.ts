import check from '../../../src/checks/trn/MCPP-TRN04.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { HTTPS_ORIGIN, httpsTarget, plainObservation, tlsObservation } from '../../helpers/tls.js';

const AS_ORIGIN = 'https://auth.example.test';
const redirect = (status: number, location: string) => ({ status, headers: { location } });

testCheck(check, {
  pass: [
    {
      name: 'cleartext port refuses the connection',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: 'connect' })];
      }),
    },
    {
      name: 'cleartext connection reset',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: 'reset' })];
      }),
    },
    {
      name: 'cleartext request times out',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: 'timeout' })];
      }),
    },
    {
      name: '301 to https on the same host',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: redirect(301, `${HTTPS_ORIGIN}/mcp`) })];
      }),
    },
    {
      name: '308 to https on the same host, non-default port',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: redirect(308, 'https://mcp.example.test:8443/mcp') })];
      }),
    },
    {
      name: '307 to https is tolerated',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: redirect(307, `${HTTPS_ORIGIN}/mcp`) })];
      }),
    },
    {
      name: 'nginx TLS-only port answers 400 "plain HTTP request was sent to HTTPS port"',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [
          plainObservation(b, {
            get: {
              status: 400,
              headers: { 'content-type': 'text/html' },
              body: '<h1>400 The plain HTTP request was sent to HTTPS port</h1>',
            },
          }),
        ];
      }),
    },
  ],
  fail: [
    {
      name: 'cleartext POST answers JSON-RPC',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [
          plainObservation(b, {
            get: { status: 405 },
            post: { status: 200, result: { supportedVersions: ['2026-07-28'] } },
          }),
        ];
      }),
      key: 'serves-mcp',
      severity: 'high',
    },
    {
      name: 'cleartext POST answers a JSON-RPC error (still MCP)',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [
          plainObservation(b, {
            get: { status: 405 },
            post: { status: 400, error: { code: -32000, message: 'Bad Request' }, id: null },
          }),
        ];
      }),
      key: 'serves-mcp',
    },
    {
      name: 'cleartext GET answers a Bearer challenge',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [
          plainObservation(b, {
            get: { status: 401, headers: { 'www-authenticate': 'Bearer resource_metadata="x"' } },
          }),
        ];
      }),
      key: 'serves-mcp',
      severity: 'high',
    },
    {
      name: 'cleartext GET serves AS metadata',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.tls = [tlsObservation(), tlsObservation({ origin: AS_ORIGIN })];
        ev.plain = [
          plainObservation(b, { get: 'connect' }),
          plainObservation(b, {
            httpsOrigin: AS_ORIGIN,
            url: 'http://auth.example.test/.well-known/oauth-authorization-server',
            get: {
              status: 200,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ issuer: AS_ORIGIN, token_endpoint: `${AS_ORIGIN}/token` }),
            },
          }),
        ];
      }),
      key: 'serves-metadata',
      severity: 'high',
    },
    {
      name: 'load balancer answers 404 on port 80 (low)',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [
          plainObservation(b, {
            get: { status: 404, headers: { 'content-type': 'text/html' }, body: 'Not Found' },
          }),
        ];
      }),
      key: 'no-redirect',
      severity: 'low',
    },
    {
      name: 'redirect to another host',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: redirect(301, 'https://elsewhere.example.test/mcp') })];
      }),
      key: 'no-redirect',
      severity: 'low',
    },
    {
      name: 'redirect to http',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: redirect(301, '/other') })];
      }),
      key: 'no-redirect',
    },
    {
      name: 'redirect without Location',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: { status: 308 } })];
      }),
      key: 'no-redirect',
    },
  ],
  inconclusive: [
    {
      name: 'cleartext probe not sent',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.plain = [plainObservation(b, { get: 'skipped' })];
      }),
      reason: 'fetch_failed',
    },
    {
      name: 'https target without a cleartext observation',
      evidence: evidence((ev) => {
        httpsTarget(ev);
      }),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [
    { name: 'loopback http target (default evidence)', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'HTTP+SSE target (the row covers Streamable HTTP and AS origins)',
      evidence: evidence((ev, b) => {
        httpsTarget(ev);
        ev.detection.transport = 'http+sse';
        ev.plain = [plainObservation(b, { get: { status: 200, body: 'hello' } })];
      }),
      reason: 'transport',
    },
  ],
});
