import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-LEG23',
    title: 'HTTP+SSE replies delivered as `message` events',
    requirement: 'Server messages on the SSE stream are `message` events whose data is a JSON-RPC object.',
    keyword: 'effective MUST',
    revisions: 'any',
    transports: ['http+sse'],
    mode: 'passive',
    requires: ['sse'],
    rating: { scope: 'protocol' },
    keys: {
      'post-body': 'the reply to initialize came back in the POST response body, not on the SSE stream',
      'event-name': 'the reply to initialize arrived as an event other than message',
      data: "the reply event's data is not a JSON-RPC message",
    },
    severity: 'low',
    citations: [mcp('2024-11-05', 'basic/transports', 'HTTP with SSE')],
    rationale:
      'HTTP+SSE clients read replies only from `message` events on the stream; a reply under another event name, with non-JSON data, or in the POST response body never reaches them.',
    remediation:
      'Send every server message on the SSE stream as `event: message` (or with no `event:` field) whose `data` is one JSON-RPC object, and answer the POST itself with 202 Accepted.',
    evidence:
      'The event that carried the reply to the `initialize` POST of `p.sse` (matched by JSON-RPC id), its parsed message, and the HTTP answer to the POST.',
    traps: 'Events without an `event:` field default to `message` per the SSE format: pass.',
    notes:
      'The 2024-11-05 text states this without an RFC 2119 keyword ("Server messages are sent as SSE `message` events"); clients only listen for `message` events, hence `effective MUST`, at the catalogue’s low severity. Runs whenever HTTP+SSE is observed (`revisions: any`). Added key `post-body`: the reply was returned in the POST’s HTTP body and never arrived on the stream. An empty `event:` field also dispatches as `message`.',
  },
  evaluate(ev, ctx) {
    const sse = ev.sse;
    const init = sse.init;
    if (init.kind !== 'ok') return ctx.fromProbe(init, 'The initialize POST to the message endpoint');
    const { post, reply, message } = init.value;
    const evidence = [post.exchange, sse.get.exchange];
    const s = post.status;
    if (s === 401 || s === 403)
      return ctx.inconclusive('auth_wall', `The initialize POST was answered ${s}.`, evidence);
    if (s === 429) return ctx.inconclusive('rate_limited', 'The initialize POST was answered 429.', evidence);
    if (s < 200 || s >= 300) {
      return ctx.inconclusive(
        s >= 500 ? 'fetch_failed' : 'ambiguous',
        `The initialize POST was answered ${s}; no reply to judge.`,
        evidence,
      );
    }
    if (!reply) {
      if (post.response) {
        return ctx.fail(
          'The reply to initialize came back in the POST response body, not as an event on the SSE stream.',
          evidence,
          {
            key: 'post-body',
          },
        );
      }
      return ctx.inconclusive(
        'fetch_failed',
        'No reply to initialize arrived on the SSE stream within 5 s.',
        evidence,
      );
    }
    const verdicts: Verdict[] = [];
    const name = reply.event === undefined || reply.event === '' ? 'message' : reply.event;
    if (name !== 'message') {
      verdicts.push(
        ctx.fail(`The reply to initialize arrived as a \`${name}\` event, not \`message\`.`, evidence, {
          key: 'event-name',
        }),
      );
    }
    if (message === null || message.kind === 'invalid') {
      verdicts.push(
        ctx.fail(
          `The reply event’s data (${reply.dataLength} characters) is not a JSON-RPC message.`,
          evidence,
          { key: 'data' },
        ),
      );
    }
    if (verdicts.length === 0)
      verdicts.push(
        ctx.pass('The reply to initialize arrived as a `message` event with JSON-RPC data.', evidence),
      );
    return verdicts;
  },
});
