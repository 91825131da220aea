import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AuthChallenge } from '../../../src/evidence/auth-types.js';
import { parseWwwAuthenticate } from '../../../src/evidence/parse/www-authenticate.js';

type Expected = { scheme: string; token68?: string; params?: Record<string, string>; duplicates?: string[] };

function normalize(c: AuthChallenge): Expected {
  return {
    scheme: c.scheme,
    ...(c.token68 !== null ? { token68: c.token68 } : {}),
    ...(Object.keys(c.params).length ? { params: { ...c.params } } : {}),
    ...(c.duplicateParams.length ? { duplicates: [...c.duplicateParams] } : {}),
  };
}

function parsed(values: string[]): Expected[] | string {
  const r = parseWwwAuthenticate(values);
  return 'error' in r ? r.error : r.challenges.map(normalize);
}

describe('parseWwwAuthenticate: valid fields', () => {
  const valid: [string, string[], Expected[]][] = [
    [
      'SDK 1.x requireBearerAuth challenge',
      [
        'Bearer error="invalid_token", error_description="Missing Authorization header", resource_metadata="http://127.0.0.1:3204/.well-known/oauth-protected-resource/mcp"',
      ],
      [
        {
          scheme: 'bearer',
          params: {
            error: 'invalid_token',
            error_description: 'Missing Authorization header',
            resource_metadata: 'http://127.0.0.1:3204/.well-known/oauth-protected-resource/mcp',
          },
        },
      ],
    ],
    [
      'two challenges in one field',
      ['Bearer realm="x", Basic realm="y"'],
      [
        { scheme: 'bearer', params: { realm: 'x' } },
        { scheme: 'basic', params: { realm: 'y' } },
      ],
    ],
    [
      'RFC 9110 §11.6.1 example',
      ['Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple"'],
      [
        { scheme: 'newauth', params: { realm: 'apps', type: '1', title: 'Login to "apps"' } },
        { scheme: 'basic', params: { realm: 'simple' } },
      ],
    ],
    ['token68', ['Negotiate abc=='], [{ scheme: 'negotiate', token68: 'abc==' }]],
    ['token68 with / and +', ['Negotiate a+b/c-d._~'], [{ scheme: 'negotiate', token68: 'a+b/c-d._~' }]],
    [
      'token68 then another challenge',
      ['Negotiate abc==, Bearer scope="mcp"'],
      [
        { scheme: 'negotiate', token68: 'abc==' },
        { scheme: 'bearer', params: { scope: 'mcp' } },
      ],
    ],
    [
      'a bare token after the scheme is a token68',
      ['Bearer realm'],
      [{ scheme: 'bearer', token68: 'realm' }],
    ],
    ['so is a name with "=" and no value', ['Basic realm='], [{ scheme: 'basic', token68: 'realm=' }]],
    ['scheme only', ['Bearer'], [{ scheme: 'bearer' }]],
    [
      'schemes only',
      ['Bearer, DPoP , Basic'],
      [{ scheme: 'bearer' }, { scheme: 'dpop' }, { scheme: 'basic' }],
    ],
    [
      'several field lines',
      ['Bearer resource_metadata="https://x/.well-known/oauth-protected-resource"', 'DPoP algs="ES256"'],
      [
        { scheme: 'bearer', params: { resource_metadata: 'https://x/.well-known/oauth-protected-resource' } },
        { scheme: 'dpop', params: { algs: 'ES256' } },
      ],
    ],
    [
      'OWS around "=" and commas',
      ['Bearer  realm = "x" ,\tscope\t=\tmcp ,error="e"'],
      [{ scheme: 'bearer', params: { realm: 'x', scope: 'mcp', error: 'e' } }],
    ],
    [
      'commas and escapes inside quoted strings',
      ['Bearer a="x, y=z", b="q\\\\\\"", c=""'],
      [{ scheme: 'bearer', params: { a: 'x, y=z', b: 'q\\"', c: '' } }],
    ],
    [
      'empty list elements',
      [', , Bearer a=b, , ,c=d,, Basic ,'],
      [{ scheme: 'bearer', params: { a: 'b', c: 'd' } }, { scheme: 'basic' }],
    ],
    [
      'case-insensitive names, first value wins, duplicates recorded',
      ['BEARER Realm=x, REALM=y, Scope=a, scope=b, realm=z'],
      [{ scheme: 'bearer', params: { realm: 'x', scope: 'a' }, duplicates: ['realm', 'scope'] }],
    ],
    ['empty field', [''], []],
    ['no fields', [], []],
    [
      'obs-text in a quoted string',
      ['Bearer realm="caf\u00e9"'],
      [{ scheme: 'bearer', params: { realm: 'caf\u00e9' } }],
    ],
    [
      'prototype-named parameters',
      ['Bearer __proto__=x, constructor=y'],
      // JSON.parse: an object literal would set the prototype instead.
      [
        {
          scheme: 'bearer',
          params: JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string>,
        },
      ],
    ],
  ];
  it.each(valid)('%s', (_name, values, expected) => {
    expect(parsed(values)).toEqual(expected);
  });

  it('keeps prototype-named parameters as own data', () => {
    const r = parseWwwAuthenticate(['Bearer __proto__=x']);
    expect('challenges' in r && Object.keys(r.challenges[0]!.params)).toEqual(['__proto__']);
  });
});

