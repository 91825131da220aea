/**
 * The modern-wire requests for `--plan` (merged into ../plan.ts). URLs are the
 * endpoint itself; `s.version.bad.modern` predates this file and stays in ../plan.ts.
 */
import { LISTS, MAX_PAGES } from '../inventory.js';
import type { PlanEntry } from '../plan-entry.js';
import { UNKNOWN_METHODS } from './methods.js';
import { LISTEN_WINDOW_MS } from './listen.js';

const modern = 'when the server speaks 2026-07-28';
const designated = 'with --designate-tool, when the server speaks 2026-07-28 and lists the tool';
const e = (
  probe: string,
  tier: PlanEntry['tier'],
  method: string,
  purpose: string,
  when = modern,
): PlanEntry => ({
  probe,
  tier,
  method,
  url: '<endpoint>',
  purpose,
  when,
});

export const MODERN_PLAN: readonly PlanEntry[] = [
  ...LISTS.map((l) =>
    e(
      `p.list.modern(${l.method})`,
      'passive',
      'POST',
      `${l.method} with _meta and standard headers (≤${MAX_PAGES} pages)`,
    ),
  ),
  e(
    'p.list.fresh',
    'passive',
    'POST',
    'the first advertised list method again, to compare with the first listing',
  ),
  e('s.version.none.modern', 'safe', 'POST', 'server/discover without MCP-Protocol-Version'),
  e(
    's.hdr.version-mismatch',
    'safe',
    'POST',
    'server/discover with header version 2026-07-28 and _meta version 2025-11-25',
  ),
  e('s.hdr.method-missing', 'safe', 'POST', 'server/discover without Mcp-Method'),
  e('s.hdr.method-mismatch', 'safe', 'POST', 'server/discover with Mcp-Method: tools/list'),
  e('s.hdr.method-case', 'safe', 'POST', 'server/discover with Mcp-Method: Server/Discover'),
  e('s.hdr.lowercase', 'safe', 'POST', 'server/discover with lowercase header names'),
  e('s.tool.unknown', 'safe', 'POST', 'tools/call of a random nonexistent tool with correct headers'),
  e('s.hdr.name-missing', 'safe', 'POST', 'tools/call of a nonexistent tool without Mcp-Name'),
  e('s.hdr.name-mismatch', 'safe', 'POST', 'tools/call of a nonexistent tool with another Mcp-Name'),
  e('s.hdr.name-b64', 'safe', 'POST', 'tools/call of a nonexistent tool with a Base64-sentinel Mcp-Name'),
  e('s.hdr.ows', 'safe', 'POST', 'tools/call of a nonexistent tool with spaces around Mcp-Name'),
  e('s.meta.missing', 'safe', 'POST', 'server/discover without _meta clientCapabilities'),
  e('s.meta.noclientinfo', 'safe', 'POST', 'server/discover without _meta clientInfo'),
  e('s.meta.none', 'safe', 'POST', 'server/discover without _meta'),
  ...UNKNOWN_METHODS.map((m) =>
    e(
      `s.method.unknown(${m.method})`,
      'safe',
      'POST',
      `${m.method} with modern headers (unknown or removed)`,
    ),
  ),
  e('s.resource.missing', 'safe', 'POST', 'resources/read of a nonexistent mcp-posture-probe: URI'),
  e('s.batch.modern', 'safe', 'POST', 'a JSON array of two modern tools/list requests'),
  e('s.session.modern', 'safe', 'POST', 'server/discover with a random Mcp-Session-Id'),
  e('s.lei', 'safe', 'POST', 'server/discover with Last-Event-ID: 1'),
  e(
    's.get.modern',
    'safe',
    'GET',
    'GET without a session (read ≤2 s)',
    'when the server speaks only 2026-07-28',
  ),
  e(
    's.delete.modern',
    'safe',
    'DELETE',
    'DELETE without a session',
    'when the server speaks only 2026-07-28',
  ),
  e(
    's.listen',
    'safe',
    'POST',
    `subscriptions/listen for the advertised list changes (read ≤${LISTEN_WINDOW_MS / 1000} s, then closed)`,
    'when the server speaks 2026-07-28 and advertises listChanged',
  ),
  // i.tool(name): only the tool the user designated as side-effect-free, with the user's arguments.
  e(
    'i.tool.control',
    'intrusive',
    'POST',
    'tools/call of the designated tool with every standard and Mcp-Param-* header (the control)',
    designated,
  ),
  e(
    'i.tool.param-missing',
    'intrusive',
    'POST',
    'tools/call of the designated tool without the Mcp-Param-* header of its first x-mcp-header parameter',
    `${designated}, for an x-mcp-header parameter with a value`,
  ),
  e(
    'i.tool.param-mismatch',
    'intrusive',
    'POST',
    'tools/call of the designated tool with that Mcp-Param-* header unlike the body value',
    `${designated}, for an x-mcp-header parameter with a value`,
  ),
  e(
    'i.tool.no-capabilities',
    'intrusive',
    'POST',
    'tools/call of the designated tool with _meta clientCapabilities {}',
    designated,
  ),
];
