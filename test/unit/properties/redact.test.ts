/**
 * Redaction: whatever text a server wraps around the user's token (reflected in a header, a
 * body, a URL, or cut by the size cap in the middle), the token does not survive.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { REDACTED } from '../../../src/evidence/primitives.js';
import { createRedactor } from '../../../src/probe/http/redact.js';
import { hostileText } from './arbitraries.js';

/** Realistic opaque tokens and JWT-ish strings. */
const token = fc.stringMatching(/^[A-Za-z0-9_-]{8,48}(\.[A-Za-z0-9_-]{4,24}){0,2}$/);

describe('redaction properties', () => {
  it('text(): the token, the header value and their URL-encoded forms never survive', () => {
    fc.assert(
      fc.property(token, hostileText, hostileText, fc.nat(3), (t, before, after, form) => {
        const r = createRedactor({ headers: { authorization: `Bearer ${t}` } });
        const variants = [t, `Bearer ${t}`, encodeURIComponent(`Bearer ${t}`), encodeURIComponent(t)];
        const out = r.text(`${before}${variants[form]!}${after}${t}`);
        expect(out.includes(t)).toBe(false);
        expect(out.includes(REDACTED)).toBe(true);
        expect(r.text(out)).toBe(out);
      }),
      { numRuns: 300 },
    );
  });

  it('truncatedText(): a token cut by the size cap leaves no tail of 4 or more of its characters', () => {
    fc.assert(
      fc.property(token, hostileText, fc.integer({ min: 4, max: 200 }), (t, before, cut) => {
        fc.pre(cut < t.length);
        const r = createRedactor({ headers: { authorization: `Bearer ${t}` } });
        const out = r.truncatedText(`${before}${t.slice(0, cut)}`);
        for (let n = 4; n < t.length; n++) expect(out.endsWith(t.slice(0, n)), `kept ${n} chars`).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('header(): credential headers keep at most the scheme word', () => {
    fc.assert(
      fc.property(
        token,
        fc.constantFrom('authorization', 'Proxy-Authorization', 'x-api-key', 'cookie'),
        (t, name) => {
          const r = createRedactor({ headers: { authorization: `Bearer ${t}` } });
          expect(r.header(name, `Bearer ${t}`).includes(t)).toBe(false);
          expect(r.header('x-echo', `token=${t}`).includes(t)).toBe(false);
        },
      ),
    );
  });
});
