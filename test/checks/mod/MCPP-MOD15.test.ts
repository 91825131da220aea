import check from '../../../src/checks/mod/MCPP-MOD15.js';
import { testCheck } from '../../helpers/check-tester.js';
import { legacyOnly, modernEvidence, passive, rpcError, setMeta } from '../../helpers/modern.js';

testCheck(check, {
  pass: [{ name: 'served without clientInfo', evidence: modernEvidence() }],
  fail: [
    {
      name: 'clientInfo required',
      evidence: modernEvidence((ev, b) => setMeta(ev, { noClientInfo: b.ok(rpcError(b, 400, -32602)) })),
      key: 'rejected',
      severity: 'low',
    },
  ],
  inconclusive: [
    { name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' },
    {
      name: '401 on the crafted request',
      evidence: modernEvidence((ev, b) =>
        setMeta(ev, { noClientInfo: b.ok(b.reply({ status: 401, mediaType: null })) }),
      ),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
