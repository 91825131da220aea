import check from '../../../src/checks/stdio/MCPP-STDIO04.js';
import { evidence } from '../../helpers/evidence.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { Mutable } from '../../helpers/evidence.js';
import type { Evidence, StdioShutdown } from '../../../src/evidence/types.js';
import { launch, stdioEvidence } from './stdio-evidence.js';

const shut = (s: Partial<StdioShutdown>) =>
  launch({
    shutdown: { exitedBeforeClose: false, needed: 'none', exitAfterCloseMs: 20, groupSurvivors: false, ...s },
  });
const passive = (ev: Evidence): Evidence => {
  const e = structuredClone(ev) as Mutable<Evidence>;
  e.settings.mode = 'passive';
  return e;
};

testCheck(check, {
  pass: [
    { name: 'exits after stdin closes', evidence: stdioEvidence() },
    {
      name: 'a launch that crashed earlier is not judged; the other exited',
      evidence: stdioEvidence([shut({ exitedBeforeClose: true, needed: null }), shut({})]),
    },
  ],
  fail: [
    {
      name: 'needed SIGTERM',
      evidence: stdioEvidence([shut({ needed: 'sigterm', exitAfterCloseMs: 5010 })]),
      key: 'sigterm',
      severity: 'low',
    },
    {
      name: 'needed SIGKILL',
      evidence: stdioEvidence([shut({ needed: 'sigkill', exitAfterCloseMs: 7020 })]),
      key: 'sigkill',
    },
  ],
  inconclusive: [
    {
      name: 'exited before stdin was closed',
      evidence: stdioEvidence([shut({ exitedBeforeClose: true, needed: null, exitAfterCloseMs: null })]),
      reason: 'probe_unavailable',
    },
    { name: 'passive mode', evidence: passive(stdioEvidence()), reason: 'mode_disabled' },
  ],
  notApplicable: [{ name: 'an HTTP target', evidence: evidence(), reason: 'transport' }],
});
