import check from '../../../src/checks/leg/MCPP-LEG23.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { sseEvent, sseEvidence, sseInit } from '../../helpers/sse-act.js';

const REPLY = '{"jsonrpc":"2.0","id":1,"result":{}}';

testCheck(check, {
  pass: [
    { name: 'reply as an `event: message` with JSON-RPC data', evidence: sseEvidence() },
    {
      name: 'reply without an event field defaults to message',
      evidence: sseEvidence({ init: (b) => sseInit(b, { reply: sseEvent(undefined, REPLY) }) }),
    },
    {
      name: 'reply with an empty event field dispatches as message',
      evidence: sseEvidence({ init: (b) => sseInit(b, { reply: sseEvent('', REPLY) }) }),
    },
  ],
  fail: [
    {
      name: 'reply under another event name',
      evidence: sseEvidence({ init: (b) => sseInit(b, { reply: sseEvent('response', REPLY) }) }),
      key: 'event-name',
      severity: 'low',
    },
    {
      name: 'reply data is not JSON',
      evidence: sseEvidence({ init: (b) => sseInit(b, { reply: sseEvent('message', 'ok'), message: null }) }),
      key: 'data',
    },
    {
      name: 'reply data is JSON but not JSON-RPC',
      evidence: sseEvidence({
        init: (b) =>
          sseInit(b, {
            reply: sseEvent('message', '{"ok":true}'),
            message: { kind: 'invalid', raw: { ok: true } },
          }),
      }),
      key: 'data',
    },
    {
      name: 'reply returned in the POST body instead of on the stream',
      evidence: sseEvidence({
        init: (b) => sseInit(b, { postResult: b.initResult('2024-11-05'), reply: null }),
      }),
      key: 'post-body',
      severity: 'low',
    },
  ],
  inconclusive: [
    {
      name: 'no reply within 5 s',
      evidence: sseEvidence({ init: (b) => sseInit(b, { reply: null }) }),
      reason: 'fetch_failed',
    },
    {
      name: 'initialize POST timed out',
      evidence: sseEvidence({ init: (b) => b.failed('timeout') }),
      reason: 'fetch_failed',
    },
    {
      name: 'initialize POST answered 401',
      evidence: sseEvidence({ init: (b) => sseInit(b, { postStatus: 401 }) }),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [{ name: 'Streamable HTTP target', evidence: evidence(), reason: 'transport' }],
});
