import check from '../../../src/checks/mod/MCPP-MOD22.js';
import { testCheck } from '../../helpers/check-tester.js';
import { legacyOnly, listing, modernEvidence, setModern, TOOLS } from '../../helpers/modern.js';

const fresh = (tools: unknown[]) =>
  modernEvidence((ev, b) =>
    setModern(ev, { fresh: { method: 'tools/list', probe: listing(b, 'tools', tools) } }),
  );

testCheck(check, {
  pass: [
    { name: 'same set', evidence: modernEvidence() },
    { name: 'same set, other order', evidence: fresh([...TOOLS].reverse()) },
    {
      name: 'same definitions with keys in another order',
      evidence: fresh([{ inputSchema: { type: 'object' }, name: 'echo' }, TOOLS[1]]),
    },
  ],
  fail: [
    {
      name: 'a tool added',
      evidence: fresh([...TOOLS, { name: 'late', inputSchema: {} }]),
      key: 'added',
      severity: 'medium',
    },
    { name: 'a tool removed', evidence: fresh([TOOLS[0]]), key: 'removed' },
    {
      name: 'a definition changed',
      evidence: fresh([{ name: 'echo', inputSchema: { type: 'string' } }, TOOLS[1]]),
      key: 'changed',
    },
  ],
  inconclusive: [
    {
      name: 'fresh listing failed',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { fresh: { method: 'tools/list', probe: b.failed() } }),
      ),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
