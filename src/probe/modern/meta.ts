/** s.meta.*: `server/discover` with a required, an optional, or all of `_meta` left out. */
import type { ModernMetaProbes } from '../../evidence/types.js';
import { modernMeta } from '../mcp-messages.js';
import type { RpcIds } from '../mcp-messages.js';
import type { ModernContext } from './send.js';
import { sendModern, settleAll } from './send.js';

function without(key: string): Record<string, unknown> {
  const meta = modernMeta();
  delete meta[key];
  return meta;
}

export function probeMeta(ctx: ModernContext, ids: RpcIds): Promise<ModernMetaProbes> {
  const discover = (meta: Record<string, unknown> | null, probe: string, purpose: string) =>
    sendModern(ctx, { id: ids.take(), method: 'server/discover', meta, probe, purpose });
  return settleAll({
    // The protocol version stays in _meta, equal to the header, so only the missing field is wrong.
    noCapabilities: discover(
      without('io.modelcontextprotocol/clientCapabilities'),
      's.meta.missing',
      'server/discover without _meta clientCapabilities (expects 400, -32602)',
    ),
    noClientInfo: discover(
      without('io.modelcontextprotocol/clientInfo'),
      's.meta.noclientinfo',
      'server/discover without _meta clientInfo (optional: expects a result)',
    ),
    noMeta: discover(null, 's.meta.none', 'server/discover without _meta (expects 400)'),
  });
}