describe('parseWwwAuthenticate: malformed fields', () => {
  const invalid: [string, string[]][] = [
    ['no SP after the scheme', ['Bearer\trealm="x"']],
    ['parameter without a value', ['Bearer a=b, realm=']],
    ['parameter without a value before a comma', ['Bearer a=b, realm=, c=d']],
    ['unterminated quoted string', ['Bearer realm="x']],
    ['dangling escape', ['Bearer realm="x\\']],
    ['missing comma between params', ['Bearer a=b c=d']],
    ['auth-params after a token68', ['Negotiate abc==, realm="x"']],
    ['scheme followed by "="', ['Bearer=x']],
    ['control character', ['Bearer realm="a\u0001b"']],
    ['non-latin1 character', ['Bearer realm="\u0100"']],
    ['not a token', ['"Bearer"']],
    ['space inside a token value', ['Bearer realm=a b']],
    ['a parameter name missing', ['Bearer =x']],
    ['one bad field among good ones', ['Bearer realm="x"', 'Basic realm="y" x']],
    ['garbage after a token68', ['Negotiate abc== def']],
    ['semicolon separators', ['Bearer a=b; c=d']],
  ];
  it.each(invalid)('%s', (_name, values) => {
    const r = parseWwwAuthenticate(values);
    expect('error' in r).toBe(true);
  });

  it('names the field and offset of the error', () => {
    const r = parseWwwAuthenticate(['Bearer realm="x"', 'Basic a=b, realm=']);
    expect(r).toEqual({ error: 'field 2: expected a token or quoted-string value at offset 17' });
  });
});

// Time is measured by `npm run bench parsers` (growth ratios), not asserted here.
describe('parseWwwAuthenticate: hostile input still gets the right answer', () => {
  // [name, header, error text or number of challenges]
  const hostile: [string, string, string | number][] = [
    ['a=, repeated', 'a=,'.repeat(34_000), 'expected SP after the auth-scheme at offset 1'],
    [
      'Bearer then a=, repeated',
      `Bearer ${'a=,'.repeat(34_000)}`,
      'expected SP after the auth-scheme at offset 11',
    ],
    ['Bearer then a=b, repeated', `Bearer ${'a=b,'.repeat(25_000)}`, 1],
    [
      'repeated escaped quotes, unterminated',
      `Bearer a="${'\\"'.repeat(50_000)}`,
      'unterminated quoted-string at offset 100010',
    ],
    ['repeated quotes', `Bearer a=${'"'.repeat(100_000)}`, 'expected "," after an auth-param at offset 11'],
    [
      'long token68 padding then garbage',
      `Negotiate a${'='.repeat(100_000)}x`,
      'expected a token or quoted-string value at offset 12',
    ],
    ['many empty elements', `${', '.repeat(50_000)}Bearer`, 1],
    ['many schemes', 'Bearer, '.repeat(12_500), 12_500],
    ['long token followed by space', `Bearer ${'a'.repeat(100_000)} `, 1],
    ['alternating OWS and commas', `Bearer a=b${' ,'.repeat(50_000)}`, 1],
  ];
  it.each(hostile)('%s', (_name, value, expected) => {
    const r = parseWwwAuthenticate([value]);
    if (typeof expected === 'number') expect('challenges' in r ? r.challenges.length : r).toBe(expected);
    else expect(r).toEqual({ error: expected });
  });
});

