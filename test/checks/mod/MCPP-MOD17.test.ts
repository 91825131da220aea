import check from '../../../src/checks/mod/MCPP-MOD17.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  authWalled,
  dualEraEvidence,
  legacyOnly,
  modernEvidence,
  passive,
  setModern,
} from '../../helpers/modern.js';

testCheck(check, {
  pass: [{ name: '405 for both', evidence: modernEvidence() }],
  fail: [
    {
      name: 'GET opens a stream',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { get: b.ok(b.reply({ status: 200, mediaType: 'text/event-stream', method: 'GET' })) }),
      ),
      key: 'GET-200',
      severity: 'low',
    },
    {
      name: 'DELETE answered 204',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { delete: b.ok(b.reply({ status: 204, mediaType: null, method: 'DELETE' })) }),
      ),
      key: 'DELETE-204',
    },
    {
      name: 'GET answered 404',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { get: b.ok(b.reply({ status: 404, mediaType: null, method: 'GET' })) }),
      ),
      key: 'GET-404',
    },
  ],
  inconclusive: [
    { name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' },
    {
      name: 'GET answered 401',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { get: b.ok(b.reply({ status: 401, mediaType: null, method: 'GET' })) }),
      ),
      reason: 'auth_wall',
    },
    { name: 'auth wall', evidence: modernEvidence(authWalled), reason: 'auth_wall' },
  ],
  notApplicable: [
    { name: 'dual-era server', evidence: dualEraEvidence(), reason: 'revision' },
    { name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' },
  ],
});
