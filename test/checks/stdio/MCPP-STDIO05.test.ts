import check from '../../../src/checks/stdio/MCPP-STDIO05.js';
import { evidence } from '../../helpers/evidence.js';
import { testCheck } from '../../helpers/check-tester.js';
import { launch, stdioEvidence } from './stdio-evidence.js';

const modern = { known: ['2026-07-28'] as const };

testCheck(check, {
  pass: [
    { name: 'no requests on the modern wire', evidence: stdioEvidence([launch()], modern) },
    {
      name: 'requests in a legacy session are not judged',
      evidence: stdioEvidence([launch({ serverRequests: { modern: [], legacy: ['roots/list'] } })], modern),
    },
  ],
  fail: [
    {
      name: 'a sampling request on the modern wire',
      evidence: stdioEvidence(
        [launch({ serverRequests: { modern: ['sampling/createMessage'], legacy: [] } })],
        modern,
      ),
      key: 'sampling/createMessage',
      severity: 'medium',
    },
  ],
  notApplicable: [
    { name: 'a legacy-only server', evidence: stdioEvidence(), reason: 'revision' },
    { name: 'an HTTP target', evidence: evidence(), reason: 'transport' },
  ],
});
