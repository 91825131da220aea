import check from '../../../src/checks/act/MCPP-ACT05.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { authWall, setKnown, setLegacy, sseEvidence } from '../../helpers/sse-act.js';

testCheck(check, {
  pass: [
    { name: 'bad version answered 400 (2025-11-25 session)', evidence: evidence() },
    {
      name: 'server whose newest revision is 2025-06-18',
      evidence: evidence((ev) => {
        setKnown(ev, ['2024-11-05', '2025-03-26', '2025-06-18']);
      }),
    },
  ],
  fail: [
    {
      name: 'bad version served',
      evidence: evidence((ev, b) => {
        setLegacy(ev, { versionBad: b.ok(b.reply({ result: { tools: [] } })) });
      }),
      key: 'served',
      severity: 'medium',
    },
    {
      name: 'bad version answered 404',
      evidence: evidence((ev, b) => {
        setLegacy(ev, {
          versionBad: b.ok(b.reply({ status: 404, error: { code: -32001, message: 'x' }, id: null })),
        });
      }),
      key: 'status',
      severity: 'medium',
    },
    {
      name: 'bad version answered 200 with a JSON-RPC error',
      evidence: evidence((ev, b) => {
        setLegacy(ev, { versionBad: b.ok(b.reply({ status: 200, error: { code: -32600, message: 'x' } })) });
      }),
      key: 'status',
    },
  ],
  inconclusive: [
    {
      name: 'dual-era server: the modern variant is not recorded yet',
      evidence: evidence((ev) => {
        setKnown(
          ev,
          ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
          ['modern', 'legacy'],
        );
      }),
      reason: 'probe_unavailable',
    },
    { name: 'behind an authorization wall', evidence: evidence(authWall), reason: 'auth_wall' },
    {
      name: 'bad version answered 500',
      evidence: evidence((ev, b) => {
        setLegacy(ev, { versionBad: b.ok(b.reply({ status: 500, mediaType: 'text/plain' })) });
      }),
      reason: 'fetch_failed',
    },
    {
      name: 'baseline was refused the same way',
      evidence: evidence((ev, b) => {
        setLegacy(ev, { baseline: b.ok(b.reply({ status: 404, mediaType: null })) });
        setLegacy(ev, { versionBad: b.ok(b.reply({ status: 404, mediaType: null })) });
      }),
      reason: 'ambiguous',
    },
    {
      name: 'probe skipped in passive mode',
      evidence: evidence((ev) => {
        ev.settings.mode = 'passive';
      }),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [
    {
      name: 'only 2025-03-26 known (header undefined)',
      evidence: evidence((ev) => {
        setKnown(ev, ['2024-11-05', '2025-03-26']);
      }),
      reason: 'revision',
    },
    { name: 'HTTP+SSE target', evidence: sseEvidence(), reason: 'transport' },
  ],
});
