import check from '../../../src/checks/mod/MCPP-MOD19.js';
import type { InitAttempt, HttpReply } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import type { Ev } from '../../helpers/modern.js';
import {
  authWalled,
  discoverResult,
  dualEraEvidence,
  legacyOnly,
  modernEvidence,
  rpcError,
  setDiscover,
} from '../../helpers/modern.js';

function initAnswer(make: (b: EvidenceBuilder) => HttpReply) {
  return (ev: Ev, b: EvidenceBuilder) => {
    const inits: InitAttempt[] = (ev.detection.inits as readonly InitAttempt[]).map((a) => ({
      ...a,
      probe: b.ok<HttpReply>(make(b)),
    }));
    Object.assign(ev.detection, { inits });
  };
}

testCheck(check, {
  pass: [
    { name: 'modern-only: -32022 with supported', evidence: modernEvidence() },
    {
      name: 'modern-only: versions in the message',
      evidence: modernEvidence(
        initAnswer((b) => rpcError(b, 400, -32600, 'initialize is gone; supported: 2026-07-28')),
      ),
    },
    { name: 'dual-era: InitializeResult', evidence: dualEraEvidence() },
  ],
  fail: [
    {
      name: 'modern-only: 404 -32601 without versions',
      evidence: modernEvidence(initAnswer((b) => rpcError(b, 404, -32601, 'Method not found'))),
      key: 'no-versions',
      severity: 'low',
    },
    {
      name: 'modern-only: 200 with a modern result',
      evidence: modernEvidence(initAnswer((b) => b.reply({ result: discoverResult() }))),
      key: 'shape',
      severity: 'medium',
    },
    {
      name: 'modern-only: versions named with 200',
      evidence: modernEvidence(
        initAnswer((b) => rpcError(b, 200, -32022, 'x', { supported: ['2026-07-28'] })),
      ),
      key: 'status',
    },
    {
      name: 'discover lists legacy versions but initialize fails',
      evidence: modernEvidence((ev, b) =>
        setDiscover(
          ev,
          b.ok(b.reply({ result: discoverResult({ supportedVersions: ['2026-07-28', '2025-11-25'] }) })),
        ),
      ),
      key: 'dual-broken',
      severity: 'medium',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: modernEvidence(authWalled), reason: 'auth_wall' },
    {
      name: 'initialize timed out',
      evidence: modernEvidence((ev, b) => {
        const inits = (ev.detection.inits as readonly InitAttempt[]).map((a) => ({
          ...a,
          probe: b.failed<HttpReply>(),
        }));
        Object.assign(ev.detection, { inits });
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
