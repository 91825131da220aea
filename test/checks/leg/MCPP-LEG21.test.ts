import check from '../../../src/checks/leg/MCPP-LEG21.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { sseEvidence } from '../../helpers/sse-act.js';

const HTTPS_STREAM = 'https://mcp.example.test/sse';

testCheck(check, {
  pass: [
    { name: 'relative endpoint resolves to the stream origin', evidence: sseEvidence() },
    {
      name: 'absolute endpoint on the same https origin (default port spelled out)',
      evidence: sseEvidence({
        streamUrl: HTTPS_STREAM,
        endpoint: 'https://mcp.example.test:443/messages?sessionId=abc',
      }),
    },
  ],
  fail: [
    {
      name: 'reverse proxy announcing its internal listener',
      evidence: sseEvidence({
        streamUrl: HTTPS_STREAM,
        endpoint: 'https://localhost:8080/messages?sessionId=abc',
      }),
      key: 'cross-origin',
      severity: 'medium',
    },
    {
      name: 'same host on another port',
      evidence: sseEvidence({ endpoint: 'http://127.0.0.1:3001/messages?sessionId=abc' }),
      key: 'cross-origin',
      severity: 'medium',
    },
    {
      name: 'https stream announcing a cleartext endpoint',
      evidence: sseEvidence({
        streamUrl: HTTPS_STREAM,
        endpoint: 'http://mcp.example.test/messages?sessionId=abc',
      }),
      key: 'downgrade',
      severity: 'high',
    },
    {
      name: 'http stream announcing https on the same host',
      evidence: sseEvidence({
        streamUrl: 'http://mcp.example.test/sse',
        endpoint: 'https://mcp.example.test/messages',
      }),
      key: 'cross-origin',
      severity: 'low',
    },
  ],
  inconclusive: [
    {
      name: 'behind an authorization wall',
      evidence: evidence((ev) => {
        ev.detection.transport = null;
        ev.detection.authWall = true;
      }),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [
    {
      name: 'no endpoint event (LEG20 reports it)',
      evidence: sseEvidence({ endpoint: null }),
      reason: 'feature_absent',
    },
    { name: 'Streamable HTTP target', evidence: evidence(), reason: 'transport' },
  ],
});
