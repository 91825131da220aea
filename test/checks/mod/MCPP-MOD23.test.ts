import check from '../../../src/checks/mod/MCPP-MOD23.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  complete,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setHeaders,
  setModern,
} from '../../helpers/modern.js';

testCheck(check, {
  pass: [
    { name: 'no forbidden codes; -32602 for the resource', evidence: modernEvidence() },
    {
      name: 'resources not offered',
      evidence: modernEvidence((ev, b) => setModern(ev, { resourceMissing: b.ok(rpcError(b, 404, -32601)) })),
    },
  ],
  fail: [
    {
      name: '-32002 for a missing resource',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { resourceMissing: b.ok(rpcError(b, 200, -32002, 'Resource not found')) }),
      ),
      key: '-32002',
      severity: 'low',
    },
    {
      name: 'undefined reserved code',
      evidence: modernEvidence((ev, b) => setHeaders(ev, { methodMissing: b.ok(rpcError(b, 400, -32050)) })),
      key: '-32050',
    },
    {
      name: '-32042',
      evidence: modernEvidence((ev, b) => setModern(ev, { toolUnknown: b.ok(rpcError(b, 200, -32042)) })),
      key: '-32042',
    },
    {
      name: 'empty contents',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, { resourceMissing: b.ok(b.reply({ result: complete({ contents: [] }) })) }),
      ),
      key: 'empty-contents',
    },
    {
      name: 'internal error for the resource',
      evidence: modernEvidence((ev, b) => setModern(ev, { resourceMissing: b.ok(rpcError(b, 200, -32603)) })),
      key: 'resource-code',
    },
  ],
  inconclusive: [
    {
      name: 'passive: resource probe not sent',
      evidence: modernEvidence((ev, b) => {
        passive(ev);
        setModern(ev, { resourceMissing: b.skipped('mode_disabled') });
      }),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [{ name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' }],
});
