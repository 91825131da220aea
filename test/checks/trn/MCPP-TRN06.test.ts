import check from '../../../src/checks/trn/MCPP-TRN06.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence, setEndpoint } from '../../helpers/evidence.js';
import { authWall, httpSseOnly, setDetection } from '../../helpers/trn.js';

testCheck(check, {
  pass: [
    { name: 'Streamable HTTP detected', evidence: evidence() },
    {
      name: 'Streamable HTTP with an HTTP+SSE stream elsewhere',
      evidence: evidence((ev, b) => {
        setEndpoint(ev, { sseGet: b.ok(b.reply({ mediaType: 'text/event-stream', method: 'GET' })) });
      }),
    },
  ],
  fail: [
    {
      name: 'HTTP+SSE only, 2024-11-05 only: low',
      evidence: evidence((ev, b) => httpSseOnly(ev, b)),
      severity: 'low',
    },
    {
      name: 'HTTP+SSE only, negotiating 2025-03-26 too: medium',
      evidence: evidence((ev, b) =>
        httpSseOnly(ev, b, '/messages?sessionId=x', ['2024-11-05', '2025-03-26']),
      ),
      severity: 'medium',
    },
  ],
  inconclusive: [
    {
      name: 'behind an authorization wall',
      evidence: evidence((ev, b) => authWall(ev, b)),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [
    {
      name: 'stdio target',
      evidence: evidence((ev) => setDetection(ev, { transport: 'stdio' })),
      reason: 'transport',
    },
  ],
});
