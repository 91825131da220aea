import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUrl, isLoopbackHostname, sameOrigin } from '../../../src/evidence/parse/url.js';

describe('canonicalUrl', () => {
  it.each([
    ['HTTP://Example.COM', 'http://example.com/'],
    ['https://example.com:443/mcp', 'https://example.com/mcp'],
    ['http://example.com:80', 'http://example.com/'],
    ['http://example.com:8080/a?b=c#frag', 'http://example.com:8080/a?b=c#frag'],
    ['https://EXAMPLE.com/Path/Case', 'https://example.com/Path/Case'],
    ['http://[::1]:3000/mcp', 'http://[::1]:3000/mcp'],
    ['http://127.1/', 'http://127.0.0.1/'],
    ['  https://example.com/x  ', 'https://example.com/x'],
    ['https://user:pw@example.com/', 'https://user:pw@example.com/'],
  ])('%j → %j', (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it.each([
    ['/messages?sessionId=1', 'http://localhost:3000/sse', 'http://localhost:3000/messages?sessionId=1'],
    ['messages', 'https://h.example/a/sse', 'https://h.example/a/messages'],
    ['//other.example/x', 'https://h.example/', 'https://other.example/x'],
    ['#f', 'https://h.example/p', 'https://h.example/p#f'],
  ])('resolves %j against %j', (input, base, expected) => {
    expect(canonicalUrl(input, base)).toBe(expected);
  });

  it.each([
    ['ftp://example.com/'],
    ['javascript:alert(1)'],
    ['data:text/plain,x'],
    ['file:///etc/passwd'],
    ['not a url'],
    ['http://'],
    ['http://exa mple.com/'],
    [''],
  ])('rejects %j', (input) => {
    expect(canonicalUrl(input)).toBeNull();
  });

  it('rejects relative input without a base, and bad bases', () => {
    expect(canonicalUrl('/mcp')).toBeNull();
    expect(canonicalUrl('/mcp', 'not a url')).toBeNull();
    expect(canonicalUrl('/mcp', 'ftp://x.example/')).toBeNull();
  });
});

describe('sameOrigin', () => {
  it.each([
    ['https://a.example/x', 'https://A.EXAMPLE:443/y?z', true],
    ['http://a.example/', 'https://a.example/', false],
    ['http://a.example/', 'http://a.example:8080/', false],
    ['http://a.example/', 'http://b.example/', false],
    ['http://user@a.example/', 'http://a.example/', true],
    ['ftp://a.example/', 'ftp://a.example/', false],
    ['data:,x', 'data:,x', false],
    ['garbage', 'garbage', false],
  ])('%j vs %j → %j', (a, b, expected) => {
    expect(sameOrigin(a, b)).toBe(expected);
  });
});

describe('isLoopbackHostname', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['localhost.', true],
    ['api.localhost', true],
    ['a.b.localhost', true],
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['127.1', true],
    ['0x7f.0.0.1', true],
    ['2130706433', true],
    ['[::1]', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['[::ffff:127.0.0.1]', true],
    ['\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54', true],
    ['localhost.example.com', false],
    ['notlocalhost', false],
    ['128.0.0.1', false],
    ['126.255.255.255', false],
    ['0.0.0.0', false],
    ['10.0.0.1', false],
    ['[::2]', false],
    ['[::ffff:10.0.0.1]', false],
    ['example.com', false],
    ['localhost:8080', false],
    ['evil.example@127.0.0.1', false],
    ['127.0.0.1/evil', false],
    ['127.0.0.1#x', false],
    ['local host', false],
    ['', false],
    ['[::1', false],
    ['[localhost]', false],
  ])('%j → %j', (host, expected) => {
    expect(isLoopbackHostname(host)).toBe(expected);
  });
});

describe('url properties', () => {
  it('canonicalUrl is idempotent and never throws', () => {
    const pieces = fc.string({
      unit: fc.constantFrom(
        'http://',
        'https://',
        'HTTP://',
        'a',
        'B',
        '.',
        '/',
        '..',
        '%2e',
        '%41',
        ':',
        '80',
        '443',
        '@',
        '?',
        '#',
        '[',
        ']',
        '::1',
        '\\',
        ' ',
        '\t',
        'é',
        'xn--',
        '0x7f',
        '127.1',
      ),
      maxLength: 20,
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl({ withFragments: true, withQueryParameters: true }),
          pieces,
          fc.string({ unit: 'binary' }),
        ),
        (input) => {
          const once = canonicalUrl(input);
          if (once !== null) expect(canonicalUrl(once)).toBe(once);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('sameOrigin is symmetric and isLoopbackHostname never throws', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.webUrl(), fc.string({ unit: 'binary' }), (a, b, host) => {
        expect(sameOrigin(a, b)).toBe(sameOrigin(b, a));
        expect(sameOrigin(a, a)).toBe(true);
        expect(typeof isLoopbackHostname(host)).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });
});
