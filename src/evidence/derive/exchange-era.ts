/**
 * Which era one request of the 2026-07-28 probes belongs to (docs/model/revisions.md#one-request-one-era),
 * decided once here and read by every check that judges a request by its era (through
 * `modernReplies`, src/checks/mod/replies.ts), so two checks never file the same exchange under
 * different eras.
 *
 * A request sent with modern `_meta` and the `MCP-Protocol-Version` header is a modern request.
 * Without the header it is ambiguous: the 2026-07-28 transport lets a server that supports
 * 2025-03-26 treat a request without the header as a 2025-03-26 request. Its answer decides: a
 * modern result (a DiscoverResult, a `resultType`) makes it modern; otherwise, when 2025-03-26
 * is a known revision, it was handled as a legacy request, and legacy rules (sessions included)
 * apply to it; a server without 2025-03-26 had no such option, so it stays modern.
 */
import { asObject } from '../parse/json-value.js';
import type { RpcReply } from '../types.js';
import type { Revision } from '../../spec/revisions.js';

export type ExchangeEra = 'modern' | 'legacy';

export interface ExchangeEraDecision {
  readonly era: ExchangeEra;
  /** Why, in words, for messages. */
  readonly why: string;
}

/** The reply is a 2026-07-28 result: a DiscoverResult, or a result carrying `resultType`. */
export function isModernResult(reply: RpcReply | null): boolean {
  const r = asObject(reply?.response?.result);
  return r !== null && (Array.isArray(r['supportedVersions']) || r['resultType'] !== undefined);
}

/**
 * The era of a request sent on the modern wire: `withVersionHeader` says whether it carried
 * `MCP-Protocol-Version` (the probe's definition: only `s.version.none.modern` leaves it out),
 * `known` the server's known revisions.
 */
export function modernRequestEra(
  withVersionHeader: boolean,
  reply: RpcReply | null,
  known: readonly Revision[],
): ExchangeEraDecision {
  if (withVersionHeader)
    return { era: 'modern', why: 'sent with modern _meta and an MCP-Protocol-Version header' };
  if (isModernResult(reply))
    return { era: 'modern', why: 'sent without MCP-Protocol-Version and answered with a modern result' };
  if (known.includes('2025-03-26'))
    return {
      era: 'legacy',
      why: 'the server supports 2025-03-26 and did not answer it as a modern request, so it treated it as a 2025-03-26 request',
    };
  return {
    era: 'modern',
    why: 'sent without MCP-Protocol-Version to a server without 2025-03-26, which cannot treat it as legacy',
  };
}
