import check from '../../../src/checks/trn/MCPP-TRN16.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { authWall, setRevision } from '../../helpers/trn.js';

testCheck(check, {
  pass: [
    {
      name: 'dual-era server with 2026-07-28',
      evidence: evidence((ev) =>
        setRevision(ev, {
          known: ['2025-06-18', '2025-11-25', '2026-07-28'],
          candidates: ['2025-06-18', '2025-11-25', '2026-07-28'],
          eras: ['modern', 'legacy'],
        }),
      ),
    },
    {
      name: 'modern-only server',
      evidence: evidence((ev) =>
        setRevision(ev, { known: ['2026-07-28'], candidates: ['2026-07-28'], eras: ['modern'] }),
      ),
    },
  ],
  fail: [
    { name: 'legacy-only up to 2025-11-25 is info', evidence: evidence(), severity: 'info' },
    {
      name: 'newest supported 2025-03-26 is low',
      evidence: evidence((ev) =>
        setRevision(ev, {
          value: '2025-03-26',
          known: ['2024-11-05', '2025-03-26'],
          candidates: ['2024-11-05', '2025-03-26'],
        }),
      ),
      severity: 'low',
    },
    {
      name: '2024-11-05 only is low',
      evidence: evidence((ev) =>
        setRevision(ev, { value: '2024-11-05', known: ['2024-11-05'], candidates: ['2024-11-05'] }),
      ),
      severity: 'low',
    },
  ],
  inconclusive: [
    {
      name: 'K empty behind an authorization wall',
      evidence: evidence((ev, b) => authWall(ev, b)),
      reason: 'auth_wall',
    },
    {
      name: 'revision pinned to a legacy revision',
      evidence: evidence((ev) =>
        setRevision(ev, { source: 'pinned', known: ['2025-06-18'], candidates: ['2025-06-18'] }),
      ),
      reason: 'ambiguous',
    },
    {
      name: 'only unrecognised versions offered',
      evidence: evidence((ev) =>
        setRevision(ev, { value: null, source: 'unknown', known: [], unknownVersions: ['2099-01-01'] }),
      ),
      reason: 'ambiguous',
    },
  ],
});
