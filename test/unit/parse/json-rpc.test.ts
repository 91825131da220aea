import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_JSON_DEPTH,
  MAX_MESSAGES,
  classifyMessage,
  jsonDepthExceeds,
  parseJsonRpcBody,
  utf8Issue,
} from '../../../src/evidence/parse/json-rpc.js';
import type { MessageIssue } from '../../../src/evidence/types.js';

const ok = '{"jsonrpc":"2.0","id":1,"result":{}}';
const keys = (issues: readonly MessageIssue[]): string[] => issues.map((i) => i.key);

describe('classifyMessage', () => {
  const cases: [string, unknown, string, string[]][] = [
    ['request', { jsonrpc: '2.0', id: 1, method: 'ping' }, 'request', []],
    ['request, string id', { jsonrpc: '2.0', id: 'a', method: 'x', params: {} }, 'request', []],
    ['request, params array', { jsonrpc: '2.0', id: 0, method: 'x', params: [1] }, 'request', []],
    ['notification', { jsonrpc: '2.0', method: 'notifications/initialized' }, 'notification', []],
    ['success response', { jsonrpc: '2.0', id: 1, result: {} }, 'response', []],
    ['result null is still a result', { jsonrpc: '2.0', id: 1, result: null }, 'response', []],
    ['error response', { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } }, 'response', []],
    [
      'error response, null id is legal',
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse' } },
      'response',
      [],
    ],
    ['version missing', { id: 1, result: {} }, 'response', ['version']],
    ['version 1.0', { jsonrpc: '1.0', id: 1, result: {} }, 'response', ['version']],
    ['version as number', { jsonrpc: 2.0, id: 1, method: 'x' }, 'request', ['version']],
    ['null id on a request', { jsonrpc: '2.0', id: null, method: 'x' }, 'request', ['id']],
    ['fractional id on a request', { jsonrpc: '2.0', id: 1.5, method: 'x' }, 'request', ['id']],
    ['object id on a request', { jsonrpc: '2.0', id: {}, method: 'x' }, 'invalid', ['id']],
    ['boolean id on a response', { jsonrpc: '2.0', id: true, result: 1 }, 'invalid', ['id']],
    ['fractional id on a response', { jsonrpc: '2.0', id: 2.5, result: 1 }, 'response', ['id']],
    ['null id on a success response', { jsonrpc: '2.0', id: null, result: {} }, 'response', ['id']],
    ['response without id', { jsonrpc: '2.0', result: {} }, 'invalid', ['id']],
    [
      'result and error',
      { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'm' } },
      'invalid',
      ['shape'],
    ],
    ['neither', { jsonrpc: '2.0', id: 1 }, 'invalid', ['shape']],
    ['method and result', { jsonrpc: '2.0', id: 1, method: 'x', result: {} }, 'invalid', ['shape']],
    ['method not a string', { jsonrpc: '2.0', id: 1, method: 5 }, 'invalid', ['shape']],
    ['params a string', { jsonrpc: '2.0', method: 'x', params: 'p' }, 'notification', ['shape']],
    ['error.code 1.5', { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'm' } }, 'response', ['code']],
    [
      'error.code string',
      { jsonrpc: '2.0', id: 1, error: { code: '-32600', message: 'm' } },
      'response',
      ['code'],
    ],
    ['error.message missing', { jsonrpc: '2.0', id: 1, error: { code: -1 } }, 'response', ['code']],
    ['error both bad', { jsonrpc: '2.0', id: 1, error: { message: 3 } }, 'response', ['code', 'code']],
    ['error a string', { jsonrpc: '2.0', id: 1, error: 'boom' }, 'invalid', ['shape']],
    ['null', null, 'invalid', ['shape']],
    ['number', 42, 'invalid', ['shape']],
    ['array', [], 'invalid', ['shape']],
    ['everything wrong', { jsonrpc: 1, id: 1, result: 1, error: 1 }, 'invalid', ['version', 'shape']],
  ];
  it.each(cases)('%s', (_name, value, kind, issueKeys) => {
    const { message, issues } = classifyMessage(value);
    expect(message.kind).toBe(kind);
    expect(keys(issues)).toEqual(issueKeys);
    if (message.kind === 'invalid') expect(message.raw).toBe(value);
  });

  it('keeps error data and the exact result', () => {
    const result = { tools: [] };
    const ok = classifyMessage({ jsonrpc: '2.0', id: 7, result }).message;
    expect(ok).toEqual({ kind: 'response', id: 7, result });
    const err = classifyMessage({
      jsonrpc: '2.0',
      id: 'x',
      error: { code: -32000, message: 'm', data: { a: 1 } },
    });
    expect(err.message).toEqual({
      kind: 'response',
      id: 'x',
      error: { code: -32000, message: 'm', data: { a: 1 } },
    });
  });

  it('does not throw on hostile objects', () => {
    const trap = new Proxy(
      {},
      {
        has: () => {
          throw new Error('trap');
        },
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    expect(classifyMessage(trap).message.kind).toBe('invalid');
  });
});

