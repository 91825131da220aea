import check from '../../../src/checks/pin/MCPP-PIN02.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { entry, pinEvidence, surface, TOOLS, withTools } from '../../lock/pin-evidence.js';

const without = (name: string) => {
  const t = TOOLS();
  delete t[name];
  return t;
};

testCheck(check, {
  pass: [
    { name: 'surface equal to the lock', evidence: pinEvidence(entry(), entry()) },
    {
      name: 'a renamed tool is not a removal',
      evidence: withTools((t) => {
        t['get_time_v2'] = { ...t['get_time']!, name: 'get_time_v2' };
        delete t['get_time'];
      }),
    },
    {
      name: 'tools not listed completely now: a missing tool is not a removal',
      evidence: pinEvidence(
        entry(),
        entry({ surface: surface({ tools: without('echo'), incomplete: ['tool'] }) }),
      ),
    },
  ],
  fail: [
    {
      name: 'a tool removed',
      evidence: pinEvidence(entry(), entry({ surface: surface({ tools: without('echo') }) })),
      key: 'removed',
      severity: 'low',
    },
  ],
  notApplicable: [{ name: 'no lock given', evidence: evidence(), reason: 'feature_absent' }],
});
