import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SSE_MAX_DATA_CHARS,
  SSE_MAX_EVENTS,
  SseAccumulator,
  parseSse,
} from '../../../src/evidence/parse/sse.js';
import type { SseEvent } from '../../../src/evidence/parse/sse.js';

function chunked(text: string, cuts: readonly number[]): { events: SseEvent[]; truncated: boolean } {
  const acc = new SseAccumulator();
  const events: SseEvent[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    events.push(...acc.push(text.slice(from, cut)));
    from = cut;
  }
  events.push(...acc.push(text.slice(from)));
  events.push(...acc.flush());
  return { events, truncated: acc.truncated };
}

describe('parseSse', () => {
  const cases: [string, string, SseEvent[]][] = [
    ['one event', 'data: hello\n\n', [{ data: 'hello' }]],
    [
      'id, event and data',
      'id: 7\nevent: message\ndata: {"a":1}\n\n',
      [{ id: '7', event: 'message', data: '{"a":1}' }],
    ],
    ['multi-line data', 'data: a\ndata:b\ndata:  c\n\n', [{ data: 'a\nb\n c' }]],
    ['CRLF', 'id: 1\r\ndata: x\r\n\r\ndata: y\r\n\r\n', [{ id: '1', data: 'x' }, { data: 'y' }]],
    ['bare CR', 'data: x\r\rdata: y\r\r', [{ data: 'x' }, { data: 'y' }]],
    ['comments ignored', ': keep-alive\n:\ndata: x\n: mid\n\n', [{ data: 'x' }]],
    [
      'priming event with empty data',
      'id: abc\ndata:\n\nid: 2\ndata: {}\n\n',
      [
        { id: 'abc', data: '' },
        { id: '2', data: '{}' },
      ],
    ],
    ['data with no colon', 'data\n\n', [{ data: '' }]],
    ['block without data is not an event', 'id: 1\nevent: x\n\n', []],
    ['unknown fields ignored', 'foo: bar\ndata: x\nbaz\n\n', [{ data: 'x' }]],
    ['retry attaches to the event', 'retry: 3000\nid: 1\ndata:\n\n', [{ id: '1', data: '', retry: 3000 }]],
    ['invalid retry ignored', 'retry: 3s\ndata: x\n\n', [{ data: 'x' }]],
    [
      'retry-only block carries to the next event',
      'retry: 10\n\ndata: x\n\ndata: y\n\n',
      [{ data: 'x', retry: 10 }, { data: 'y' }],
    ],
    ['leading BOM ignored', '\uFEFFdata: x\n\n', [{ data: 'x' }]],
    ['empty event name is none', 'event:\ndata: x\n\n', [{ data: 'x' }]],
    ['colon in value kept', 'data: a: b\n\n', [{ data: 'a: b' }]],
    ['unterminated last event', 'data: x\n\ndata: y\n', [{ data: 'x' }, { data: 'y', unterminated: true }]],
    ['unterminated partial line', 'data: x', [{ data: 'x', unterminated: true }]],
    ['stream ending in CR', 'data: x\r', [{ data: 'x', unterminated: true }]],
    ['stream ending in LF CR is terminated', 'data: x\n\r', [{ data: 'x' }]],
    ['empty', '', []],
    ['garbage', '<html>\n<body>oops</body>\n</html>', []],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    expect(parseSse(text)).toEqual(expected);
  });

  it('gives the same events for every split of a realistic stream', () => {
    const text =
      '\uFEFF: hello\r\nretry: 500\r\nid: p1\r\ndata:\r\n\r\nevent: message\ndata: {"jsonrpc":"2.0",\ndata: "id":1,"result":{}}\n\n' +
      'id: 3\rdata: x\r\rdata: tail';
    const whole = parseSse(text);
    expect(whole).toHaveLength(4);
    for (let i = 0; i <= text.length; i++) {
      for (const j of [i + 1, i + 7])
        expect(chunked(text, [i, Math.min(j, text.length)]).events).toEqual(whole);
    }
    // One character at a time.
    expect(
      chunked(
        text,
        Array.from({ length: text.length }, (_, i) => i),
      ).events,
    ).toEqual(whole);
  });

  it('ignores pushes after flush', () => {
    const acc = new SseAccumulator();
    expect(acc.push('data: a\n\n')).toEqual([{ data: 'a' }]);
    expect(acc.flush()).toEqual([]);
    expect(acc.push('data: b\n\n')).toEqual([]);
    expect(acc.flush()).toEqual([]);
  });

  it('caps the number of events', () => {
    const acc = new SseAccumulator();
    const events = acc.push('data:\n\n'.repeat(SSE_MAX_EVENTS + 5));
    expect(events).toHaveLength(SSE_MAX_EVENTS);
    expect(acc.truncated).toBe(true);
    expect(acc.push('data: more\n\n')).toEqual([]);
    expect(acc.count).toBe(SSE_MAX_EVENTS);
  });

  it('caps the total data', () => {
    const big = 'x'.repeat(400 * 1024);
    const acc = new SseAccumulator();
    const events = [
      ...acc.push(`data: ${big}\n\ndata: ${big}\n\n`),
      ...acc.push(`data: ${big}\n\ndata: y\n\n`),
    ];
    expect(events).toHaveLength(2);
    expect(acc.truncated).toBe(true);
    expect(events.reduce((n, e) => n + e.data.length, 0)).toBeLessThanOrEqual(SSE_MAX_DATA_CHARS);
  });

  it('stops an endless unterminated event without throwing', () => {
    const acc = new SseAccumulator();
    const line = `data: ${'x'.repeat(64 * 1024)}\n`;
    for (let i = 0; i < 64; i++) expect(() => acc.push(line)).not.toThrow();
    expect(acc.truncated).toBe(true);
    expect(acc.flush()).toEqual([]);
  });
});

