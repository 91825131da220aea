import check from '../../../src/checks/trn/MCPP-TRN09.js';
import type { ModernEvidence } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  authWalled,
  BOGUS_SESSION,
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
    { name: 'no session IDs; the bogus one ignored', evidence: modernEvidence() },
    { name: 'dual-era server (legacy sessions do not count)', evidence: dualEraEvidence() },
    {
      // The official Python SDK and FastMCP: the era is decided once per exchange, as MOD09 reads it.
      name: 'a session ID on the header-less server/discover a 2025-03-26 server handled as legacy',
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
      name: 'a session ID on a modern list reply',
      evidence: modernEvidence((ev, b) => {
        const lists = [...(ev.modern as ModernEvidence).lists];
        const reply = b.reply({ result: { tools: [] }, sessionId: 'minted-1' });
        lists[0] = {
          method: 'tools/list',
          probe: b.ok({ items: [], pages: 1, truncated: false, replies: [reply] }, reply.exchange),
        };
        setModern(ev, { lists });
      }),
      key: 'mint',
      severity: 'low',
    },
    {
      name: 'a session ID on the header-less server/discover answered as a modern request',
      evidence: dualEraEvidence((ev, b) =>
        setModern(ev, { versionNone: b.ok(b.reply({ result: discoverResult(), sessionId: 'minted-2' })) }),
      ),
      key: 'mint',
    },
    {
      name: 'a session ID on the header-less server/discover of a server without 2025-03-26',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          versionNone: b.ok(
            b.reply({ status: 400, error: { code: -32020, message: 'missing' }, sessionId: 'minted-3' }),
          ),
        }),
      ),
      key: 'mint',
    },
    {
      name: 'the bogus ID echoed',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          bogusSession: b.ok(b.reply({ result: discoverResult(), sessionId: BOGUS_SESSION })),
        }),
      ),
      key: 'echo',
    },
    {
      name: 'the bogus ID rejected with 404',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { bogusSession: b.ok(rpcError(b, 404, -32001, 'Session not found')) }),
      ),
      key: 'rejected',
    },
  ],
  inconclusive: [
    {
      name: 'passive: only minting judged',
      evidence: modernEvidence((ev, b) => {
        passive(ev);
        setModern(ev, { bogusSession: b.skipped('mode_disabled') });
      }),
      reason: 'mode_disabled',
    },
    { name: 'auth wall', evidence: modernEvidence(authWalled), reason: 'auth_wall' },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
// `listing` is kept imported for parity with the other modern tests' helpers.
