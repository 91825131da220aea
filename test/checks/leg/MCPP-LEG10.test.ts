import check from '../../../src/checks/leg/MCPP-LEG10.js';
import { testCheck } from '../../helpers/check-tester.js';
import { authWall, editRequest, evidence, modernOnly, setLegacy, stateless } from '../../helpers/leg.js';

const disabled = { kind: 'skipped', reason: 'mode_disabled' } as const;

testCheck(check, {
  pass: [
    { name: 'IDs only at initialize; none minted without a session', evidence: evidence() },
    {
      name: 'the same ID echoed on later responses',
      evidence: evidence((ev, b) =>
        setLegacy(ev, {
          baseline: b.ok(b.reply({ result: { tools: [] }, sessionId: ev.sessions!.sessionId })),
        }),
      ),
    },
    {
      name: 'unknown ID echoed back as sent (LEG07 territory, not a mint)',
      evidence: evidence((ev, b) => {
        const r = b.reply({
          status: 404,
          error: { code: -32001, message: 'x' },
          id: null,
          sessionId: 'sent-id',
        });
        editRequest(b, r.exchange, { headers: { 'mcp-session-id': 'sent-id' } });
        setLegacy(ev, { sessionUnknown: b.ok(r) });
      }),
    },
  ],
  fail: [
    {
      name: 'ID changes mid-session',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { baseline: b.ok(b.reply({ result: { tools: [] }, sessionId: 'rotated' })) }),
      ),
      key: 'changed',
      severity: 'low',
    },
    {
      name: 'ID minted for a request without a session',
      evidence: evidence((ev, b) =>
        setLegacy(ev, { sessionNone: b.ok(b.reply({ result: { tools: [] }, sessionId: 'fresh' })) }),
      ),
      key: 'mint-on-request',
      severity: 'medium',
    },
    {
      name: 'ID minted for an unknown session ID',
      evidence: evidence((ev, b) => {
        const r = b.reply({ result: { tools: [] }, sessionId: 'fresh' });
        editRequest(b, r.exchange, { headers: { 'mcp-session-id': 'sent-id' } });
        setLegacy(ev, { sessionUnknown: b.ok(r) });
      }),
      key: 'mint-on-request',
    },
    {
      name: 'no ID at initialize, one minted by a later request',
      evidence: evidence((ev, b) => {
        stateless(ev);
        setLegacy(ev, {
          baseline: b.ok(b.reply({ result: { tools: [] }, sessionId: 'minted-by-tools-list' })),
        });
      }),
      key: 'mint-on-request',
      severity: 'medium',
    },
  ],
  inconclusive: [
    { name: 'auth wall', evidence: evidence((ev) => authWall(ev)), reason: 'auth_wall' },
    {
      name: 'passive scan: minting not tested',
      evidence: evidence((ev) =>
        setLegacy(ev, { sessionNone: disabled, sessionUnknown: disabled, sessionReuse: disabled }),
      ),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [
    { name: 'no session ID anywhere', evidence: evidence((ev) => stateless(ev)), reason: 'feature_absent' },
    { name: 'modern-only server', evidence: evidence((ev) => modernOnly(ev)), reason: 'revision' },
  ],
});
