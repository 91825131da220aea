import check from '../../../src/checks/mod/MCPP-MOD29.js';
import { testCheck } from '../../helpers/check-tester.js';
import { legacyOnly, modernEvidence, passive, setModern } from '../../helpers/modern.js';

testCheck(check, {
  pass: [{ name: 'rejected with 400', evidence: modernEvidence() }],
  fail: [
    {
      name: 'processed',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          batch: b.ok(
            b.reply({
              bodyKind: 'json',
              messages: [
                { kind: 'response', id: 901, result: { tools: [] } },
                { kind: 'response', id: 902, result: { tools: [] } },
              ],
            }),
          ),
        }),
      ),
      key: 'processed',
      severity: 'low',
    },
    {
      name: 'answered 404',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { batch: b.ok(b.reply({ status: 404, mediaType: null })) }),
      ),
      key: 'status',
    },
  ],
  inconclusive: [{ name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' }],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
