import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildHttpReply, jsonRpcErrorCode, resultOf } from '../../../src/evidence/parse/http-reply.js';
import { SseAccumulator } from '../../../src/evidence/parse/sse.js';
import type { JsonRpcId, MessageIssue } from '../../../src/evidence/types.js';
import type { HttpResponseData } from '../../../src/probe/http/types.js';

function res(
  status: number,
  headers: Readonly<Record<string, string | readonly string[]>>,
  text: string,
  extra: Partial<HttpResponseData> = {},
): HttpResponseData {
  const h: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers)) h[k] = typeof v === 'string' ? [v] : [...v];
  return { status, headers: h, text, bytes: new TextEncoder().encode(text), truncated: false, ...extra };
}

const keys = (issues: readonly MessageIssue[]): string[] => issues.map((i) => i.key);
const ok = (id: JsonRpcId, result: unknown = {}): string => JSON.stringify({ jsonrpc: '2.0', id, result });

describe('buildHttpReply: JSON bodies', () => {
  it('reads a plain JSON response and the session header', () => {
    const r = buildHttpReply(
      'x1',
      res(
        200,
        { 'content-type': 'application/json; charset=utf-8', 'mcp-session-id': ['s-1', 's-2'] },
        ok(1, { a: 1 }),
      ),
      1,
    );
    expect(r).toMatchObject({
      exchange: 'x1',
      status: 200,
      mediaType: 'application/json',
      sessionId: 's-1',
      bodyKind: 'json',
      location: null,
      issues: [],
      sseEvents: [],
    });
    expect(r.response).toEqual({ kind: 'response', id: 1, result: { a: 1 } });
    expect(resultOf(r)).toEqual({ a: 1 });
    expect(jsonRpcErrorCode(r)).toBeNull();
  });

  it('reads error responses', () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 'q',
      error: { code: -32601, message: 'Method not found' },
    });
    const r = buildHttpReply('x2', res(200, { 'content-type': 'Application/JSON' }, body), 'q');
    expect(jsonRpcErrorCode(r)).toBe(-32601);
    expect(resultOf(r)).toBeNull();
  });

  it('falls back to a null-id error response, but not to another id', () => {
    const nullId = JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    expect(
      jsonRpcErrorCode(buildHttpReply('x3', res(400, { 'content-type': 'application/json' }, nullId), 5)),
    ).toBe(-32700);
    const other = buildHttpReply('x4', res(200, { 'content-type': 'application/json' }, ok(6)), 5);
    expect(other.response).toBeNull();
    expect(other.messages).toHaveLength(1);
    expect(
      buildHttpReply('x5', res(200, { 'content-type': 'application/json' }, ok(6)), null).response?.id,
    ).toBe(6);
  });

  it('does not match ids across types', () => {
    expect(
      buildHttpReply('x1', res(200, { 'content-type': 'application/json' }, ok('1')), 1).response,
    ).toBeNull();
  });

  it('gives no single response for a batch body', () => {
    const r = buildHttpReply(
      'x1',
      res(200, { 'content-type': 'application/json' }, `[${ok(1)},${ok(2)}]`),
      1,
    );
    expect(r.response).toBeNull();
    expect(r.messages).toHaveLength(2);
  });

  it('accepts +json and reports malformed JSON', () => {
    const r = buildHttpReply('x1', res(200, { 'content-type': 'application/vnd.x+json' }, '{"jsonrpc":'), 1);
    expect(r.bodyKind).toBe('json');
    expect(keys(r.issues)).toEqual(['json']);
    expect(r.response).toBeNull();
  });

  it('reports invalid UTF-8 from the raw bytes', () => {
    const text = ok(1, { s: '\uFFFD' });
    const bytes = new TextEncoder().encode(text);
    const bad = bytes.slice();
    bad.set([0xff], text.indexOf('\uFFFD'));
    const r = buildHttpReply('x1', res(200, { 'content-type': 'application/json' }, text, { bytes: bad }), 1);
    expect(keys(r.issues)).toEqual(['utf8']);
    expect(r.response).not.toBeNull();
  });

  it('does not report parse failures of a body the scanner cut', () => {
    const r = buildHttpReply(
      'x1',
      res(200, { 'content-type': 'application/json' }, '{"jsonrpc":"2.0","id":1,"re', { truncated: true }),
      1,
    );
    expect(r.issues).toEqual([]);
    expect(r.messages).toEqual([]);
  });

  it.each([
    [{}, 'x', 'other', null],
    [{ 'content-type': 'text/html' }, '<html>', 'other', 'text/html'],
    [{ 'content-type': 'text/json' }, ok(1), 'other', 'text/json'],
    [{ 'content-type': 'application/json' }, '', 'empty', 'application/json'],
    [{ 'content-type': 'garbage' }, ok(1), 'other', null],
    [{ 'content-type': ['application/json', 'text/html'] }, ok(1), 'other', null],
  ] as const)('classifies %j with body %j as %s', (headers, text, kind, mediaType) => {
    const r = buildHttpReply('x1', res(202, headers, text), 1);
    expect(r.bodyKind).toBe(kind);
    expect(r.mediaType).toBe(mediaType);
    expect(r.messages).toEqual([]);
    expect(r.issues).toEqual([]);
  });

  it('records the redirect target', () => {
    const r = buildHttpReply('x1', res(307, { location: ['https://elsewhere.example/mcp', 'x'] }, ''), 1);
    expect(r).toMatchObject({
      status: 307,
      location: 'https://elsewhere.example/mcp',
      bodyKind: 'empty',
      sessionId: null,
    });
  });
});

