import check from '../../../src/checks/stdio/MCPP-STDIO07.js';
import type { StdioLeftBehind } from '../../../src/evidence/types.js';
import { evidence } from '../../helpers/evidence.js';
import { testCheck } from '../../helpers/check-tester.js';
import { launch, stdioEvidence } from './stdio-evidence.js';

const left = (lb: StdioLeftBehind, probe = 'x.launch') =>
  launch({
    probe,
    shutdown: {
      exitedBeforeClose: false,
      needed: 'none',
      exitAfterCloseMs: 20,
      groupSurvivors: false,
      leftBehind: lb,
    },
  });
const none = (method: StdioLeftBehind['method']): StdioLeftBehind => ({
  method,
  count: 0,
  commands: [],
  ended: null,
});

testCheck(check, {
  pass: [
    { name: 'nothing left (marker sweep)', evidence: stdioEvidence([left(none('marker-sweep'))]) },
    {
      name: 'nothing left in the sandbox, on both launches',
      evidence: stdioEvidence([left(none('pid-namespace')), left(none('pid-namespace'), 'x.launch.legacy')]),
    },
  ],
  fail: [
    {
      name: 'a daemon in its own session, found by the marker',
      evidence: stdioEvidence([
        left({ method: 'marker-sweep', count: 1, commands: ['node -e sleeper'], ended: 'sigkill' }),
      ]),
      key: 'left-behind',
      severity: 'low',
    },
    {
      name: 'the second launch left two processes in the sandbox',
      evidence: stdioEvidence([
        left(none('pid-namespace')),
        left(
          { method: 'pid-namespace', count: 2, commands: ['sleep 1000', 'sh -c x'], ended: 'namespace' },
          'x.launch.legacy',
        ),
      ]),
      key: 'left-behind',
    },
  ],
  inconclusive: [
    {
      name: 'older evidence: nothing recorded',
      evidence: stdioEvidence(),
      reason: 'probe_unavailable',
    },
    {
      name: 'macOS: only the group was watched',
      evidence: stdioEvidence([left(none('process-group'))]),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [{ name: 'an HTTP target', evidence: evidence(), reason: 'transport' }],
});
