import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { escapeHtml } from '../../src/escape/html.js';
import { escapeTerminal } from '../../src/escape/terminal.js';
import { parseHttpUrl } from '../../src/targets/target.js';

const DECODE: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const FRAGMENTS = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '</script>',
  '<img src=x onerror=alert(1)>',
  '&amp;',
  '\u202e',
  '\u0000',
  '\n',
];
const hostile = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc
    .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 3 })), { maxLength: 20 })
    .map((a) => a.join('')),
);

describe('escapeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror="a()">', '&lt;img src=x onerror=&quot;a()&quot;&gt;'],
    ["' onmouseover='x", '&#39; onmouseover=&#39;x'],
    ['&amp;', '&amp;amp;'],
    ['\u202eevil\u200b', '\\u{202e}evil\\u{200b}'],
    ['keeps\nnewlines\tand tabs', 'keeps\nnewlines\tand tabs'],
    ['\u001b[31mred', '\\u{1b}[31mred'],
  ])('%j → %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it('leaves no markup or attribute delimiter and loses nothing', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const out = escapeHtml(input);
        expect(out).not.toMatch(/[<>"']/);
        expect(out).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
        expect(out.replace(/&(amp|lt|gt|quot|#39);/g, (m) => DECODE[m]!)).toBe(escapeTerminal(input));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseHttpUrl: which strings a report prints as a link', () => {
  it.each([
    ['https://www.rfc-editor.org/rfc/rfc9728#section-3', 'https://www.rfc-editor.org/rfc/rfc9728#section-3'],
    ['http://example.com', 'http://example.com/'],
    ['javascript:alert(1)', null],
    [' JaVaScRiPt:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//evil.example/x', null],
    ['docs/checks/MCPP-TRN01.md', null],
    ['not a url', null],
  ])('%j → %j', (input, expected) => {
    expect(parseHttpUrl(input)?.href ?? null).toBe(expected);
  });
});
