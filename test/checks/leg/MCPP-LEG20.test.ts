import check from '../../../src/checks/leg/MCPP-LEG20.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { sseEvent, sseEvidence } from '../../helpers/sse-act.js';

testCheck(check, {
  pass: [
    { name: 'relative endpoint URI announced first (2024-11-05)', evidence: sseEvidence() },
    {
      name: 'absolute same-origin endpoint URI',
      evidence: sseEvidence({ endpoint: 'http://127.0.0.1:3000/messages?sessionId=abc' }),
    },
    {
      name: 'HTTP+SSE server that negotiated 2025-11-25 is still judged on the transport text',
      evidence: sseEvidence({ revision: '2025-11-25' }),
    },
  ],
  fail: [
    {
      name: 'stream without any endpoint event',
      evidence: sseEvidence({
        endpoint: null,
        events: [sseEvent(undefined, '{"jsonrpc":"2.0","method":"ping"}')],
      }),
      key: 'missing',
      severity: 'medium',
    },
    { name: 'stream with no events at all', evidence: sseEvidence({ endpoint: null }), key: 'missing' },
    {
      name: 'endpoint event after a ping event',
      evidence: sseEvidence({
        events: [sseEvent('ping', ''), sseEvent('endpoint', '/messages?sessionId=abc')],
      }),
      key: 'order',
      severity: 'low',
    },
    { name: 'empty endpoint data', evidence: sseEvidence({ endpoint: '' }), key: 'uri', severity: 'medium' },
    {
      name: 'endpoint URI with a non-http scheme',
      evidence: sseEvidence({ endpoint: 'javascript:alert(1)' }),
      key: 'uri',
    },
    {
      name: 'endpoint data that does not resolve',
      evidence: sseEvidence({ endpoint: 'http://[bad', resolved: null }),
      key: 'uri',
    },
  ],
  inconclusive: [
    {
      name: 'behind an authorization wall no stream is opened',
      evidence: evidence((ev) => {
        ev.detection.transport = null;
        ev.detection.authWall = true;
      }),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [
    { name: 'Streamable HTTP target', evidence: evidence(), reason: 'transport' },
    {
      name: 'GET answered without an event stream',
      evidence: sseEvidence({ getStatus: 200, getMediaType: 'text/html' }),
      reason: 'feature_absent',
    },
    {
      name: 'unknown transport and no stream',
      evidence: evidence((ev) => {
        ev.detection.transport = null;
      }),
      reason: 'transport',
    },
  ],
});
