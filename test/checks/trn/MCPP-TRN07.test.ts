import check from '../../../src/checks/trn/MCPP-TRN07.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { authWall, httpSseOnly, setLegacy, stateless } from '../../helpers/trn.js';

const ISSUED = 'a3f1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b'; // the default evidence's main session

testCheck(check, {
  pass: [
    { name: 'sessions only in headers', evidence: evidence() },
    {
      name: 'HTTP+SSE endpoint without a session in the URI',
      evidence: evidence((ev, b) => httpSseOnly(ev, b, '/messages')),
    },
  ],
  fail: [
    {
      name: 'HTTP+SSE sessionId query parameter (SDK convention) is medium',
      evidence: evidence((ev, b) =>
        httpSseOnly(ev, b, '/messages?sessionId=7c2e9a41-d3b8-4e05-b1f6-52a9c0e8d347'),
      ),
      key: 'sse-query',
      severity: 'medium',
    },
    {
      name: 'HTTP+SSE UUID path segment is medium',
      evidence: evidence((ev, b) => httpSseOnly(ev, b, '/messages/7c2e9a41-d3b8-4e05-b1f6-52a9c0e8d347')),
      key: 'sse-path',
      severity: 'medium',
    },
    {
      name: 'short sid parameter name is caught',
      evidence: evidence((ev, b) => httpSseOnly(ev, b, '/rpc?sid=abc123')),
      key: 'sse-query',
    },
    {
      name: 'issued Mcp-Session-Id in a redirect Location is high',
      evidence: evidence((ev, b) => {
        const r = b.reply({ status: 307, mediaType: null, location: `/mcp/s/${ISSUED}` });
        setLegacy(ev, { baseline: b.ok(r) });
      }),
      key: 'redirect',
      severity: 'high',
    },
    {
      name: 'issued Mcp-Session-Id in a request URL is high',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          url: `http://127.0.0.1:3000/mcp?session=${encodeURIComponent(ISSUED)}`,
          result: { tools: [] },
        });
        setLegacy(ev, { baseline: b.ok(r) });
      }),
      key: 'url',
      severity: 'high',
    },
  ],
  inconclusive: [
    {
      name: 'behind an authorization wall',
      evidence: evidence((ev, b) => authWall(ev, b)),
      reason: 'auth_wall',
    },
    {
      name: 'HTTP+SSE stream without an endpoint event',
      evidence: evidence((ev, b) => httpSseOnly(ev, b, null)),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [
    {
      name: 'stateless Streamable HTTP server',
      evidence: evidence((ev, b) => stateless(ev, b)),
      reason: 'feature_absent',
    },
  ],
});
