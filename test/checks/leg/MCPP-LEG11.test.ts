import check from '../../../src/checks/leg/MCPP-LEG11.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  authWall,
  evidence,
  modernOnly,
  passive,
  sessionAt,
  setLegacy,
  setRevision,
} from '../../helpers/leg.js';

const bad400 = { status: 400, error: { code: -32000, message: 'x' }, id: null } as const;

testCheck(check, {
  pass: [
    { name: 'served without the header', evidence: evidence() },
    {
      name: '400 when 2025-03-26 is not supported',
      evidence: evidence((ev, b) => {
        setLegacy(ev, { versionNone: b.ok(b.reply({ ...bad400 })) });
        setRevision(ev, { known: ['2025-06-18', '2025-11-25'], candidates: ['2025-06-18', '2025-11-25'] });
      }),
    },
    {
      name: 'served without the header although the baseline with it was refused',
      evidence: evidence((ev, b) => setLegacy(ev, { baseline: b.ok(b.reply({ ...bad400 })) })),
    },
  ],
  fail: [
    {
      name: '400 although 2025-03-26 is supported',
      evidence: evidence((ev, b) => setLegacy(ev, { versionNone: b.ok(b.reply({ ...bad400 })) })),
      key: '400',
      severity: 'low',
    },
    {
      name: '200 with a JSON-RPC error',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { versionNone: b.ok(b.reply({ status: 200, error: { code: -32600, message: 'x' } })) }),
      ),
      key: 'rejected',
    },
    {
      name: '500',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { versionNone: b.ok(b.reply({ status: 500, mediaType: 'text/html' })) }),
      ),
      key: '5xx',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    { name: 'passive scan', evidence: evidence((ev) => passive(ev)), reason: 'mode_disabled' },
    {
      name: 'baseline with the header not served either',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          baseline: b.ok(b.reply({ status: 404, mediaType: null })),
          versionNone: b.ok(b.reply({ ...bad400 })),
        }),
      ),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [
    {
      name: 'session negotiated 2025-03-26 (header undefined)',
      evidence: evidence((ev) => sessionAt(ev, '2025-03-26')),
      reason: 'revision',
    },
    {
      name: 'only 2025-03-26 known',
      evidence: evidence((ev) => sessionAt(ev, '2025-03-26', ['2025-03-26'])),
      reason: 'revision',
    },
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
