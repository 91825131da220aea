import check from '../../../src/checks/mod/MCPP-MOD07.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  discoverResult,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setModern,
} from '../../helpers/modern.js';

const answer = (f: Parameters<typeof modernEvidence>[0]) => modernEvidence(f);

testCheck(check, {
  pass: [
    { name: '-32022 with supported and requested', evidence: modernEvidence() },
    {
      name: 'legacy versions in the list',
      evidence: answer((ev, b) =>
        setModern(ev, {
          versionBad: b.ok(
            rpcError(b, 400, -32022, 'x', {
              supported: ['2026-07-28', '2025-11-25'],
              requested: '1900-01-01',
            }),
          ),
        }),
      ),
    },
  ],
  fail: [
    {
      name: 'served',
      evidence: answer((ev, b) => setModern(ev, { versionBad: b.ok(b.reply({ result: discoverResult() })) })),
      key: 'served',
      severity: 'medium',
    },
    {
      name: 'legacy -32000',
      evidence: answer((ev, b) =>
        setModern(ev, { versionBad: b.ok(rpcError(b, 400, -32000, 'Unsupported protocol version')) }),
      ),
      key: 'code',
    },
    {
      name: 'no data',
      evidence: answer((ev, b) => setModern(ev, { versionBad: b.ok(rpcError(b, 400, -32022)) })),
      key: 'data',
    },
    {
      name: 'wrong requested value',
      evidence: answer((ev, b) =>
        setModern(ev, {
          versionBad: b.ok(
            rpcError(b, 400, -32022, 'x', { supported: ['2026-07-28'], requested: '2026-07-28' }),
          ),
        }),
      ),
      key: 'data',
    },
  ],
  inconclusive: [
    { name: 'passive mode', evidence: modernEvidence(passive), reason: 'mode_disabled' },
    {
      name: 'answered 502',
      evidence: answer((ev, b) =>
        setModern(ev, { versionBad: b.ok(b.reply({ status: 502, mediaType: null })) }),
      ),
      reason: 'fetch_failed',
    },
    {
      name: 'probe failed',
      evidence: answer((ev, b) => setModern(ev, { versionBad: b.failed('reset') })),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
