import check from '../../../src/checks/mod/MCPP-MOD13.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setHeaders,
  setModern,
} from '../../helpers/modern.js';

testCheck(check, {
  pass: [{ name: 'all variants pass header validation', evidence: modernEvidence() }],
  fail: [
    {
      name: 'Base64 sentinel not decoded',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { nameB64: b.ok(rpcError(b, 400, -32020)) })),
      key: 'name-b64',
      severity: 'low',
    },
    {
      name: 'whitespace kept',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { ows: b.ok(rpcError(b, 400, -32020)) })),
      key: 'ows',
    },
    {
      name: 'lowercase names refused',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { lowercase: b.ok(rpcError(b, 400, -32020)) })),
      key: 'lowercase',
    },
  ],
  inconclusive: [
    { name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' },
    {
      name: 'the plain call was itself rejected',
      evidence: modernEvidence((ev, b) => {
        setModern(ev, { toolUnknown: b.ok(rpcError(b, 400, -32020)) });
        setHeaders(ev, { nameB64: b.ok(rpcError(b, 400, -32020)), ows: b.ok(rpcError(b, 400, -32020)) });
      }),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
