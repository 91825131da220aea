/**
 * The prefilter (src/surface/prefilter.ts) answers as the pattern does on real text: every pattern the
 * judge gates, against an ungated copy, on every string of the train and dev corpus cases (lower-cased
 * and NFKC-normalised as the rules read them, whole and sentence by sentence). A literal the reader got
 * wrong would skip a pattern that matches, and a finding would be lost without a trace.
 */
import { describe, expect, it } from 'vitest';

import '../../src/checks/index.js';
import { gatedPatterns } from '../../src/surface/prefilter.js';
import { loadCorpus } from './dev-corpus.js';

function strings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
}

/** Each string as the rules see it, whole and cut at sentence ends. */
function texts(): string[] {
  const raw: string[] = [];
  for (const c of loadCorpus()) if (c.split !== 'test') strings(c.surface, raw);
  const seen = new Set<string>();
  for (const s of raw) {
    const t = s.normalize('NFKC').toLowerCase();
    seen.add(t);
    for (const part of t.split(/(?<=[.;!?。！？])\s*/)) if (part.length > 2) seen.add(part);
  }
  return [...seen];
}

describe('the prefilter on the corpus', () => {
  it('every gated pattern answers as an ungated copy on every train and dev string', () => {
    const gated = gatedPatterns();
    expect(gated.length, 'patterns gated once the checks are loaded').toBeGreaterThan(100);
    const plain = gated.map((re) => new RegExp(re.source, re.flags));
    const all = texts();
    expect(all.length).toBeGreaterThan(5_000);
    const differ: string[] = [];
    let matched = 0;
    for (const t of all)
      for (const [k, re] of gated.entries()) {
        const want = plain[k]!.test(t);
        if (want) matched++;
        if (re.test(t) !== want && differ.length < 10)
          differ.push(`${re} on ${JSON.stringify(t.slice(0, 120))}`);
      }
    expect(differ).toEqual([]);
    // The comparison means something only if the patterns match often.
    expect(matched).toBeGreaterThan(5_000);
  }, 120_000);
});
