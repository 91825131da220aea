import check from '../../../src/checks/stdio/MCPP-STDIO03.js';
import { evidence } from '../../helpers/evidence.js';
import { testCheck } from '../../helpers/check-tester.js';
import { launch, stdioEvidence } from './stdio-evidence.js';

const stderr = {
  bytes: 6,
  excerpt: 'bad\ufffd\ufffd',
  utf8Valid: false,
  firstInvalidAt: 0,
  truncated: false,
};

testCheck(check, {
  pass: [{ name: 'valid UTF-8 on stderr', evidence: stdioEvidence() }],
  fail: [
    {
      name: 'invalid UTF-8 on stderr',
      evidence: stdioEvidence([launch({ stderr })]),
      key: 'invalid-utf8',
      severity: 'info',
    },
    {
      name: 'invalid UTF-8 on the second launch only',
      evidence: stdioEvidence([launch(), launch({ probe: 'x.launch.legacy', stderr })]),
      key: 'invalid-utf8',
    },
  ],
  notApplicable: [
    {
      name: 'nothing on stderr',
      evidence: stdioEvidence([
        launch({ stderr: { ...stderr, bytes: 0, excerpt: '', utf8Valid: true, firstInvalidAt: null } }),
      ]),
      reason: 'feature_absent',
    },
    { name: 'an HTTP target', evidence: evidence(), reason: 'transport' },
  ],
});
