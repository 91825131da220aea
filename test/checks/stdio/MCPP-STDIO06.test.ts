import check from '../../../src/checks/stdio/MCPP-STDIO06.js';
import { evidence } from '../../helpers/evidence.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { StdioOpening } from '../../../src/evidence/types.js';
import { launch, stdioEvidence } from './stdio-evidence.js';

const opening = (outcome: StdioOpening['outcome'], windowFrom?: StdioOpening['windowFrom']) =>
  launch({
    opening: { method: 'server/discover', outcome, ms: 5000, ...(windowFrom ? { windowFrom } : {}) },
  });

testCheck(check, {
  pass: [
    { name: 'answered and alive', evidence: stdioEvidence() },
    {
      name: 'answered within the window opened by the first output',
      evidence: stdioEvidence([opening('response', 'first-output')]),
    },
  ],
  fail: [
    {
      name: 'the process exited',
      evidence: stdioEvidence([opening('exit')]),
      key: 'exit',
      severity: 'medium',
    },
    {
      name: 'only non-JSON output',
      evidence: stdioEvidence([opening('non-json')]),
      key: 'non-json',
      severity: 'medium',
    },
    {
      name: 'answered after the window, during the launch (info)',
      evidence: stdioEvidence([opening('late', 'start-allowance')]),
      key: 'late',
      severity: 'info',
    },
    {
      name: 'silence for the whole launch (low)',
      evidence: stdioEvidence([opening('timeout')]),
      key: 'timeout',
      severity: 'low',
    },
  ],
  inconclusive: [
    {
      name: 'server/discover was not sent (the deadline passed first)',
      evidence: stdioEvidence([opening('not-sent')]),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [
    {
      name: 'the command could not be started (unreachable)',
      evidence: stdioEvidence(
        [
          launch({
            spawnError: 'spawn nope ENOENT',
            opening: { method: 'server/discover', outcome: 'not-sent', ms: 0 },
          }),
        ],
        {
          targetClass: 'unreachable',
        },
      ),
      reason: 'target_class',
    },
    { name: 'an HTTP target', evidence: evidence(), reason: 'transport' },
  ],
});
