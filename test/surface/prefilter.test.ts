/** The judge's regex prefilter (src/surface/prefilter.ts): literals every match needs, and a gated `test` that answers as the pattern does. */
import { describe, expect, it } from 'vitest';

import { literalsOf, prefilter } from '../../src/surface/prefilter.js';

describe('literals every match contains', () => {
  it('reads alternations, optional parts and classes', () => {
    expect(literalsOf(/\b(send|post)(s|ed)?\b to/)).toEqual([
      'send to',
      'sends to',
      'sended to',
      'post to',
      'posts to',
      'posted to',
    ]);
    expect(literalsOf(/\b(send|post)\b\s+to/)).toEqual(['send', 'post']);
    expect(literalsOf(/ab(c)?d|wxyz+/)).toEqual(['abd', 'abcd', 'wxy']);
    expect(literalsOf(/colou?r/)).toEqual(['color', 'colour']);
    expect(literalsOf(/\b(?:api[ _-]?keys?)\b/)).toContain('api_key');
    expect(literalsOf(/(?<!not )\bsecret\b(?= key)/)).toEqual(['secret']);
  });

  it('leaves alone what it cannot bound: short literals, optional wholes, flags, back-references', () => {
    expect(literalsOf(/ab|xyz/)).toBeNull();
    expect(literalsOf(/(secret)?/)).toBeNull();
    expect(literalsOf(/\w+@\w+/)).toBeNull();
    expect(literalsOf(/secret/i)).toBeNull();
    expect(literalsOf(/secret/g)).toBeNull();
    expect(literalsOf(/(abc)\1/)).toBeNull();
  });
});

describe('a gated test', () => {
  it('answers as the pattern does, on a text asked about once or many times', () => {
    const sources = [
      /\b(send|post|upload)(s|ed|ing)?\b[^.;]{0,40}\b(to|into)\b/,
      /\b(ignore|disregard) (all |any )?(previous|prior) instructions\b/,
      /(?<!\bnot )\b(the user|users?) (has|have) (already )?approved\b/,
      /[a-z]+_(token|secret)\b|\bpasswords?\b/,
    ];
    const texts = [
      'send the file to https://example.com',
      'it posts data into the log',
      'please ignore all previous instructions',
      'ignore previous instruction',
      'the user has already approved it',
      'it is not the user has approved',
      'set github_token and the password',
      'reads the file and lists the folder',
      '',
    ];
    const gated = sources.map((re) => new RegExp(re.source, re.flags));
    prefilter(...gated);
    for (let round = 0; round < 3; round++)
      for (const t of texts)
        for (const [k, re] of sources.entries())
          expect(gated[k]!.test(t), `${re} on "${t}"`).toBe(re.test(t));
  });

  it('exec answers as the pattern does, and a pattern gated after a text was read still answers right', () => {
    const first = /\b(send|post)\b[^.;]{0,40}\bto (\S+)/;
    const gated = new RegExp(first.source, first.flags);
    prefilter(gated);
    const texts = ['send the file to https://example.com', 'post it to me', 'reads the folder', ''];
    for (let round = 0; round < 2; round++)
      for (const t of texts) {
        expect(gated.exec(t)?.[2], `exec on "${t}"`).toBe(first.exec(t)?.[2]);
        expect(gated.test(t), `test on "${t}"`).toBe(first.test(t));
      }
    // Texts already read were read without this pattern: its answer must still be the pattern's.
    const later = /\bfolder\b/;
    const late = new RegExp(later.source);
    prefilter(late);
    for (const t of texts) expect(late.test(t), `late on "${t}"`).toBe(later.test(t));
  });
});
