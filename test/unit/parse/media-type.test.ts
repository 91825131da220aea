import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonEssence, isMediaType, parseMediaType } from '../../../src/evidence/parse/media-type.js';

describe('parseMediaType', () => {
  const valid: [string, string, Record<string, string>][] = [
    ['application/json', 'application/json', {}],
    ['application/json; charset=utf-8', 'application/json', { charset: 'utf-8' }],
    ['Application/JSON', 'application/json', {}],
    ['text/event-stream;charset=UTF-8', 'text/event-stream', { charset: 'UTF-8' }],
    ['text/plain; CHARSET="us-ascii"', 'text/plain', { charset: 'us-ascii' }],
    ['text/plain; a="x\\"y\\\\z"', 'text/plain', { a: 'x"y\\z' }],
    ['text/plain; a="semi;colon, comma"', 'text/plain', { a: 'semi;colon, comma' }],
    ['text/plain; a=""', 'text/plain', { a: '' }],
    ['text/plain;a=1;b=2', 'text/plain', { a: '1', b: '2' }],
    ['text/plain ;\ta=1 ; b=2 ', 'text/plain', { a: '1', b: '2' }],
    ['text/plain;', 'text/plain', {}],
    ['text/plain;;a=1', 'text/plain', { a: '1' }],
    ['text/plain; a=1; A=2', 'text/plain', { a: '1' }],
    ['  application/vnd.api+json  ', 'application/vnd.api+json', {}],
    ["x!#$%&'*+-.^_`|~/y", "x!#$%&'*+-.^_`|~/y", {}],
    ['text/plain; a="caf\u00e9"', 'text/plain', { a: 'caf\u00e9' }],
  ];
  it.each(valid)('parses %j', (input, essence, params) => {
    const mt = parseMediaType(input);
    expect(mt?.essence).toBe(essence);
    expect({ ...mt?.params }).toEqual(params);
    expect(`${mt?.type}/${mt?.subtype}`).toBe(essence);
  });

  const invalid: (string | null | undefined)[] = [
    null,
    undefined,
    '',
    '   ',
    'json',
    'application/',
    '/json',
    'application /json',
    'application/ json',
    'application/json charset=utf-8',
    'application/json; charset',
    'application/json; charset =utf-8',
    'application/json; charset= utf-8',
    'application/json; charset=',
    'application/json; charset="utf-8',
    'application/json; charset="a\\',
    'application/json; charset=utf 8',
    'application/json, text/html',
    'application/json; =x',
    'text/plain; a="bad\u0001"',
    'text/plain; a="\u0100"',
    'appl\u00e9cation/json',
    'application/json\u0000',
    'a/b/c',
  ];
  it.each(invalid)('rejects %j', (input) => {
    expect(parseMediaType(input)).toBeNull();
  });

  it('accepts identical repeated field values and rejects disagreeing ones', () => {
    expect(parseMediaType(['application/json', 'application/json'])?.essence).toBe('application/json');
    expect(parseMediaType(['text/plain; charset=UTF-8', 'text/plain;charset=utf-8'])?.essence).toBe(
      'text/plain',
    );
    expect(parseMediaType(['application/json', 'text/html'])).toBeNull();
    expect(parseMediaType(['application/json', 'application/json; charset=utf-8'])).toBeNull();
    expect(parseMediaType(['application/json', 'garbage'])).toBeNull();
    expect(parseMediaType([])).toBeNull();
    expect(parseMediaType(['text/event-stream'])?.essence).toBe('text/event-stream');
  });

  it('is not fooled by prototype-named parameters', () => {
    const mt = parseMediaType('text/plain; __proto__=x; constructor=y');
    expect(mt?.params['__proto__']).toBe('x');
    expect(mt?.params['constructor']).toBe('y');
    expect(Object.keys(mt?.params ?? {})).toEqual(['__proto__', 'constructor']);
  });

  // Scaling is measured by `npm run bench parsers`; here, only the answers.
  it('answers long hostile values', () => {
    const long = `text/plain; a="${'\\'.repeat(200_000)}`;
    expect(parseMediaType(long)).toBeNull();
    expect(parseMediaType(`text/plain${'; a=b'.repeat(50_000)}`)?.params['a']).toBe('b');
  });
});

