import check from '../../../src/checks/mod/MCPP-MOD27.js';
import type { RpcMessage } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import {
  ack,
  legacyOnly,
  modernEvidence,
  passive,
  rpcError,
  setModern,
  sseReply,
} from '../../helpers/modern.js';

const stream = (messages: RpcMessage[], filter: Record<string, boolean> = { toolsListChanged: true }) =>
  modernEvidence((ev, b) =>
    setModern(ev, { listen: { filter, requestId: 10, probe: b.ok(sseReply(b, messages)) } }),
  );

const changed = (method: string, id: unknown = 10): RpcMessage => ({
  kind: 'notification',
  method,
  params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id } },
});

testCheck(check, {
  pass: [
    { name: 'acknowledged', evidence: modernEvidence() },
    {
      name: 'a requested notification follows',
      evidence: stream([ack(10), changed('notifications/tools/list_changed')]),
    },
    { name: 'ack honours a subset', evidence: stream([ack(10, {})]) },
  ],
  fail: [
    { name: 'nothing within the window', evidence: stream([]), key: 'no-ack', severity: 'low' },
    {
      name: 'another notification first',
      evidence: stream([changed('notifications/tools/list_changed'), ack(10)]),
      key: 'no-ack',
    },
    {
      name: 'listen refused while listChanged is advertised',
      evidence: modernEvidence((ev, b) =>
        setModern(ev, {
          listen: {
            filter: { toolsListChanged: true },
            requestId: 10,
            probe: b.ok(rpcError(b, 404, -32601)),
          },
        }),
      ),
      key: 'no-ack',
    },
    {
      name: 'unrequested type',
      evidence: stream([ack(10), changed('notifications/prompts/list_changed')]),
      key: 'type',
    },
    {
      name: 'ack claims more than requested',
      evidence: stream([ack(10, { toolsListChanged: true, promptsListChanged: true })]),
      key: 'type',
    },
    {
      name: 'wrong subscription id',
      evidence: stream([ack(10), changed('notifications/tools/list_changed', 11)]),
      key: 'subscription-id',
    },
    {
      name: 'ack without subscription id',
      evidence: stream([
        { kind: 'notification', method: 'notifications/subscriptions/acknowledged', params: {} },
      ]),
      key: 'subscription-id',
    },
  ],
  inconclusive: [{ name: 'passive', evidence: modernEvidence(passive), reason: 'mode_disabled' }],
  notApplicable: [
    {
      name: 'no listChanged advertised',
      evidence: modernEvidence((ev) =>
        setModern(ev, {
          listen: { filter: {}, requestId: 10, probe: { kind: 'skipped', reason: 'not_needed' } },
        }),
      ),
      reason: 'feature_absent',
    },
    { name: 'legacy-only', evidence: legacyOnly(), reason: 'revision' },
  ],
});