/** A direct reading of WHATWG HTML §9.2.6, with this module's id/retry/unterminated conventions. */
function reference(input: string): SseEvent[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const lines = text.split(/\r\n|\r|\n/);
  const partial = lines.pop() ?? '';
  if (partial !== '') lines.push(partial);
  const events: SseEvent[] = [];
  let data: string[] | null = null;
  let id: string | undefined;
  let event: string | undefined;
  let retry: number | undefined;
  const dispatch = (unterminated: boolean): void => {
    if (data !== null) {
      events.push({
        ...(id !== undefined ? { id } : {}),
        ...(event !== undefined ? { event } : {}),
        data: data.join('\n'),
        ...(retry !== undefined ? { retry } : {}),
        ...(unterminated ? { unterminated: true as const } : {}),
      });
      retry = undefined;
    }
    data = null;
    id = undefined;
    event = undefined;
  };
  for (const line of lines) {
    if (line === '') {
      dispatch(false);
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') (data ??= []).push(value);
    else if (field === 'event') event = value === '' ? undefined : value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^[0-9]+$/.test(value)) retry = parseInt(value, 10);
  }
  dispatch(true);
  return events;
}

describe('SSE properties', () => {
  const sseish = fc.string({
    unit: fc.constantFrom(
      'data:',
      'data: ',
      'id: ',
      'id:',
      'event: ',
      'event:',
      'da',
      'ta',
      'retry: ',
      'retry:1',
      'retry: 12',
      ':',
      '\n',
      '\r',
      '\r\n',
      ' ',
      'x',
      '{}',
      '\uFEFF',
      '\u0000',
      'é',
      '😀',
    ),
    maxLength: 60,
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), sseish), (text) => {
        const events = parseSse(text);
        for (const e of events) expect(typeof e.data).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with a direct reading of the WHATWG algorithm', () => {
    fc.assert(
      fc.property(fc.oneof(sseish, fc.string({ unit: 'binary', maxLength: 40 })), (text) => {
        expect(parseSse(text)).toEqual(reference(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('is invariant under chunking', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(sseish, fc.string({ unit: 'binary', maxLength: 40 }))
          .chain((text) =>
            fc.tuple(fc.constant(text), fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 8 })),
          ),
        ([text, cuts]) => {
          expect(chunked(text, cuts)).toEqual({ events: parseSse(text), truncated: false });
        },
      ),
      { numRuns: 3000 },
    );
  });
});
