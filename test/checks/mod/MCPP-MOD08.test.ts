import check from '../../../src/checks/mod/MCPP-MOD08.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  discoverResult,
  dualEraEvidence,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setHeaders,
} from '../../helpers/modern.js';

const mismatch = (
  f: (b: Parameters<Parameters<typeof modernEvidence>[0] & object>[1]) => ReturnType<typeof rpcError>,
) => modernEvidence((ev, b) => setHeaders(ev, { versionMismatch: b.ok(f(b)) }));

testCheck(check, {
  pass: [
    { name: '400 with -32020', evidence: modernEvidence() },
    { name: 'dual-era server rejects too', evidence: dualEraEvidence() },
  ],
  fail: [
    {
      name: 'served',
      evidence: mismatch((b) => b.reply({ result: discoverResult() })),
      key: 'served',
      severity: 'medium',
    },
    {
      name: '400 with -32600',
      evidence: mismatch((b) => rpcError(b, 400, -32600)),
      key: 'code',
      severity: 'low',
    },
    {
      name: '400 without JSON-RPC',
      evidence: mismatch((b) => b.reply({ status: 400, mediaType: 'text/plain' })),
      key: 'code',
    },
    {
      name: '200 with -32020',
      evidence: mismatch((b) => rpcError(b, 200, -32020)),
      key: 'status',
      severity: 'medium',
    },
  ],
  inconclusive: [
    { name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' },
    {
      name: '429',
      evidence: mismatch((b) => b.reply({ status: 429, mediaType: null })),
      reason: 'rate_limited',
    },
    {
      name: 'WAF 403',
      evidence: mismatch((b) => b.reply({ status: 403, mediaType: null })),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
