import check from '../../../src/checks/mod/MCPP-MOD05.js';
import type { ModernEvidence } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  authWalled,
  legacyOnly,
  listing,
  modernEvidence,
  pagedListing,
  setModern,
} from '../../helpers/modern.js';

const firstList = (extra: Record<string, unknown>) =>
  modernEvidence((ev, b) => {
    const lists = [...(ev.modern as ModernEvidence).lists];
    lists[0] = { method: 'tools/list', probe: listing(b, 'tools', [], extra) };
    setModern(ev, { lists });
  });

testCheck(check, {
  pass: [
    { name: 'hints everywhere', evidence: modernEvidence() },
    { name: 'ttlMs 0 and private', evidence: firstList({ ttlMs: 0, cacheScope: 'private' }) },
    {
      name: 'input_required results carry none',
      evidence: firstList({ resultType: 'input_required', ttlMs: undefined, cacheScope: undefined }),
    },
  ],
  fail: [
    {
      name: 'ttlMs missing',
      evidence: firstList({ ttlMs: undefined }),
      key: 'ttl-missing',
      severity: 'medium',
    },
    { name: 'ttlMs negative', evidence: firstList({ ttlMs: -1 }), key: 'ttl-negative' },
    { name: 'ttlMs fractional', evidence: firstList({ ttlMs: 1.5 }), key: 'ttl-type' },
    { name: 'ttlMs a string', evidence: firstList({ ttlMs: '60' }), key: 'ttl-type' },
    { name: 'cacheScope missing', evidence: firstList({ cacheScope: undefined }), key: 'scope-missing' },
    { name: 'cacheScope shared', evidence: firstList({ cacheScope: 'shared' }), key: 'scope-value' },
    {
      name: 'pages disagree on cacheScope',
      evidence: modernEvidence((ev, b) => {
        const lists = [...(ev.modern as ModernEvidence).lists];
        lists[0] = {
          method: 'tools/list',
          probe: pagedListing(
            b,
            'tools',
            [[{ name: 'a' }], [{ name: 'b' }]],
            [{ cacheScope: 'public' }, { cacheScope: 'private' }],
          ),
        };
        setModern(ev, { lists });
      }),
      key: 'scope-pages',
    },
  ],
  inconclusive: [{ name: 'auth wall', evidence: modernEvidence(authWalled), reason: 'auth_wall' }],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
