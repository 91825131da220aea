import check from '../../../src/checks/act/MCPP-ACT05.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { Probe, HttpReply } from '../../../src/evidence/types.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import { evidence } from '../../helpers/evidence.js';
import { authWall, setKnown, setLegacy, sseEvidence } from '../../helpers/sse-act.js';

/** A dual-era server whose discover works; `versionBad` is its answer to the modern bad-version probe. */
function dualEra(
  ev: Parameters<Parameters<typeof evidence>[0] & object>[0],
  b: EvidenceBuilder,
  versionBad: Probe<HttpReply>,
): void {
  setKnown(ev, ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'], ['modern', 'legacy']);
  const discover = b.ok(b.reply({ result: { supportedVersions: ['2026-07-28'], resultType: 'complete' } }));
  // The builder's Mutable view keeps nested probes readonly; assign the plain types.
  Object.assign(ev.detection, { discover });
  Object.assign(ev, { modern: { versionBad } });
}

testCheck(check, {
  pass: [
    { name: 'bad version answered 400 (2025-11-25 session)', evidence: evidence() },
    {
      name: 'dual-era server rejects the bad version on both paths',
      evidence: evidence((ev, b) => {
        const answer = b.reply({
          status: 400,
          error: { code: -32022, message: 'Unsupported', data: { supported: ['2026-07-28'] } },
          id: null,
        });
        dualEra(ev, b, b.ok(answer));
      }),
    },
    {
      name: 'server whose newest revision is 2025-06-18',
      evidence: evidence((ev) => {
        setKnown(ev, ['2024-11-05', '2025-03-26', '2025-06-18']);
      }),
    },
  ],
  fail: [
    {
      name: 'dual-era server serves the bad version on the modern path only',
      evidence: evidence((ev, b) => {
        dualEra(ev, b, b.ok(b.reply({ result: { supportedVersions: ['2026-07-28'] } })));
      }),
      key: 'served',
    },
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
      name: 'dual-era server without modern evidence recorded',
      evidence: evidence((ev) => {
        setKnown(
          ev,
          ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
          ['modern', 'legacy'],
        );
      }),
      reason: 'fetch_failed',
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
