import check from '../../../src/checks/authn/MCPP-AUTHN07.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { knownRevisions } from '../../helpers/oauth.js';
import { oauthEvidence, setMethod } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [
    { name: 'every method and verb refused', evidence: oauthEvidence() },
    {
      name: 'GET and DELETE answered 405',
      evidence: oauthEvidence((d, b) => {
        setMethod(d, 'GET', b.ok(b.reply({ status: 405, mediaType: null, method: 'GET' })));
        setMethod(d, 'DELETE', b.ok(b.reply({ status: 405, mediaType: null, method: 'DELETE' })));
      }),
    },
    {
      name: 'nothing refused (AUTHN01 judges the exposure)',
      evidence: oauthEvidence((d, b) => {
        d.methodsNoAuth = [
          { method: 'initialize', probe: b.ok(b.reply({ result: b.initResult() })) },
          { method: 'tools/list', probe: b.ok(b.reply({ result: { tools: [] } })) },
        ];
      }),
    },
  ],
  fail: [
    {
      name: 'tools/list served while initialize gets 401',
      evidence: oauthEvidence((d, b) => {
        setMethod(d, 'tools/list', b.ok(b.reply({ result: { tools: [{ name: 'x' }] } })));
      }),
      key: 'tools/list',
      severity: 'high',
    },
    {
      name: 'tools/call dispatched before authorization (-32602 unknown tool)',
      evidence: oauthEvidence((d, b) => {
        setMethod(
          d,
          'tools/call',
          b.ok(b.reply({ error: { code: -32602, message: 'Unknown tool: mcp-posture-probe-x' } })),
        );
      }),
      key: 'tools/call',
      severity: 'high',
    },
    {
      name: 'only initialize served (public capability discovery)',
      evidence: oauthEvidence((d, b) => {
        setMethod(d, 'initialize', b.ok(b.reply({ result: b.initResult() })));
      }),
      key: 'initialize',
      severity: 'low',
    },
    {
      name: 'GET stream served without credentials',
      evidence: oauthEvidence((d, b) => {
        setMethod(d, 'GET', b.ok(b.reply({ status: 200, mediaType: 'text/event-stream', method: 'GET' })));
      }),
      key: 'GET',
      severity: 'high',
    },
  ],
  inconclusive: [
    {
      name: 'per-method probes not recorded',
      evidence: oauthEvidence((d) => {
        d.methodsNoAuth = [];
      }),
      reason: 'probe_unavailable',
    },
    {
      name: 'answers neither refused nor served',
      evidence: oauthEvidence((d, b) => {
        d.methodsNoAuth = [
          {
            method: 'tools/list',
            probe: b.ok(b.reply({ status: 400, error: { code: -32000, message: 'No session' }, id: null })),
          },
        ];
      }),
      reason: 'ambiguous',
    },
    {
      name: 'passive scan',
      evidence: oauthEvidence((_d, _b, ev) => {
        ev.settings.mode = 'passive';
      }),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'only 2024-11-05 known',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2024-11-05'])),
      reason: 'revision',
    },
  ],
});
