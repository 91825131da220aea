import check from '../../../src/checks/mod/MCPP-MOD09.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  discoverResult,
  dualEraEvidence,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setModern,
} from '../../helpers/modern.js';

testCheck(check, {
  pass: [
    { name: '400 with -32020', evidence: modernEvidence() },
    {
      name: 'dual-era server answers as 2025-03-26 legacy',
      evidence: dualEraEvidence((ev, b) =>
        setModern(ev, { versionNone: b.ok(rpcError(b, 400, -32000, 'Bad Request: Server not initialized')) }),
      ),
    },
    {
      name: 'dual-era server answers as 2025-03-26 legacy, minting a session (TRN09 reads the same era)',
      evidence: dualEraEvidence((ev, b) =>
        setModern(ev, {
          versionNone: b.ok(
            b.reply({ status: 400, error: { code: -32600, message: 'Bad Request' }, sessionId: 'legacy-1' }),
          ),
        }),
      ),
    },
  ],
  fail: [
    {
      name: 'served as modern',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { versionNone: b.ok(b.reply({ result: discoverResult() })) }),
      ),
      key: 'served',
      severity: 'low',
    },
    {
      name: 'served as modern on a dual-era server',
      evidence: dualEraEvidence((ev, b) =>
        setModern(ev, { versionNone: b.ok(b.reply({ result: discoverResult() })) }),
      ),
      key: 'served',
    },
    {
      name: 'modern-only server answers another code',
      evidence: modernEvidence((ev, b) => setModern(ev, { versionNone: b.ok(rpcError(b, 400, -32600)) })),
      key: 'code',
    },
    {
      name: 'modern-only server answers 200 with -32020',
      evidence: modernEvidence((ev, b) => setModern(ev, { versionNone: b.ok(rpcError(b, 200, -32020)) })),
      key: 'status',
    },
  ],
  inconclusive: [{ name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' }],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
