import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { RpcMessage } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, is2xx, isObject, unusable } from './common.js';

const ACK = 'notifications/subscriptions/acknowledged';
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
/** The notification each listen filter asks for. */
const FILTER_METHODS: Readonly<Record<string, string>> = {
  toolsListChanged: 'notifications/tools/list_changed',
  promptsListChanged: 'notifications/prompts/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
};

function subscriptionId(m: Extract<RpcMessage, { kind: 'notification' }>): unknown {
  const meta = isObject(m.params) ? m.params['_meta'] : undefined;
  return isObject(meta) ? meta[SUBSCRIPTION_ID] : undefined;
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD27',
    title: '`subscriptions/listen` honours the filter',
    requirement:
      'The listen stream starts with `notifications/subscriptions/acknowledged`, carries only the requested notification types, each with `_meta` `io.modelcontextprotocol/subscriptionId` equal to the request id.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      'no-ack':
        'subscriptions/listen was not acknowledged first (nothing, a refusal, or another message first)',
      type: 'the listen stream carried notifications beyond the filter, or the ack claims more',
      'subscription-id': 'notifications lack the _meta subscriptionId of the listen request',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'basic/patterns/subscriptions', 'Acknowledgment'),
      mcp('2026-07-28', 'basic/patterns/subscriptions', 'Receiving Notifications'),
    ],
    rationale:
      'The acknowledgment tells the client what it will get, and the subscription ID ties each notification to its subscription; without them a client cannot tell whether it is subscribed or to what.',
    remediation:
      'On `subscriptions/listen`, first send `notifications/subscriptions/acknowledged` with the honoured filter and the subscription ID (the request id) in `_meta`, then only the requested notification types, each with that ID.',
    evidence: '`s.listen`: `subscriptions/listen` for the advertised list changes, read for 3 s.',
    traps: 'SSE buffering by intermediaries can delay the acknowledgment (see MOD25).',
    notes:
      'Not applicable when no `listChanged` capability is advertised (resource subscriptions are not probed). Keys `no-ack` (nothing, a refusal, or another message first), `type`, `subscription-id`.',
  },
  evaluate(ev, ctx) {
    const { filter, requestId, probe } = ev.modern.listen;
    if (probe.kind === 'skipped' && probe.reason === 'not_needed')
      return ctx.notApplicable('feature_absent', 'The server advertises no listChanged capability.');
    if (probe.kind !== 'ok') return ctx.fromProbe(probe, 'subscriptions/listen (s.listen)');
    const reply = probe.value;
    const evidence = [reply.exchange];
    const bad = unusable(reply);
    if (bad) return ctx.inconclusive(bad.reason, `subscriptions/listen was ${bad.why}.`, evidence);
    const notes = reply.messages.filter((m) => m.kind === 'notification');
    const first = reply.messages[0];
    if (!is2xx(reply.status) || !first || first.kind !== 'notification' || first.method !== ACK) {
      const seen = !is2xx(reply.status)
        ? describe(reply)
        : first
          ? `a ${first.kind} first`
          : 'nothing within 3 s';
      return ctx.fail(`subscriptions/listen was not acknowledged first (got ${seen}).`, evidence, {
        key: 'no-ack',
      });
    }
    const out: Verdict[] = [];
    const allowed = new Set([
      ACK,
      ...Object.keys(filter)
        .map((f) => FILTER_METHODS[f])
        .filter(Boolean),
    ]);
    const unrequested = notes.filter((n) => !allowed.has(n.method)).map((n) => n.method);
    const ackFilter = isObject(first.params) ? first.params['notifications'] : undefined;
    const claimed = isObject(ackFilter)
      ? Object.keys(ackFilter).filter((k) => ackFilter[k] !== false && !(k in filter))
      : [];
    if (unrequested.length || claimed.length)
      out.push(
        ctx.fail(
          `The listen stream went beyond the filter: ${[...new Set([...unrequested, ...claimed.map((c) => `ack lists ${c}`)])].join(', ')}.`,
          evidence,
          { key: 'type' },
        ),
      );
    const wrongId = notes.filter((n) => subscriptionId(n) !== requestId);
    if (wrongId.length)
      out.push(
        ctx.fail(`${wrongId.length} notification(s) lack \`_meta\` subscriptionId ${requestId}.`, evidence, {
          key: 'subscription-id',
        }),
      );
    return out.length
      ? out
      : ctx.pass(
          `The listen stream was acknowledged first and carried ${notes.length} notification(s), all within the filter.`,
          evidence,
        );
  },
});
