import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { escapeMarkdown, escapeMarkdownCell } from '../../src/escape/markdown.js';
import { escapeTerminalLine } from '../../src/escape/terminal.js';
import { unescapeMarkdown } from '../helpers/markdown.js';

const PUNCT = /[!-/:-@[-`{-~]/;

/** Null when every ASCII punctuation character is backslash-escaped and nothing breaks the line. */
function firstUnescaped(out: string): string | null {
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    if (c === '\n' || c === '\r') return `newline at ${i}`;
    if (c === '\\') {
      // An escape must escape something, or it would swallow the caller's next character.
      if (!PUNCT.test(out[i + 1] ?? '')) return `dangling backslash at ${i}`;
      i++;
    } else if (PUNCT.test(c)) return `unescaped ${c} at ${i}`;
  }
  return null;
}

/** What the reader should see: the terminal-visible text with GitHub references defused. */
function visible(input: string): string {
  return escapeTerminalLine(input).replace(/@/g, '\uff20').replace(/#/g, '\uff03');
}

const FRAGMENTS = [
  '[',
  ']',
  '(',
  ')',
  '](',
  '![',
  '<',
  '>',
  '!',
  '|',
  '`',
  '``',
  '\\',
  '\n',
  '\r\n',
  '*',
  '_',
  '~',
  '&amp;',
  '&#60;',
  'http://',
  'https://',
  'HTTPS://',
  'javascript:',
  'www.',
  '@user',
  'o/r#1',
  '<!--',
  '-->',
  '$x$',
  ':smile:',
  '\u202e',
  '\u200b',
  '\u001b[31m',
  '\u0000',
];

const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc
    .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 3 })), { maxLength: 20 })
    .map((a) => a.join('')),
);

describe('escapeMarkdown', () => {
  it('is checked by a checker that does catch unescaped text', () => {
    expect(firstUnescaped('[x](y)')).toMatch(/unescaped \[/);
    expect(firstUnescaped('ends\\')).toMatch(/dangling/);
    expect(firstUnescaped('a\nb')).toMatch(/newline/);
    expect(firstUnescaped('\\[ok\\]')).toBeNull();
  });

  it.each([
    ['plain words', 'plain words'],
    ['<script>alert(1)</script>', '\\<script\\>alert\\(1\\)\\<\\/script\\>'],
    ['<img src=x onerror=alert(1)>', '\\<img src\\=x onerror\\=alert\\(1\\)\\>'],
    ['[click](javascript:alert(1))', '\\[click\\]\\(javascript\\:alert\\(1\\)\\)'],
    ['![i](http://evil.example/x.png)', '\\!\\[i\\]\\(http\\:\\/\\/evil\\.example\\/x\\.png\\)'],
    ['https://evil.example', 'https\\:\\/\\/evil\\.example'],
    ['www.evil.example', 'www\\.evil\\.example'],
    ['a | b', 'a \\| b'],
    ['line1\nline2\ttab', 'line1\\\\nline2\\\\ttab'],
    ['`code`', '\\`code\\`'],
    ['back\\slash', 'back\\\\slash'],
    ['**bold** _it_ ~~s~~', '\\*\\*bold\\*\\* \\_it\\_ \\~\\~s\\~\\~'],
    ['# heading', '\uff03 heading'],
    ['@octocat owner/repo#12', '\uff20octocat owner\\/repo\uff0312'],
    ['&lt;b&gt;', '\\&lt\\;b\\&gt\\;'],
    ['\u202eevil\u200b', '\\\\u\\{202e\\}evil\\\\u\\{200b\\}'],
    ['\u001b[31mred', '\\\\u\\{1b\\}\\[31mred'],
  ])('%j → %j', (input, expected) => {
    expect(escapeMarkdown(input)).toBe(expected);
  });

  it('leaves no unescaped metacharacter, newline, dangling backslash or autolink, and loses nothing', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const out = escapeMarkdown(input);
        expect(firstUnescaped(out)).toBeNull();
        expect(out).not.toMatch(/https?:\/\/|javascript:|www\.(?!\\)/i);
        expect(out).not.toContain('@');
        expect(unescapeMarkdown(out)).toBe(visible(input));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('escapeMarkdownCell', () => {
  it('cuts by code point before escaping, so an escape or a surrogate pair is never split', () => {
    expect(escapeMarkdownCell('😀'.repeat(10), 3)).toBe('😀😀😀…');
    expect(escapeMarkdownCell('((((', 2)).toBe('\\(\\(…');
    expect(escapeMarkdownCell('short', 300)).toBe('short');
  });

  it('is as safe as escapeMarkdown at any length', () => {
    fc.assert(
      fc.property(hostile, fc.nat(40), (input, max) => {
        expect(firstUnescaped(escapeMarkdownCell(input, max))).toBeNull();
      }),
    );
  });
});