describe('buildHttpReply: SSE bodies', () => {
  const sseBody =
    'id: prime-1\nretry: 1000\ndata:\n\n' +
    `event: message\nid: e2\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })}\n\n` +
    `data: ${ok(3, { tools: [] })}\n\n`;

  it('reads a priming event and the response event', () => {
    const r = buildHttpReply(
      'x7',
      res(200, { 'content-type': 'text/event-stream;charset=UTF-8' }, sseBody),
      3,
    );
    expect(r.bodyKind).toBe('sse');
    expect(r.mediaType).toBe('text/event-stream');
    expect(r.issues).toEqual([]);
    expect(r.messages.map((m) => m.kind)).toEqual(['notification', 'response']);
    expect(resultOf(r)).toEqual({ tools: [] });
    expect(r.sseEvents).toEqual([
      { id: 'prime-1', data: '', dataLength: 0 },
      {
        id: 'e2',
        event: 'message',
        data: expect.any(String) as string,
        dataLength: expect.any(Number) as number,
      },
      { data: ok(3, { tools: [] }), dataLength: ok(3, { tools: [] }).length },
    ]);
  });

  it('uses events parsed incrementally when given', () => {
    const acc = new SseAccumulator();
    const events = [...acc.push(sseBody.slice(0, 50)), ...acc.push(sseBody.slice(50)), ...acc.flush()];
    const r = buildHttpReply('x7', res(200, { 'content-type': 'text/event-stream' }, ''), 3, {
      sseEvents: events,
    });
    expect(r.bodyKind).toBe('sse');
    expect(r.response?.id).toBe(3);
  });

  it('reports non-JSON data of message events, and skips other event types', () => {
    const body =
      'event: endpoint\ndata: /messages?session=1\n\ndata: not json\n\nevent: message\ndata: {"jsonrpc":"1.0","id":1,"result":{}}\n\n';
    const r = buildHttpReply('x1', res(200, { 'content-type': 'text/event-stream' }, body), 1);
    expect(keys(r.issues)).toEqual(['sse-data', 'version']);
    expect(r.issues[0]?.detail).toMatch(/^event #1: /);
    expect(r.response?.id).toBe(1);
    expect(r.sseEvents[0]).toEqual({ event: 'endpoint', data: '/messages?session=1', dataLength: 19 });
  });

  it('flags an unterminated last event, unless the scanner closed the stream', () => {
    const body = `data: ${ok(1)}\n`;
    const closedByServer = buildHttpReply('x1', res(200, { 'content-type': 'text/event-stream' }, body), 1);
    expect(keys(closedByServer.issues)).toEqual(['sse-data']);
    expect(closedByServer.response?.id).toBe(1);
    const cut = buildHttpReply(
      'x1',
      res(200, { 'content-type': 'text/event-stream' }, `${body}data: {"jso`, { truncated: true }),
      1,
    );
    expect(cut.issues).toEqual([]);
    expect(cut.response).toBeNull();
  });

  it('bounds the event records and excerpts', () => {
    const long = `data: ${'é'.repeat(1000)}\n\n`;
    const body = `${long}${': c\ndata:\n\n'.repeat(300)}`;
    const r = buildHttpReply('x1', res(200, { 'content-type': 'text/event-stream' }, body), 1);
    expect(r.sseEvents).toHaveLength(200);
    expect(r.sseEvents[0]?.data).toHaveLength(400);
    expect(r.sseEvents[0]?.dataLength).toBe(1000);
    expect(keys(r.issues)).toEqual(['sse-data']);
  });

  it('does not cut a surrogate pair in an excerpt', () => {
    const body = `event: x\ndata: ${'a'.repeat(399)}${'😀'.repeat(10)}\n\n`;
    const r = buildHttpReply('x1', res(200, { 'content-type': 'text/event-stream' }, body), 1);
    expect(r.sseEvents[0]?.data).toBe('a'.repeat(399));
  });
});

describe('buildHttpReply properties', () => {
  it('never throws, whatever the body and headers', () => {
    const ct = fc.oneof(
      fc.constantFrom('application/json', 'text/event-stream', 'text/plain', 'application/x+json'),
      fc.string(),
    );
    fc.assert(
      fc.property(
        ct,
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.json(),
          fc.string({ unit: fc.constantFrom('data: ', '{}', '[', '\n', '"', 'id: ') }),
        ),
        fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
        fc.boolean(),
        (contentType, text, id, truncated) => {
          const r = buildHttpReply('x1', res(200, { 'content-type': contentType }, text, { truncated }), id);
          expect(r.sseEvents.length).toBeLessThanOrEqual(200);
          if (r.response !== null) expect(r.messages).toContain(r.response);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('buildHttpReply: bounded output on 1 MiB hostile bodies', () => {
  const MiB = 1024 * 1024;
  it.each([
    ['tiny SSE events', 'text/event-stream', 'data:{}\n\n'.repeat(MiB / 9)],
    ['one huge SSE line', 'text/event-stream', `data: ${'['.repeat(MiB)}\n\n`],
    ['a batch of numbers', 'application/json', `[${'1,'.repeat(MiB / 2)}1]`],
    ['deep nesting', 'application/json', '['.repeat(MiB)],
    ['quotes and escapes', 'application/json', `"${'\\"'.repeat(MiB / 2)}`],
  ])('%s', (_name, contentType, text) => {
    const r = buildHttpReply('x1', res(200, { 'content-type': contentType }, text), 1);
    expect(r.issues.length).toBeLessThanOrEqual(110);
    expect(r.messages.length).toBeLessThanOrEqual(20_000);
  });
});
