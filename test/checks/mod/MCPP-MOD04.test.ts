import check from '../../../src/checks/mod/MCPP-MOD04.js';
import type { ModernEvidence } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  discoverResult,
  legacyOnly,
  listing,
  modernEvidence,
  setDiscover,
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
    { name: 'complete everywhere', evidence: modernEvidence() },
    {
      name: 'extension value when extensions are advertised',
      evidence: modernEvidence((ev, b) => {
        setDiscover(
          ev,
          b.ok(
            b.reply({ result: discoverResult({ capabilities: { extensions: { 'com.example/x': {} } } }) }),
          ),
        );
        const lists = [...(ev.modern as ModernEvidence).lists];
        lists[0] = {
          method: 'tools/list',
          probe: listing(b, 'tools', [], { resultType: 'com.example/partial' }),
        };
        setModern(ev, { lists });
      }),
    },
  ],
  fail: [
    {
      name: 'resultType missing',
      evidence: firstList({ resultType: undefined }),
      key: 'missing',
      severity: 'medium',
    },
    { name: 'unknown value', evidence: firstList({ resultType: 'done' }), key: 'unknown-value' },
    {
      name: 'input_required on tools/list',
      evidence: firstList({ resultType: 'input_required' }),
      key: 'input-required-not-allowed',
    },
  ],
  inconclusive: [
    {
      name: 'no result at all',
      evidence: modernEvidence((ev, b) => {
        setDiscover(ev, b.ok(b.reply({ status: 400, error: { code: -32022, message: 'x' } })));
        const m = ev.modern as ModernEvidence;
        setModern(ev, {
          lists: m.lists.map((l) => ({ ...l, probe: b.failed() })),
          fresh: { method: 'tools/list', probe: b.failed() },
          headers: { ...m.headers, lowercase: b.failed() },
          meta: { ...m.meta, noClientInfo: b.failed() },
          bogusSession: b.failed(),
          lastEventId: b.failed(),
        });
      }),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
