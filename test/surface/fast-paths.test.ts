/**
 * The surface's fast paths skip a per-character walk when a cheap test shows the walk would find
 * nothing. Each must agree with the walk it skips, for every input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { escapeExcerpt } from '../../src/escape/invisible.js';
import { category, HIDDEN_CANDIDATE } from '../../src/surface/hidden.js';
import { skeleton } from '../../src/surface/normalise.js';

describe('surface fast paths', () => {
  it('every code point the hidden-character walk classifies is a candidate of the prefilter', () => {
    const missed: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue; // lone surrogates are not code points of a string
      const ch = String.fromCodePoint(cp);
      if (category(cp, ch) !== null && !HIDDEN_CANDIDATE.test(ch)) missed.push(cp.toString(16));
    }
    expect(missed).toEqual([]);
  });

  it('the printable-ASCII excerpt equals the per-character escape', () => {
    // The walk the fast path replaces, spelled out for ASCII: every printable character is shown.
    const walk = (text: string, max: number) => {
      let out = '';
      for (const ch of text) {
        out += ch;
        if (out.length >= max) return `${out.slice(0, max)}…`;
      }
      return out;
    };
    fc.assert(
      fc.property(fc.stringMatching(/^[\x20-\x7e]{0,300}$/), fc.integer({ min: 1, max: 200 }), (t, max) => {
        expect(escapeExcerpt(t, max)).toBe(walk(t, max));
      }),
    );
    expect(escapeExcerpt('a\u202eb', 20)).toBe('a<U+202E>b');
  });

  it('an ASCII skeleton is the folded text itself, and non-ASCII homoglyphs still fold', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
          maxLength: 200,
        }),
        (t) => {
          expect(skeleton(t)).toBe(
            t
              .normalize('NFKC')
              .toLowerCase()
              .replace(/\p{Cf}/gu, ''),
          );
        },
      ),
    );
    expect(skeleton('pаypal')).toBe('paypal'); // Cyrillic а
  });
});

describe('printableShare', () => {
  it('counts as the per-code-point test does', async () => {
    const { printableShare } = await import('../../src/surface/encoded.js');
    const walk = (s: string) => {
      if (s.length === 0) return 0;
      let ok = 0;
      for (const ch of s) if (/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]/u.test(ch) && ch !== '\ufffd') ok++;
      return ok / [...s].length;
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        expect(printableShare(s)).toBeCloseTo(walk(s), 12);
      }),
    );
    // Lone surrogates and U+FFFD are not printable.
    expect(printableShare('ab\ud800\ufffd')).toBe(0.5);
  });
});

describe('clauses', () => {
  it('splits as the unguarded split patterns do', async () => {
    const { clauses } = await import('../../src/surface/clauses.js');
    const unguarded = (text: string) => {
      const out: string[] = [];
      for (const sentence of text.split(/(?<=[.!?])\s+|\n+|;\s+|\s+[-–]\s+|\s*\|\s*/)) {
        for (const c of sentence.split(
          /,\s+(?:but|and then|then|so|and|or)\s+|\s+(?:but|and then)\s+|:\s+(?=[a-z])/,
        )) {
          const t = c.trim();
          if (t.length > 1) out.push(t);
        }
      }
      return out;
    };
    const word = fc.constantFrom('but', 'and then', 'then', 'so', 'and', 'or', 'call', 'x', 'Tool', 'never');
    const sep = fc.constantFrom(
      ' ',
      ', ',
      ': ',
      '. ',
      '! ',
      '? ',
      '\n',
      '; ',
      ' - ',
      ' – ',
      ' | ',
      '|',
      ',',
      ':',
    );
    const text = fc
      .array(fc.tuple(word, sep), { maxLength: 12 })
      .map((p) => p.map(([w, s]) => w + s).join(''));
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 60 })), (t) => {
        expect(clauses(t)).toEqual(unguarded(t));
      }),
    );
  });
});
