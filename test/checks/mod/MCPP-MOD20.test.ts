import check from '../../../src/checks/mod/MCPP-MOD20.js';
import type { ListingEvidence } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import { legacyOnly, modernEvidence, rpcError, setModern } from '../../helpers/modern.js';

const freshAnswer = (b: EvidenceBuilder, status: number, code: number, message: string) => {
  const reply = rpcError(b, status, code, message);
  const value: ListingEvidence = { items: [], pages: 1, truncated: false, replies: [reply] };
  return { method: 'tools/list', probe: b.ok(value, reply.exchange) };
};

testCheck(check, {
  pass: [{ name: 'served on its own', evidence: modernEvidence() }],
  fail: [
    {
      name: 'needs discovery first',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { fresh: freshAnswer(b, 400, -32600, 'Call server/discover first') }),
      ),
      key: 'discovery',
      severity: 'medium',
    },
    {
      name: 'server not initialized',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { fresh: freshAnswer(b, 400, -32000, 'Bad Request: Server not initialized') }),
      ),
      key: 'initialization',
    },
    {
      name: 'session required',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { fresh: freshAnswer(b, 400, -32000, 'Mcp-Session-Id header is required') }),
      ),
      key: 'session',
    },
  ],
  inconclusive: [
    {
      name: 'method not offered',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { fresh: freshAnswer(b, 404, -32601, 'Method not found') }),
      ),
      reason: 'ambiguous',
    },
    {
      name: 'timeout',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { fresh: { method: 'tools/list', probe: b.failed() } }),
      ),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
