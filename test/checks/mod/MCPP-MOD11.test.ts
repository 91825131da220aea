import check from '../../../src/checks/mod/MCPP-MOD11.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  complete,
  discoverResult,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setHeaders,
  TOOLS,
} from '../../helpers/modern.js';

testCheck(check, {
  pass: [{ name: 'both variants rejected', evidence: modernEvidence() }],
  fail: [
    {
      name: 'mismatch served per body',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { methodMismatch: b.ok(b.reply({ result: discoverResult() })) }),
      ),
      key: 'served',
      severity: 'medium',
    },
    {
      name: 'mismatch routed by the header',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { methodMismatch: b.ok(b.reply({ result: complete({ tools: TOOLS }) })) }),
      ),
      key: 'header-routed',
      severity: 'high',
    },
    {
      name: 'case variant served (header value lowercased)',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { methodCase: b.ok(b.reply({ result: discoverResult() })) }),
      ),
      key: 'case-served',
    },
    {
      name: 'case variant looked up by the header',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { methodCase: b.ok(rpcError(b, 404, -32601)) })),
      key: 'case-header-routed',
      severity: 'high',
    },
    {
      name: 'wrong code',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { methodMismatch: b.ok(rpcError(b, 400, -32600)) })),
      key: 'code',
      severity: 'low',
    },
  ],
  inconclusive: [
    { name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' },
    {
      name: 'case variant timed out',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { methodCase: b.failed() })),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
