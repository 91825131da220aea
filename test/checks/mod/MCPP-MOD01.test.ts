import check from '../../../src/checks/mod/MCPP-MOD01.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWalled, legacyOnly, modernEvidence, rpcError, setDiscover } from '../../helpers/modern.js';

testCheck(check, {
  pass: [
    { name: 'DiscoverResult', evidence: modernEvidence() },
    {
      name: '-32022 for the requested version',
      evidence: modernEvidence((ev, b) =>
        setDiscover(ev, b.ok(rpcError(b, 400, -32022, 'Unsupported', { supported: ['2027-01-01'] }))),
      ),
    },
  ],
  fail: [
    {
      name: 'discover answered -32601 while other modern probes ran',
      evidence: modernEvidence((ev, b) =>
        setDiscover(ev, b.ok(rpcError(b, 404, -32601, 'Method not found'))),
      ),
      key: 'not-found',
      severity: 'high',
    },
    {
      name: 'discover answered another error',
      evidence: modernEvidence((ev, b) => setDiscover(ev, b.ok(rpcError(b, 400, -32020)))),
      key: 'error',
    },
  ],
  inconclusive: [
    {
      name: 'pinned 2026-07-28 without modern evidence',
      evidence: modernEvidence((ev, b) => {
        setDiscover(ev, b.ok(rpcError(b, 404, -32601)));
        Object.assign(ev, { modern: null });
      }),
      reason: 'ambiguous',
    },
    {
      name: 'auth wall',
      evidence: modernEvidence((ev, b) => {
        authWalled(ev);
        setDiscover(ev, b.ok(b.reply({ status: 401, mediaType: null })));
      }),
      reason: 'auth_wall',
    },
    {
      name: 'discover timed out',
      evidence: modernEvidence((ev, b) => setDiscover(ev, b.failed())),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [{ name: 'legacy-only server', evidence: legacyOnly(), reason: 'revision' }],
});