describe('isMediaType / isJsonEssence', () => {
  it('compares essence case-insensitively', () => {
    expect(isMediaType('Application/JSON; charset=utf-8', 'application/json')).toBe(true);
    expect(isMediaType(['text/event-stream'], 'TEXT/EVENT-STREAM')).toBe(true);
    expect(isMediaType('text/html', 'application/json')).toBe(false);
    expect(isMediaType(undefined, 'application/json')).toBe(false);
  });
  it.each([
    ['application/json', true],
    ['application/vnd.foo+json', true],
    ['application/+json', false],
    ['text/json', false],
    ['application/json-seq', false],
    [null, false],
  ] as const)('isJsonEssence(%j) = %j', (essence, expected) => {
    expect(isJsonEssence(essence)).toBe(expected);
  });
});

describe('parseMediaType properties', () => {
  const tchars = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".split('');
  const token = fc.string({ unit: fc.constantFrom(...tchars), minLength: 1, maxLength: 12 });
  // Any qdtext or escapable character, including obs-text.
  const valueChar = fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)),
    fc.constant('\t'),
  );
  const value = fc.string({ unit: valueChar, maxLength: 16 });
  const ows = fc.constantFrom('', ' ', '\t', '  ');

  function quote(v: string): string {
    return `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  }

  it('round-trips rendered media types', () => {
    fc.assert(
      fc.property(
        token,
        token,
        fc.array(fc.tuple(token, value, fc.boolean(), ows, ows), { maxLength: 5 }),
        (type, subtype, params) => {
          let rendered = `${type}/${subtype}`;
          const expected = new Map<string, string>();
          for (const [name, v, forceQuote, ws1, ws2] of params) {
            const isToken = v !== '' && v.split('').every((c) => tchars.includes(c));
            rendered += `${ws1};${ws2}${name}=${isToken && !forceQuote ? v : quote(v)}`;
            const key = name.toLowerCase();
            if (!expected.has(key)) expected.set(key, v);
          }
          const mt = parseMediaType(rendered);
          expect(mt).not.toBeNull();
          expect(mt?.essence).toBe(`${type}/${subtype}`.toLowerCase());
          expect(new Map(Object.entries(mt?.params ?? {}))).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws and only returns lower-case token essences', () => {
    const alphabet = fc.constantFrom(
      'a',
      'B',
      '/',
      ';',
      '=',
      '"',
      '\\',
      ' ',
      '\t',
      ',',
      '\u00e9',
      '\u0000',
      '+',
    );
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: alphabet })), (s) => {
        const mt = parseMediaType(s);
        if (mt !== null) {
          expect(mt.essence).toBe(mt.essence.toLowerCase());
          expect(mt.essence).toBe(`${mt.type}/${mt.subtype}`);
          expect(mt.essence.split('/')).toHaveLength(2);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseMediaType: values parsed once per process', () => {
  it('returns the frozen result of an earlier parse of the same value', () => {
    const first = parseMediaType('application/json; charset=utf-8');
    expect(parseMediaType('application/json; charset=utf-8')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(parseMediaType('text/plain;;')).toBe(parseMediaType('text/plain;;'));
    expect(parseMediaType('not a media type')).toBeNull();
    expect(parseMediaType('not a media type')).toBeNull();
  });

  it('stays correct past the bound of remembered values, and does not remember long ones', () => {
    for (let i = 0; i < 600; i++) {
      expect(parseMediaType(`application/x-${i}; n=${i}`)).toEqual({
        type: 'application',
        subtype: `x-${i}`,
        essence: `application/x-${i}`,
        params: { n: String(i) },
      });
    }
    const long = `text/plain; a=${'x'.repeat(400)}`;
    expect(parseMediaType(long)?.params['a']).toHaveLength(400);
    expect(parseMediaType(long)).not.toBe(parseMediaType(long));
  });
});
