import check from '../../../src/checks/authn/MCPP-AUTHN06.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence, setHttpTarget } from '../../helpers/evidence.js';
import { setDetection } from '../../helpers/trn.js';

const NODE_TRACE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  error: {
    code: -32603,
    message: 'Internal error',
    data: 'TypeError: x is undefined\n    at handler (/srv/app/dist/server.js:41:13)\n    at process (node:internal/process:1:2)',
  },
});

testCheck(check, {
  pass: [
    { name: 'plain error responses', evidence: evidence() },
    {
      name: 'Server and X-Powered-By without versions; metadata URLs and echoed paths in a 404',
      evidence: evidence((_ev, b) => {
        b.exchange({ status: 200, headers: { server: 'nginx', 'x-powered-by': 'Express' } });
        b.exchange({
          method: 'GET',
          url: 'http://127.0.0.1:3000/var/mcp-posture-probe-1',
          status: 404,
          body: 'Cannot GET /var/mcp-posture-probe-1. See https://docs.example.com/home/errors or http://10.0.0.8/help',
        });
      }),
    },
    {
      name: 'the target’s own private address is not a leak',
      evidence: evidence((ev, b) => {
        setHttpTarget(ev, { address: '192.168.1.20', scope: 'private' });
        b.exchange({ status: 400, body: '{"error":"bad request to 192.168.1.20"}' });
      }),
    },
  ],
  fail: [
    {
      name: 'Node stack trace in a JSON-RPC error.data of a 200',
      evidence: evidence((_ev, b) => {
        b.exchange({ status: 200, headers: { 'content-type': 'application/json' }, body: NODE_TRACE });
      }),
      key: 'trace',
      severity: 'medium',
    },
    {
      name: 'Python traceback on a 500',
      evidence: evidence((_ev, b) => {
        b.exchange({
          status: 500,
          body: 'Traceback (most recent call last):\n  File "/app/main.py", line 12, in run',
        });
      }),
      key: 'trace',
    },
    {
      name: 'Werkzeug debugger page',
      evidence: evidence((_ev, b) => {
        b.exchange({ status: 500, body: '<title>Werkzeug Debugger</title>' });
      }),
      key: 'debug',
      severity: 'medium',
    },
    {
      name: 'SQL error',
      evidence: evidence((_ev, b) => {
        b.exchange({ status: 500, body: 'SQLSTATE[42S02]: Base table or view not found' });
      }),
      key: 'sql',
    },
    {
      name: 'filesystem path in an error',
      evidence: evidence((_ev, b) => {
        b.exchange({
          status: 500,
          body: '{"error":"ENOENT: no such file, open \'/home/deploy/config/secrets.json\'"}',
        });
      }),
      key: 'path',
      severity: 'low',
    },
    {
      name: 'private upstream address in a 502',
      evidence: evidence((_ev, b) => {
        b.exchange({ status: 502, body: 'upstream 10.12.0.7:8080 refused the connection' });
      }),
      key: 'private-ip',
      severity: 'low',
    },
    {
      name: 'versioned Server banner',
      evidence: evidence((_ev, b) => {
        b.exchange({ status: 200, headers: { server: 'nginx/1.18.0 (Ubuntu)' } });
      }),
      key: 'banner',
      severity: 'low',
    },
    {
      name: 'nginx default error page with its version',
      evidence: evidence((_ev, b) => {
        b.exchange({
          status: 502,
          body: '<html><body><h1>502 Bad Gateway</h1><hr><center>nginx/1.24.0</center></body></html>',
        });
      }),
      key: 'banner',
    },
    {
      name: 'X-AspNet-Version header',
      evidence: evidence((_ev, b) => {
        b.exchange({ status: 404, headers: { 'x-aspnet-version': '4.0.30319' } });
      }),
      key: 'banner',
    },
  ],
  inconclusive: [
    {
      name: 'no response recorded',
      evidence: evidence((_ev, b) => {
        // The builder attaches its own list after the patch: empty that one.
        b.exchanges.splice(0);
      }),
      reason: 'fetch_failed',
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
