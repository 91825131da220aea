/**
 * The output escapers, for arbitrary server text: the result holds none of the characters a
 * terminal, editor or browser acts on (the DANGEROUS set the hostile corpus checks every
 * report against), is deterministic, and keeps what each format promises (JSON keeps the
 * value, HTML and XML keep no markup, SARIF keeps no link syntax).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { escapeTerminal, escapeTerminalLine } from '../../src/escape/terminal.js';
import { escapeHtml } from '../../src/escape/html.js';
import { escapeMarkdown } from '../../src/escape/markdown.js';
import { escapeJsonText } from '../../src/escape/json.js';
import { escapeXml, xmlText } from '../../src/escape/xml.js';
import { escapeSarifText } from '../../src/escape/sarif.js';
import { DANGEROUS } from '../helpers/hostile-checks.js';
import { hostileText } from '../unit/properties/arbitraries.js';

const LINE_BREAKS = /[\r\n\t]/;

/** Each escaper, applied twice to the same input, gives the same output; and none leaves a dangerous character. */
const ESCAPERS: readonly [string, (s: string) => string][] = [
  ['escapeTerminal', escapeTerminal],
  ['escapeTerminalLine', escapeTerminalLine],
  ['escapeHtml', escapeHtml],
  ['escapeMarkdown', escapeMarkdown],
  ['sarif message text', escapeSarifText],
  ['junit element text', xmlText],
];

describe('output escapers on hostile text', () => {
  for (const [name, escape] of ESCAPERS) {
    it(`${name}: no dangerous character survives, and the result is deterministic`, () => {
      fc.assert(
        fc.property(hostileText, (input) => {
          const out = escape(input);
          expect(DANGEROUS.test(out), JSON.stringify(out)).toBe(false);
          expect(escape(input)).toBe(out);
        }),
        { numRuns: 400 },
      );
    });
  }

  it('escapeTerminal is idempotent: its output is already inert', () => {
    fc.assert(
      fc.property(hostileText, (input) => {
        const once = escapeTerminal(input);
        expect(escapeTerminal(once)).toBe(once);
      }),
    );
  });

  it('the single-line escapers leave no line break or tab', () => {
    fc.assert(
      fc.property(hostileText, (input) => {
        expect(LINE_BREAKS.test(escapeTerminalLine(input))).toBe(false);
        expect(LINE_BREAKS.test(escapeMarkdown(input))).toBe(false);
      }),
    );
  });

  it('escapeHtml leaves no markup character; escapeXml leaves none either', () => {
    fc.assert(
      fc.property(hostileText, (input) => {
        expect(/[<>"']/.test(escapeHtml(input))).toBe(false);
        const xml = escapeXml(escapeTerminal(input));
        expect(/[<>"']/.test(xml)).toBe(false);
        // Every & starts one of the five entities.
        expect(/&(?!(?:amp|lt|gt|quot|apos);)/.test(xml)).toBe(false);
      }),
    );
  });

  it('escapeSarifText leaves no unescaped bracket (no embedded link)', () => {
    fc.assert(
      fc.property(hostileText, (input) => {
        const out = escapeSarifText(input);
        // Remove escaped pairs; what is left may hold no bracket.
        expect(/[[\]]/.test(out.replace(/\\[\\[\]]/g, ''))).toBe(false);
      }),
    );
  });

  it('escapeJsonText keeps the JSON value and leaves no dangerous character', () => {
    const value = fc.oneof(
      hostileText,
      fc.array(hostileText, { maxLength: 4 }),
      fc.dictionary(hostileText, hostileText, { maxKeys: 4 }),
    );
    fc.assert(
      fc.property(value, (v) => {
        const json = escapeJsonText(JSON.stringify(v, null, 2));
        expect(DANGEROUS.test(json), json).toBe(false);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 400 },
    );
  });
});