describe('parseWwwAuthenticate properties', () => {
  const tchars = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".split('');
  const t68chars = '-._~+/0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
  const token = fc.string({ unit: fc.constantFrom(...tchars), minLength: 1, maxLength: 10 });
  const token68 = fc
    .tuple(fc.string({ unit: fc.constantFrom(...t68chars), minLength: 1, maxLength: 20 }), fc.nat(2))
    .map(([body, pad]) => body + '='.repeat(pad));
  const valueChar = fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)),
    fc.constant('\t'),
  );
  const value = fc.string({ unit: valueChar, maxLength: 16 });
  const ows = fc.constantFrom('', ' ', '\t', '  ');
  const param = fc.record({ name: token, value, forceQuote: fc.boolean(), before: ows, after: ows });
  const challenge = fc.record({
    scheme: token,
    content: fc.oneof(
      fc.constant(null),
      token68.map((t) => ({ token68: t })),
      fc.array(param, { minLength: 1, maxLength: 5 }).map((params) => ({ params })),
    ),
  });
  const separator = fc.constantFrom(',', ', ', ' , ', ',\t', ', ,', ',,');

  function quote(v: string): string {
    return `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  }

  it('round-trips rendered challenges', () => {
    fc.assert(
      fc.property(fc.array(challenge, { maxLength: 4 }), separator, (challenges, sep) => {
        const expected: Expected[] = [];
        const rendered = challenges.map(({ scheme, content }) => {
          if (content === null) {
            expected.push({ scheme: scheme.toLowerCase() });
            return scheme;
          }
          if ('token68' in content) {
            expected.push({ scheme: scheme.toLowerCase(), token68: content.token68 });
            return `${scheme} ${content.token68}`;
          }
          // A null-prototype object, as the parser builds: a generated name may be "__proto__".
          const params = Object.create(null) as Record<string, string>;
          const duplicates: string[] = [];
          const parts = content.params.map(({ name, value: v, forceQuote, before, after }) => {
            const key = name.toLowerCase();
            if (Object.hasOwn(params, key)) {
              if (!duplicates.includes(key)) duplicates.push(key);
            } else params[key] = v;
            const isToken = v !== '' && [...v].every((c) => tchars.includes(c));
            return `${name}${before}=${after}${isToken && !forceQuote ? v : quote(v)}`;
          });
          expected.push({
            scheme: scheme.toLowerCase(),
            params,
            ...(duplicates.length ? { duplicates } : {}),
          });
          return `${scheme} ${parts.join(sep)}`;
        });
        expect(parsed([rendered.join(sep)])).toEqual(expected);
        // The same challenges one per field line parse the same.
        expect(parsed(rendered)).toEqual(expected);
      }),
    );
  });

  it('never throws, on any string', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 64 }), { maxLength: 3 }), (values) => {
        const r = parseWwwAuthenticate(values);
        expect('error' in r || Array.isArray(r.challenges)).toBe(true);
      }),
    );
  });

  it('never throws on strings built from the grammar punctuation', () => {
    const unit = fc.constantFrom('a', 'B', '=', ',', ' ', '\t', '"', '\\', '/', '+', '\u00e9', '\u0001');
    fc.assert(
      fc.property(fc.array(fc.string({ unit, maxLength: 40 }), { maxLength: 3 }), (values) => {
        const r = parseWwwAuthenticate(values);
        expect('error' in r || Array.isArray(r.challenges)).toBe(true);
      }),
    );
  });

  it('answers random adversarial strings at full size', () => {
    const unit = fc.constantFrom('a', '=', ',', ' ', '"', '\\', 'Bearer ', 'a=', '"\\"');
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 8 }), (pattern) => {
        const motif = pattern.join('');
        const big = `Bearer ${motif.repeat(Math.ceil(100_000 / motif.length))}`;
        const r = parseWwwAuthenticate([big]);
        expect('error' in r || Array.isArray(r.challenges)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
