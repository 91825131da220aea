/** One request, one era: the decision every check reads (src/evidence/derive/exchange-era.ts). */
import { describe, expect, it } from 'vitest';

import { modernRequestEra } from '../../src/evidence/derive/exchange-era.js';
import type { RpcReply } from '../../src/evidence/types.js';

const reply = (response: Record<string, unknown>): RpcReply => ({
  exchange: 'x1',
  messages: [],
  response: { kind: 'response', id: 1, ...response },
  issues: [],
});
const LEGACY_ERROR = reply({ error: { code: -32600, message: 'Bad Request' } });
const DISCOVER = reply({ result: { supportedVersions: ['2026-07-28'] } });
const ALL = ['2025-03-26', '2025-11-25', '2026-07-28'] as const;

describe('modernRequestEra', () => {
  it('a request with MCP-Protocol-Version is modern whatever the answer', () => {
    expect(modernRequestEra(true, LEGACY_ERROR, ALL).era).toBe('modern');
  });
  it('without the header, a modern result makes it modern', () => {
    expect(modernRequestEra(false, DISCOVER, ALL).era).toBe('modern');
    expect(modernRequestEra(false, reply({ result: { resultType: 'complete' } }), ALL).era).toBe('modern');
  });
  it('without the header, a 2025-03-26 server answering otherwise handled it as legacy', () => {
    const d = modernRequestEra(false, LEGACY_ERROR, ALL);
    expect(d.era).toBe('legacy');
    expect(d.why).toContain('2025-03-26');
    expect(modernRequestEra(false, null, ALL).era).toBe('legacy');
  });
  it('without the header, a server without 2025-03-26 had no legacy option: modern', () => {
    expect(modernRequestEra(false, LEGACY_ERROR, ['2025-11-25', '2026-07-28']).era).toBe('modern');
  });
});
