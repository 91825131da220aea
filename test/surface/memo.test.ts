/** The judge's bounded memo of pure functions of a string (src/surface/memo.ts). */
import { describe, expect, it } from 'vitest';

import { memoText } from '../../src/surface/memo.js';

describe('memoText', () => {
  it('answers as the function does, and reads a text asked again from the memo', () => {
    const calls: string[] = [];
    const f = memoText((t: string) => (calls.push(t), t.length > 3 ? null : t.length));
    for (let round = 0; round < 3; round++)
      for (const t of ['ab', 'abcd', '', 'ab'])
        expect(f(t), `on "${t}"`).toBe(t.length > 3 ? null : t.length);
    expect(calls).toEqual(['ab', 'abcd', '']);
  });

  it('keeps at most two generations: a text asked long ago is read again', () => {
    const calls: string[] = [];
    const f = memoText((t: string) => (calls.push(t), t.toUpperCase()), 2);
    for (const t of ['a', 'b', 'c', 'd', 'e', 'a']) expect(f(t)).toBe(t.toUpperCase());
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'e', 'a']);
    // Bounded by characters too: one long text fills a generation.
    const g = memoText((t: string) => (calls.push(t), t.length), 100, 10);
    calls.length = 0;
    const asked = ['x'.repeat(20), 'y', 'w'.repeat(20), 'v', 'x'.repeat(20)];
    for (const t of asked) expect(g(t)).toBe(t.length);
    expect(calls).toEqual(asked);
  });

  it('forgets everything when cleared', () => {
    const calls: string[] = [];
    const f = memoText((t: string) => (calls.push(t), t.length));
    f('a');
    f('b');
    f.clear();
    f('a');
    expect(calls).toEqual(['a', 'b', 'a']);
  });
});
