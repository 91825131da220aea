import check from '../../../src/checks/authn/MCPP-AUTHN07.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { knownRevisions } from '../../helpers/oauth.js';
import { oauthEvidence, setMethod } from '../../helpers/oauth-rs.js';
import type { EvidenceBuilder, Mutable } from '../../helpers/evidence.js';
import type { Evidence, RpcReply } from '../../../src/evidence/types.js';

/**
 * A server that protects only `tools/call`: `initialize` served, the session-less probes answered
 * 400 (no session), and on the scan's own session the listing served while `s.tool.unknown` got 401.
 */
function toolsCallOnly(ev: Mutable<Evidence>, b: EvidenceBuilder, call = 401): void {
  const page = b.reply({ result: { tools: [{ name: 'echo' }] } });
  ev.inventory = {
    tools: b.ok({ items: [{ name: 'echo' }], pages: 1, truncated: false, replies: [page] }, page.exchange),
    prompts: b.skipped('not_needed'),
    resources: b.skipped('not_needed'),
    resourceTemplates: b.skipped('not_needed'),
    serverInfo: null,
    instructions: null,
  };
  ev.toolProbes = {
    unknownTool: 'mcp-posture-nonexistent-0123456789ab',
    toolUnknown: b.ok<RpcReply>(
      call === 401
        ? b.reply({ status: 401, mediaType: null, headers: { 'www-authenticate': 'Bearer' } })
        : b.reply({ error: { code: -32602, message: 'Unknown tool' } }),
    ),
    cursor: 'mcp-posture-cursor-0123456789ab',
    invalidCursor: b.ok<RpcReply>(b.reply({ error: { code: -32602, message: 'Invalid cursor' } })),
  };
}

const noSession = (b: EvidenceBuilder) =>
  b.ok(b.reply({ status: 400, error: { code: -32000, message: 'No session' }, id: null }));

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
      name: 'only tools/call protected: the session listing served, s.tool.unknown refused (401)',
      evidence: oauthEvidence((d, b, ev) => {
        d.methodsNoAuth = [
          { method: 'tools/list', probe: noSession(b) },
          { method: 'tools/call', probe: noSession(b) },
        ];
        toolsCallOnly(ev, b);
      }),
      key: 'tools/list',
      severity: 'high',
    },
    {
      name: 's.tool.unknown dispatched (-32602) on the session while s.methods.noauth(tools/list) got 401',
      evidence: oauthEvidence((d, b, ev) => {
        setMethod(d, 'tools/call', noSession(b));
        toolsCallOnly(ev, b, 200);
        // The session listing is not consulted for tools/list: its s.methods.noauth answer (401) shows it.
      }),
      key: 'tools/call',
      severity: 'high',
    },
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
      name: 'a token scan: the session listing and s.tool.unknown carried the token, so they do not count',
      evidence: oauthEvidence((d, b, ev) => {
        d.methodsNoAuth = [
          { method: 'tools/list', probe: noSession(b) },
          { method: 'tools/call', probe: noSession(b) },
        ];
        ev.settings.tokenSupplied = true;
        toolsCallOnly(ev, b);
      }),
      reason: 'ambiguous',
    },
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
