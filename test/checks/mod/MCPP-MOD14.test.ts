import check from '../../../src/checks/mod/MCPP-MOD14.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  discoverResult,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setMeta,
} from '../../helpers/modern.js';

testCheck(check, {
  pass: [
    { name: '-32602 for both', evidence: modernEvidence() },
    {
      name: 'no _meta answered -32020',
      evidence: modernEvidence((ev, b) => setMeta(ev, { noMeta: b.ok(rpcError(b, 400, -32020)) })),
    },
  ],
  fail: [
    {
      name: 'capabilities inferred',
      evidence: modernEvidence((ev, b) =>
        setMeta(ev, { noCapabilities: b.ok(b.reply({ result: discoverResult() })) }),
      ),
      key: 'served',
      severity: 'low',
    },
    {
      name: 'missing capabilities answered -32020',
      evidence: modernEvidence((ev, b) => setMeta(ev, { noCapabilities: b.ok(rpcError(b, 400, -32020)) })),
      key: 'code',
    },
    {
      name: 'no _meta served',
      evidence: modernEvidence((ev, b) =>
        setMeta(ev, { noMeta: b.ok(b.reply({ result: discoverResult() })) }),
      ),
      key: 'no-meta-served',
    },
    {
      name: 'missing capabilities answered 200 with -32602',
      evidence: modernEvidence((ev, b) => setMeta(ev, { noCapabilities: b.ok(rpcError(b, 200, -32602)) })),
      key: 'status',
    },
  ],
  inconclusive: [{ name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' }],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
