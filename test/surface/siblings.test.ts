/** Sibling names found in a clause by lookup (src/surface/siblings.ts). */
import { describe, expect, it } from 'vitest';

import { siblingsNamedIn } from '../../src/surface/siblings.js';

describe('siblingsNamedIn', () => {
  const names = ['send_email', 'fetch_url', 'files.read', 'env', 'My Tool'];

  it('finds whole names, at a sentence end, inside a dotted name, and names with spaces', () => {
    expect(siblingsNamedIn('call fetch_url.', names)).toEqual(['fetch_url']);
    expect(siblingsNamedIn('use files.read first', names)).toEqual(['files.read']);
    expect(siblingsNamedIn('then send_email and fetch_url', names).sort()).toEqual([
      'fetch_url',
      'send_email',
    ]);
    expect(siblingsNamedIn('ask my tool for it', names)).toEqual(['my tool']);
  });

  it('leaves out this item, short names and names inside longer words', () => {
    expect(siblingsNamedIn('call send_email', names, 'SEND_EMAIL')).toEqual([]);
    expect(siblingsNamedIn('read env', names, '', 4)).toEqual([]);
    expect(siblingsNamedIn('resend_emails now', names)).toEqual([]);
  });

  it('indexes a large listing once and answers by lookup', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `tool_${i}`);
    expect(siblingsNamedIn('first call tool_19999, then tool_3', many).sort()).toEqual([
      'tool_19999',
      'tool_3',
    ]);
    expect(siblingsNamedIn('nothing named here', many)).toEqual([]);
  });
});
