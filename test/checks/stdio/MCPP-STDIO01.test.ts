import check from '../../../src/checks/stdio/MCPP-STDIO01.js';
import { evidence } from '../../helpers/evidence.js';
import { testCheck } from '../../helpers/check-tester.js';
import { launch, line, stdioEvidence } from './stdio-evidence.js';

const msg = (seq: number) => line(seq, 'out', `{"jsonrpc":"2.0","id":${seq},"result":{}}`, 'message');

testCheck(check, {
  pass: [
    { name: 'every stdout line is a message', evidence: stdioEvidence() },
    {
      name: 'empty lines are tolerated',
      evidence: stdioEvidence([launch({ lines: [msg(1), line(2, 'out', '', 'empty'), msg(3)] })]),
    },
    {
      name: 'framing flaws are STDIO02, not this check',
      evidence: stdioEvidence([
        launch({ lines: [line(1, 'out', '{', 'multiline'), line(2, 'out', '}', 'multiline')] }),
      ]),
    },
  ],
  fail: [
    {
      name: 'a banner before the first message',
      evidence: stdioEvidence([launch({ lines: [line(1, 'out', 'Server starting', 'non-json'), msg(2)] })]),
      key: 'startup-banner',
      severity: 'high',
    },
    {
      name: 'a log line between messages',
      evidence: stdioEvidence([
        launch({ lines: [msg(1), line(2, 'out', '[info] listed tools', 'non-json'), msg(3)] }),
      ]),
      key: 'non-json',
    },
  ],
  inconclusive: [
    {
      name: 'the command could not be started',
      evidence: stdioEvidence([launch({ spawnError: 'spawn x ENOENT', lines: [] })]),
      reason: 'probe_unavailable',
    },
    {
      name: 'nothing on stdout',
      evidence: stdioEvidence([launch({ lines: [] })]),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [{ name: 'an HTTP target', evidence: evidence(), reason: 'transport' }],
});
