/** Invisible characters that hide words (./concepts/word-hiding.ts): high on their item, honest neighbours below high. */
import { describe, expect, it } from 'vitest';

import { zeroWidthBits } from '../../src/surface/word-hiding.js';
import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/word-hiding.js';

describe('word hiding concept', () => conceptTests(POISONED, HONEST));

describe('zeroWidthBits', () => {
  const spell = (s: string, zero: string, one: string) =>
    [...Buffer.from(s)]
      .map((b) => [...b.toString(2).padStart(8, '0')].map((d) => (d === '1' ? one : zero)).join(''))
      .join('');
  it('reads text either way round', () => {
    expect(zeroWidthBits(spell('hello there', '\u200b', '\u200c'))).toBe('hello there');
    expect(zeroWidthBits(spell('hello there', '\u200c', '\u200b'))).toBe('hello there');
  });
  it('reads nothing in short runs, one kind only, or bits that are not text', () => {
    expect(zeroWidthBits(spell('hi', '\u200b', '\u200c'))).toBeNull();
    expect(zeroWidthBits('\u200b'.repeat(96))).toBeNull();
    expect(zeroWidthBits('\u200b\u200c'.repeat(48))).toBeNull();
  });
});
