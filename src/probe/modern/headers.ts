/**
 * s.hdr.*: header variants, each wrong in exactly one way. The `Mcp-Name`
 * variants call tools that do not exist (random names), so nothing can run
 * whatever the server does with the header.
 */
import type { ModernHeaderProbes, Probe, HttpReply } from '../../evidence/types.js';
import { encodeSentinel } from '../../evidence/parse/header-sentinel.js';
import { modernMeta } from '../mcp-messages.js';
import type { RpcIds } from '../mcp-messages.js';
import type { ModernContext, ModernRequest } from './send.js';
import { sendModern, settleAll } from './send.js';

export const MISMATCHED_META_VERSION = '2025-11-25';

export interface HeaderProbeResult {
  readonly headers: ModernHeaderProbes;
  readonly toolUnknown: Probe<HttpReply>;
}

/** Takes every id before the first await, so request bodies do not depend on timing. */
export async function probeHeaders(
  ctx: ModernContext,
  ids: RpcIds,
  names: { readonly body: string; readonly header: string },
): Promise<HeaderProbeResult> {
  const discover = (
    probe: string,
    purpose: string,
    headers: ModernRequest['headers'],
    meta?: Record<string, unknown>,
  ) =>
    sendModern(ctx, {
      id: ids.take(),
      method: 'server/discover',
      ...(meta ? { meta } : {}),
      ...(headers ? { headers } : {}),
      probe,
      purpose,
    });
  const call = (probe: string, purpose: string, name: string | null) =>
    sendModern(ctx, {
      id: ids.take(),
      method: 'tools/call',
      params: { name: names.body, arguments: {} },
      headers: { 'mcp-name': name },
      probe,
      purpose,
    });
  const p = {
    versionMismatch: discover(
      's.hdr.version-mismatch',
      `server/discover with MCP-Protocol-Version 2026-07-28 and _meta version ${MISMATCHED_META_VERSION} (expects 400, -32020)`,
      undefined,
      modernMeta(MISMATCHED_META_VERSION),
    ),
    methodMissing: discover(
      's.hdr.method-missing',
      'server/discover without Mcp-Method (expects 400, -32020)',
      {
        'mcp-method': null,
      },
    ),
    methodMismatch: discover(
      's.hdr.method-mismatch',
      'server/discover with Mcp-Method: tools/list (expects 400, -32020)',
      { 'mcp-method': 'tools/list' },
    ),
    methodCase: discover(
      's.hdr.method-case',
      'server/discover with Mcp-Method: Server/Discover (values are case-sensitive; expects 400, -32020)',
      { 'mcp-method': 'Server/Discover' },
    ),
    lowercase: discover(
      's.hdr.lowercase',
      'server/discover with every header name lowercase (expects a result)',
      {},
    ),
    toolUnknown: call(
      's.tool.unknown',
      'tools/call of a random nonexistent tool with correct headers',
      names.body,
    ),
    nameMissing: call(
      's.hdr.name-missing',
      'tools/call of a nonexistent tool without Mcp-Name (expects 400, -32020)',
      null,
    ),
    nameMismatch: call(
      's.hdr.name-mismatch',
      'tools/call of a nonexistent tool with a different Mcp-Name (expects 400, -32020)',
      names.header,
    ),
    nameB64: call(
      's.hdr.name-b64',
      'tools/call of a nonexistent tool with Mcp-Name Base64-encoded (expects the unknown-tool error)',
      encodeSentinel(names.body),
    ),
    ows: call(
      's.hdr.ows',
      'tools/call of a nonexistent tool with spaces around Mcp-Name (expects the unknown-tool error)',
      `  ${names.body}  `,
    ),
  };
  const { toolUnknown, ...headers } = await settleAll(p);
  return { headers, toolUnknown };
}
