import check from '../../../src/checks/stdio/MCPP-STDIO02.js';
import { evidence } from '../../helpers/evidence.js';
import { testCheck } from '../../helpers/check-tester.js';
import { launch, line, stdioEvidence } from './stdio-evidence.js';

const msg = (seq: number) => line(seq, 'out', `{"jsonrpc":"2.0","id":${seq},"result":{}}`, 'message');

testCheck(check, {
  pass: [
    { name: 'one message per line', evidence: stdioEvidence() },
    {
      name: 'CRLF line ends are tolerated',
      evidence: stdioEvidence([launch({ lines: [{ ...msg(1), crlf: true }] })]),
    },
    {
      name: 'noise lines are STDIO01, not this check',
      evidence: stdioEvidence([launch({ lines: [line(1, 'out', 'banner', 'non-json'), msg(2)] })]),
    },
  ],
  fail: [
    {
      name: 'a pretty-printed message',
      evidence: stdioEvidence([
        launch({
          lines: [
            line(1, 'out', '{', 'multiline'),
            line(2, 'out', '"id": 1', 'multiline'),
            line(3, 'out', '}', 'multiline'),
          ],
        }),
      ]),
      key: 'multiline',
      severity: 'high',
    },
    {
      name: 'two messages on one line',
      evidence: stdioEvidence([launch({ lines: [line(1, 'out', '{"id":1}{"id":2}', 'concatenated')] })]),
      key: 'concatenated',
    },
    {
      name: 'the last message has no final newline (low)',
      evidence: stdioEvidence([
        launch({
          lines: [msg(1)],
          stdout: {
            bytes: 40,
            capped: false,
            unterminated: '{"jsonrpc":"2.0","method":"x"}',
            unterminatedIsMessage: true,
          },
        }),
      ]),
      key: 'no-final-newline',
      severity: 'low',
    },
    {
      name: 'a line over the per-message cap',
      evidence: stdioEvidence([launch({ lines: [line(1, 'out', 'yyyy', 'too-long')] })]),
      key: 'too-long',
    },
  ],
  inconclusive: [
    {
      name: 'no stdout line held a message',
      evidence: stdioEvidence([launch({ lines: [line(1, 'out', 'banner', 'non-json')] })]),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [{ name: 'an HTTP target', evidence: evidence(), reason: 'transport' }],
});