describe('parseJsonRpcBody', () => {
  it('parses a single message', () => {
    const r = parseJsonRpcBody('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(r).toMatchObject({ isBatch: false, json: true, issues: [] });
    expect(r.messages).toEqual([{ kind: 'response', id: 1, result: {} }]);
  });

  it('parses a batch, element by element', () => {
    const r = parseJsonRpcBody(
      '[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","method":"n"},7,{"jsonrpc":"2.0","id":2,"error":{"code":1.5,"message":"m"}}]',
    );
    expect(r.isBatch).toBe(true);
    expect(r.messages.map((m) => m.kind)).toEqual(['response', 'notification', 'invalid', 'response']);
    expect(r.issues).toEqual([
      { key: 'shape', detail: '[2] message is 7, not an object' },
      { key: 'code', detail: '[3] error.code is 1.5, not an integer' },
    ]);
  });

  it('flags an empty batch', () => {
    expect(parseJsonRpcBody('[]')).toMatchObject({
      isBatch: true,
      json: true,
      messages: [],
      issues: [{ key: 'shape' }],
    });
  });

  it.each(['', '   \r\n', '{', '{"jsonrpc":"2.0",}', 'null x', "{'a':1}", 'NaN', '<html></html>'])(
    'flags non-JSON %j',
    (text) => {
      const r = parseJsonRpcBody(text);
      expect(r.json).toBe(false);
      expect(r.messages).toEqual([]);
      expect(keys(r.issues)).toEqual(['json']);
    },
  );

  it('does not blame the server for a body the scanner truncated', () => {
    const r = parseJsonRpcBody('{"jsonrpc":"2.0","id":1,"res', undefined, { truncated: true });
    expect(r).toMatchObject({ json: false, messages: [], issues: [] });
  });

  it('parses a JSON primitive as one invalid message', () => {
    const r = parseJsonRpcBody('"hello"');
    expect(r).toMatchObject({ json: true, isBatch: false, messages: [{ kind: 'invalid', raw: 'hello' }] });
    expect(keys(r.issues)).toEqual(['shape']);
  });

  it('notes a byte order mark but still parses', () => {
    const r = parseJsonRpcBody('\uFEFF{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(r.json).toBe(true);
    expect(r.messages[0]?.kind).toBe('response');
    expect(keys(r.issues)).toEqual(['json']);
  });

  it('flags invalid UTF-8 bytes', () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":{"s":"\uFFFD"}}';
    const good = new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"result":{"s":"é"}}');
    const bad = new Uint8Array([
      ...new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"result":{"s":"'),
      0xc3,
      0x28,
      0x22,
      0x7d,
      0x7d,
    ]);
    expect(parseJsonRpcBody(text, good).issues).toEqual([]);
    const r = parseJsonRpcBody(text, bad);
    expect(keys(r.issues)).toEqual(['utf8']);
    expect(r.messages[0]?.kind).toBe('response');
    // Overlong encoding and lone surrogates are invalid too.
    expect(utf8Issue(new Uint8Array([0xc0, 0xaf]))?.key).toBe('utf8');
    expect(utf8Issue(new Uint8Array([0xed, 0xa0, 0x80]))?.key).toBe('utf8');
  });

  it('tolerates a multi-byte character cut by the cap only when truncated', () => {
    const cut = new Uint8Array([0x7b, 0xe2, 0x82]); // "{" + 2 of the 3 bytes of "€"
    expect(utf8Issue(cut, false)?.key).toBe('utf8');
    expect(utf8Issue(cut, true)).toBeNull();
    expect(utf8Issue(new Uint8Array([0xff, 0x7b]), true)?.key).toBe('utf8');
  });

  it('refuses 10 000-deep nesting without throwing', () => {
    for (const text of [
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
    ]) {
      const r = parseJsonRpcBody(text);
      expect(r.json).toBe(false);
      expect(keys(r.issues)).toEqual(['json']);
    }
    expect(() => parseJsonRpcBody('['.repeat(1_000_000))).not.toThrow();
  });

  it('counts depth from the top value and ignores brackets in strings', () => {
    const atLimit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(jsonDepthExceeds(atLimit, MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(`[${atLimit}]`, MAX_JSON_DEPTH)).toBe(true);
    expect(parseJsonRpcBody(atLimit).json).toBe(true);
    expect(jsonDepthExceeds(`["${'['.repeat(100)}\\"${'{'.repeat(100)}"]`, MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds('[[]][[]]', 2)).toBe(false);
  });

  it('classifies at most MAX_MESSAGES elements of a batch', () => {
    const r = parseJsonRpcBody(`[${`${ok},`.repeat(MAX_MESSAGES + 10)}${ok}]`);
    expect(r.messages).toHaveLength(MAX_MESSAGES);
    expect(r.issues).toEqual([
      {
        key: 'shape',
        detail: `batch of ${MAX_MESSAGES + 11} messages; only the first ${MAX_MESSAGES} were classified`,
      },
    ]);
  });

  it('caps issues but keeps every issue key', () => {
    const body = JSON.stringify([
      ...Array.from({ length: 5000 }, () => 1),
      { jsonrpc: '2.0', id: 1, error: { code: 'x', message: 'm' } },
    ]);
    const r = parseJsonRpcBody(body);
    expect(r.messages).toHaveLength(5001);
    expect(r.issues.length).toBeLessThanOrEqual(101);
    expect(new Set(keys(r.issues))).toEqual(new Set(['shape', 'code']));
  });
});

describe('JSON-RPC properties', () => {
  const rpcish = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
      id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double(), fc.jsonValue()),
      method: fc.oneof(fc.string(), fc.jsonValue()),
      params: fc.jsonValue(),
      result: fc.jsonValue(),
      error: fc.oneof(
        fc.record({ code: fc.oneof(fc.integer(), fc.double()), message: fc.string() }, { requiredKeys: [] }),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  );

  it('classifies every value as exactly one kind, with issues whenever it is invalid', () => {
    fc.assert(
      fc.property(fc.oneof(rpcish, fc.anything()), (value) => {
        const { message, issues } = classifyMessage(value);
        expect(['request', 'notification', 'response', 'invalid']).toContain(message.kind);
        if (message.kind === 'invalid') expect(issues.length).toBeGreaterThan(0);
        if (message.kind === 'request' || message.kind === 'notification')
          expect(typeof message.method).toBe('string');
        if (message.kind === 'response')
          expect(Object.hasOwn(message, 'result') !== Object.hasOwn(message, 'error')).toBe(true);
        if (issues.length === 0) expect(message.kind).not.toBe('invalid');
      }),
      { numRuns: 2000 },
    );
  });

  it('parseJsonRpcBody never throws', () => {
    const jsonish = fc.string({
      unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ':', ',', '1', 'a', ' ', 'null'),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          jsonish,
          fc.json(),
          rpcish.map((v) => JSON.stringify(v)),
        ),
        fc.uint8Array(),
        (text, bytes) => {
          const r = parseJsonRpcBody(text, bytes);
          expect(r.json || r.issues.some((i) => i.key === 'json')).toBe(true);
          if (!r.isBatch) expect(r.messages.length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
