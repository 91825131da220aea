import check from '../../../src/checks/trn/MCPP-TRN01.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence, setHttpTarget } from '../../helpers/evidence.js';

const publicHttp = {
  url: 'http://mcp.example.test/mcp',
  origin: 'http://mcp.example.test',
  scheme: 'http',
  hostname: 'mcp.example.test',
  address: '203.0.113.7',
  scope: 'public',
} as const;

testCheck(check, {
  pass: [
    { name: 'loopback http', evidence: evidence() },
    {
      name: 'https on a public host',
      evidence: evidence((ev) => {
        setHttpTarget(ev, {
          ...publicHttp,
          url: 'https://mcp.example.test/mcp',
          origin: 'https://mcp.example.test',
          scheme: 'https',
        });
      }),
    },
  ],
  fail: [
    {
      name: 'http on a public host with sessions is critical',
      evidence: evidence((ev) => {
        setHttpTarget(ev, { ...publicHttp });
      }),
      key: 'endpoint',
      severity: 'critical',
    },
    {
      name: 'http on a private (RFC 1918) host without sessions is high',
      evidence: evidence((ev) => {
        setHttpTarget(ev, { ...publicHttp, hostname: '10.1.2.3', address: '10.1.2.3', scope: 'private' });
        ev.sessions = null;
      }),
      key: 'endpoint',
      severity: 'high',
    },
  ],
  notApplicable: [
    {
      name: 'stdio target',
      evidence: evidence((ev) => {
        ev.detection.transport = 'stdio';
      }),
      reason: 'transport',
    },
  ],
});
