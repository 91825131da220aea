import check from '../../../src/checks/mod/MCPP-MOD10.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  discoverResult,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setHeaders,
} from '../../helpers/modern.js';

testCheck(check, {
  pass: [{ name: '400 with -32020', evidence: modernEvidence() }],
  fail: [
    {
      name: 'served',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { methodMissing: b.ok(b.reply({ result: discoverResult() })) }),
      ),
      key: 'served',
      severity: 'medium',
    },
    {
      name: 'plain 400 from an intermediary',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { methodMissing: b.ok(b.reply({ status: 400, mediaType: 'text/html' })) }),
      ),
      key: 'code',
      severity: 'low',
    },
    {
      name: '404',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { methodMissing: b.ok(rpcError(b, 404, -32601)) })),
      key: 'status',
    },
  ],
  inconclusive: [
    { name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' },
    {
      name: 'probe failed',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { methodMissing: b.failed() })),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
