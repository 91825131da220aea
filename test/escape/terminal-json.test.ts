import { describe, expect, it } from 'vitest';

import { escapeTerminal, escapeTerminalLine } from '../../src/escape/terminal.js';
import { escapeJsonText } from '../../src/escape/json.js';

describe('terminal escaping', () => {
  it('makes control, bidi and zero-width characters visible', () => {
    expect(escapeTerminal('a\u001b[31mb\u202ec\u200bd\u009b')).toBe(
      'a\\u{1b}[31mb\\u{202e}c\\u{200b}d\\u{9b}',
    );
  });
  it('keeps line breaks readable on one line', () => {
    expect(escapeTerminalLine('a\r\nb\tc')).toBe('a\\r\\nb\\tc');
  });
  it('leaves ordinary text alone', () => {
    expect(escapeTerminalLine('Ünïcödé — text 日本')).toBe('Ünïcödé — text 日本');
  });
});

describe('JSON text escaping', () => {
  it('escapes DEL, C1, bidi and zero-width characters and keeps the JSON value', () => {
    const value = { s: 'x\u007f\u009b\u202e\u200b\ufeffy' };
    const out = escapeJsonText(JSON.stringify(value));
    expect(out).toBe('{"s":"x\\u007f\\u009b\\u202e\\u200b\\ufeffy"}');
    expect(JSON.parse(out)).toEqual(value);
  });
});
