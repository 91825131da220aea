import check from '../../../src/checks/mod/MCPP-MOD02.js';
import { testCheck } from '../../helpers/check-tester.js';
import { discoverResult, legacyOnly, modernEvidence, rpcError, setDiscover } from '../../helpers/modern.js';

const withResult = (extra: Record<string, unknown>) =>
  modernEvidence((ev, b) => setDiscover(ev, b.ok(b.reply({ result: discoverResult(extra) }))));

testCheck(check, {
  pass: [
    { name: 'well-formed', evidence: modernEvidence() },
    {
      name: 'dual-era list with legacy versions',
      evidence: withResult({ supportedVersions: ['2026-07-28', '2025-11-25'] }),
    },
    { name: 'no instructions', evidence: withResult({ instructions: undefined }) },
  ],
  fail: [
    {
      name: 'supportedVersions missing',
      evidence: withResult({ supportedVersions: undefined }),
      key: 'versions',
    },
    { name: 'supportedVersions empty', evidence: withResult({ supportedVersions: [] }), key: 'versions' },
    {
      name: 'supportedVersions with a number',
      evidence: withResult({ supportedVersions: ['2026-07-28', 7] }),
      key: 'versions',
    },
    {
      name: 'served version not listed',
      evidence: withResult({ supportedVersions: ['2025-11-25'] }),
      key: 'served-version-missing',
    },
    { name: 'capabilities not an object', evidence: withResult({ capabilities: [] }), key: 'capabilities' },
    {
      name: 'tools capability is a boolean',
      evidence: withResult({ capabilities: { tools: true } }),
      key: 'capabilities',
    },
    {
      name: 'listChanged is a string',
      evidence: withResult({ capabilities: { tools: { listChanged: 'yes' } } }),
      key: 'capabilities',
    },
    {
      name: 'instructions is a number',
      evidence: withResult({ instructions: 42 }),
      key: 'instructions',
      severity: 'medium',
    },
  ],
  inconclusive: [
    {
      name: 'discover answered 503',
      evidence: modernEvidence((ev, b) => setDiscover(ev, b.ok(b.reply({ status: 503, mediaType: null })))),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    {
      name: 'discover answered -32022',
      evidence: modernEvidence((ev, b) => setDiscover(ev, b.ok(rpcError(b, 400, -32022)))),
      reason: 'feature_absent',
    },
    { name: 'legacy-only server', evidence: legacyOnly(), reason: 'revision' },
  ],
});
