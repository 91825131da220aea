import check from '../../../src/checks/leg/MCPP-LEG14.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  authWall,
  evidence,
  modernOnly,
  setInits,
  setLegacy,
  sseReply,
  stateless,
} from '../../helpers/leg.js';

const msg = (id: string) => ({ id, event: 'message', data: '{"jsonrpc":"2.0","id":1,"result":{}}' });

testCheck(check, {
  pass: [
    {
      name: 'IDs unique across the session',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          baseline: b.ok(sseReply(b, [{ id: 's1:0', data: '' }, msg('s1:1')])),
          versionNone: b.ok(sseReply(b, [{ id: 's2:0', data: '' }, msg('s2:1')])),
        }),
      ),
    },
    {
      name: 'reuse across different sessions is allowed',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          baseline: b.ok(sseReply(b, [msg('1')])),
          init2: b.ok(sseReply(b, [msg('1')], b.initResult())),
        }),
      ),
    },
  ],
  fail: [
    {
      name: 'per-stream counters restart',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          baseline: b.ok(sseReply(b, [{ id: '0', data: '' }, msg('1')])),
          versionNone: b.ok(sseReply(b, [{ id: '0', data: '' }, msg('1')])),
        }),
      ),
      key: '0',
      severity: 'low',
    },
    {
      name: "no session management: unique across the client's streams",
      evidence: evidence((ev, b) => {
        stateless(ev);
        setInits(
          ev,
          ev.detection.inits.map((a) => ({
            ...a,
            probe: b.ok(sseReply(b, [msg('1')], b.initResult(a.requested))),
          })),
        );
      }),
      key: '1',
    },
  ],
  inconclusive: [{ name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' }],
  notApplicable: [
    { name: 'no event IDs', evidence: evidence(), reason: 'feature_absent' },
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
