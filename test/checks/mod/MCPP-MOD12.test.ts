import check from '../../../src/checks/mod/MCPP-MOD12.js';
import { testCheck } from '../../helpers/check-tester.js';
import { legacyOnly, modernEvidence, NAMES, passive, rpcError, setHeaders } from '../../helpers/modern.js';

testCheck(check, {
  pass: [{ name: 'both rejected with -32020', evidence: modernEvidence() }],
  fail: [
    {
      name: 'missing header reaches dispatch',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { nameMissing: b.ok(rpcError(b, 200, -32602, `Unknown tool: ${NAMES.body}`)) }),
      ),
      key: 'missing-served',
      severity: 'medium',
    },
    {
      name: 'mismatch executes the body name',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { nameMismatch: b.ok(rpcError(b, 200, -32602, `Unknown tool: ${NAMES.body}`)) }),
      ),
      key: 'mismatch-served',
      severity: 'high',
    },
    {
      name: 'mismatch routed by the header name',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { nameMismatch: b.ok(rpcError(b, 200, -32602, `Unknown tool: ${NAMES.header}`)) }),
      ),
      key: 'header-routed',
      severity: 'high',
    },
    {
      name: 'a result came back',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { nameMissing: b.ok(b.reply({ result: { content: [] } })) }),
      ),
      key: 'missing-served',
    },
    {
      name: 'wrong code',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { nameMismatch: b.ok(rpcError(b, 400, -32600)) })),
      key: 'mismatch-code',
      severity: 'low',
    },
  ],
  inconclusive: [
    { name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' },
    {
      name: '500',
      evidence: modernEvidence((ev, b) =>
        setHeaders(ev, { nameMissing: b.ok(b.reply({ status: 500, mediaType: null })) }),
      ),
      reason: 'fetch_failed',
    },
    {
      name: 'the control s.tool.unknown (correct Mcp-Name) rejected with -32020 too',
      evidence: modernEvidence((ev, b) => {
        (ev.modern as { toolUnknown: unknown }).toolUnknown = b.ok(rpcError(b, 400, -32020));
      }),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
