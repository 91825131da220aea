import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/trn/MCPP-TRN13.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { modernEvidence } from '../../helpers/modern.js';
import {
  authWall,
  editRequest,
  setDetection,
  setInventory,
  setLegacy,
  setRevision,
} from '../../helpers/trn.js';

testCheck(check, {
  pass: [
    { name: 'JSON and SSE replies (default)', evidence: evidence() },
    { name: 'a well-behaved 2026-07-28 server: every modern reply typed', evidence: modernEvidence() },
    {
      name: 'SSE reply to tools/list',
      evidence: evidence((ev, b) => {
        setLegacy(ev, { baseline: b.ok(b.reply({ mediaType: 'text/event-stream', result: { tools: [] } })) });
      }),
    },
    {
      name: 'HTTP-level rejection with a plain-text body is not a JSON-RPC reply',
      evidence: evidence((ev, b) => {
        setLegacy(ev, { sessionNone: b.ok(b.reply({ status: 400, mediaType: 'text/plain' })) });
      }),
    },
    {
      name: 'gateway 502 HTML page is excluded',
      evidence: evidence((ev, b) => {
        setLegacy(ev, { baseline: b.ok(b.reply({ status: 502, mediaType: 'text/html' })) });
      }),
    },
  ],
  fail: [
    {
      name: 'a modern tools/call answered with text/html',
      evidence: modernEvidence((ev, b) => {
        const r = b.reply({
          mediaType: 'text/html',
          error: { code: -32602, message: 'Unknown tool' },
        });
        Object.assign(ev.modern!, { toolUnknown: b.ok(r) });
      }),
      key: 'tools/call',
    },
    {
      name: 'initialize answered with text/plain',
      evidence: evidence((ev, b) => {
        const r = b.reply({ mediaType: 'text/plain', result: b.initResult('2025-06-18') });
        setDetection(ev, {
          inits: ev.detection.inits.map((a, i) => (i === 1 ? { ...a, probe: b.ok(r) } : a)),
        });
      }),
      key: 'initialize',
      severity: 'medium',
    },
    {
      name: 'tools/list answered 200 without a Content-Type',
      evidence: evidence((ev, b) => {
        setLegacy(ev, { baseline: b.ok(b.reply({ mediaType: null, result: { tools: [] } })) });
      }),
      key: 'tools/list',
    },
    {
      name: 'a JSON-RPC error body labelled text/html on a 404',
      evidence: evidence((ev, b) => {
        const r = b.reply({ status: 404, mediaType: 'text/html', bodyKind: 'other' });
        const i = b.exchanges.findIndex((x) => x.id === r.exchange);
        const x = b.exchanges[i]!;
        b.exchanges[i] = {
          ...x,
          response: {
            ...x.response!,
            body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}',
          },
        };
        setLegacy(ev, { sessionUnknown: b.ok(r) });
      }),
      key: 'tools/list',
    },
    {
      name: 'method read from the recorded request body',
      evidence: evidence((ev, b) => {
        const r = b.reply({ mediaType: 'application/xml', result: { prompts: [] } });
        editRequest(b, r.exchange, { body: '{"jsonrpc":"2.0","id":7,"method":"prompts/list"}' });
        setInventory(ev, {
          tools: b.skipped('not_needed'),
          prompts: b.ok({ items: [], pages: 1, truncated: false, replies: [r] }, r.exchange),
          resources: b.skipped('not_needed'),
          resourceTemplates: b.skipped('not_needed'),
          serverInfo: null,
          instructions: null,
        });
      }),
      key: 'prompts/list',
    },
  ],
  inconclusive: [
    {
      name: 'behind an authorization wall',
      evidence: evidence((ev, b) => authWall(ev, b)),
      reason: 'auth_wall',
    },
  ],
  notApplicable: [],
});

describe('MCPP-TRN13 over Streamable HTTP negotiated at 2024-11-05', () => {
  it('is judged by the earliest revision defining the transport shape, not skipped', () => {
    const ev = evidence((e) =>
      setRevision(e, { known: ['2024-11-05'], candidates: ['2024-11-05'], unconfirmed: [] }),
    );
    const { status, results } = runCheck(check, ev);
    expect(status).toBe('pass');
    expect(results.every((r) => r.revisionsEvaluated.join() === '2025-03-26')).toBe(true);
  });
});
