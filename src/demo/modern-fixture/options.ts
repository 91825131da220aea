/** Options and switchable defects of the 2026-07-28 fixture server (../modern-fixture.ts). */
import { REGION_DESIGNATION } from './region.js';

export type ModernDefect =
  | 'noResultType'
  | 'headerMismatchWrongCode'
  | 'headerMismatchWrongStatus'
  | 'mintsSessionId'
  | 'getReturns200'
  | 'mcpNameNotChecked'
  | 'metaVersionIgnored'
  | 'noCacheHints'
  | 'noServerInfo'
  | 'discoverMalformed'
  | 'unsupportedVersionNoList'
  | 'unsupportedVersionServed'
  | 'versionHeaderOptional'
  | 'methodHeaderIgnored'
  | 'nameB64NotDecoded'
  | 'capabilitiesNotRequired'
  | 'clientInfoRequired'
  | 'pingServed'
  | 'initializeNoVersions'
  | 'shuffledTools'
  | 'toolsVaryPerRequest'
  | 'resourceNotFound32002'
  | 'batchProcessed'
  | 'listenNoAck'
  | 'badExtensionId'
  | 'lastEventIdRejected'
  | 'bogusSessionRejected'
  | 'logNotifications'
  | 'sseServerRequest'
  | 'noAccelBuffering'
  | 'paramHeaderNotChecked'
  | 'paramHeaderValueNotCompared'
  | 'missingCapabilityServed';

export interface ModernFixtureOptions {
  /** Also serve legacy (initialize-era) traffic on the same endpoint, statelessly. */
  dualEra: boolean;
  /** How results of modern requests are sent. */
  responseMode: 'json' | 'sse';
  /** The one defect switched on, if any. */
  defect: ModernDefect | null;
  /**
   * Bearer tokens the server accepts, each naming its caller's class (a `narrow` caller sees only
   * the first tool); null = no authorization. Requests without an accepted token get 401.
   */
  callers: Readonly<Record<string, Caller>> | null;
  /** `cacheScope` of `tools/list` when callers see different lists (`public` is the MCPP-MOD06 flaw). */
  callerListScope: 'private' | 'public';
}

export type Caller = 'full' | 'narrow';

export interface ModernDefectSpec {
  readonly name: ModernDefect;
  readonly description: string;
  /** Options the defect needs besides itself (e.g. SSE replies, modern-only). */
  readonly options: Partial<ModernFixtureOptions>;
  /**
   * The tool an intrusive scan must designate for the defect to show (MCPP-MOD30/MOD31);
   * absent for defects a safe scan finds.
   */
  readonly designate?: { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> };
}

const d = (
  name: ModernDefect,
  description: string,
  options: Partial<ModernFixtureOptions> = {},
): ModernDefectSpec => ({
  name,
  description,
  options: { ...options, defect: name },
});

/** A defect only an intrusive scan designating REGION_DESIGNATION shows. */
const designated = (name: ModernDefect, description: string): ModernDefectSpec => ({
  ...d(name, description),
  designate: REGION_DESIGNATION,
});

export const MODERN_DEFECTS: readonly ModernDefectSpec[] = [
  d('noResultType', 'Results carry no resultType'),
  d('headerMismatchWrongCode', 'Header validation failures get 400 with -32600 instead of -32020'),
  d('headerMismatchWrongStatus', 'Header validation failures get -32020 with HTTP 200 instead of 400'),
  d('mintsSessionId', 'Every modern reply carries a fresh Mcp-Session-Id'),
  d('getReturns200', 'GET on the endpoint opens an event stream instead of 405', { dualEra: false }),
  d('mcpNameNotChecked', 'Mcp-Name is neither required nor compared with the body'),
  d('metaVersionIgnored', 'The _meta protocol version is not compared with MCP-Protocol-Version'),
  d('noCacheHints', 'Cacheable results carry no ttlMs or cacheScope'),
  d('noServerInfo', 'Results carry no _meta serverInfo'),
  d('discoverMalformed', 'DiscoverResult.instructions is a number'),
  d('unsupportedVersionNoList', 'The -32022 error carries no data.supported or data.requested'),
  d('unsupportedVersionServed', 'Requests naming an unsupported version are served'),
  d('versionHeaderOptional', 'A modern request without MCP-Protocol-Version is served'),
  d('methodHeaderIgnored', 'Mcp-Method is neither required nor compared with the body'),
  d('nameB64NotDecoded', 'A Base64-sentinel Mcp-Name is compared without decoding'),
  d('capabilitiesNotRequired', '_meta without clientCapabilities is served'),
  d('clientInfoRequired', '_meta without the optional clientInfo is rejected'),
  d('pingServed', 'The removed ping method is still answered'),
  d('initializeNoVersions', 'Legacy initialize is refused without naming the supported versions', {
    dualEra: false,
  }),
  d('shuffledTools', 'Every second tools/list returns the tools in reverse order'),
  d('toolsVaryPerRequest', 'Every second tools/list lists one more tool'),
  d('resourceNotFound32002', 'A missing resource gets the legacy -32002 code'),
  d('batchProcessed', 'JSON-RPC batches of modern requests are processed'),
  d('listenNoAck', 'subscriptions/listen never sends the acknowledgment'),
  d('badExtensionId', 'capabilities.extensions has an identifier without a prefix'),
  d('lastEventIdRejected', 'A request carrying Last-Event-ID is rejected'),
  d('bogusSessionRejected', 'A request carrying an unknown Mcp-Session-Id gets 404'),
  d('logNotifications', 'SSE replies carry notifications/message without a requested log level', {
    responseMode: 'sse',
  }),
  d('sseServerRequest', 'SSE replies carry a server-to-client JSON-RPC request', { responseMode: 'sse' }),
  d('noAccelBuffering', 'SSE replies lack X-Accel-Buffering: no', { responseMode: 'sse' }),
  designated('paramHeaderNotChecked', 'Mcp-Param-* headers are neither required nor compared with the body'),
  designated(
    'paramHeaderValueNotCompared',
    'Mcp-Param-* headers are required but their values are not compared with the body',
  ),
  designated(
    'missingCapabilityServed',
    'A tool needing elicitation asks for it in an InputRequiredResult although the client declared no capabilities',
  ),
];

export function resolveModernOptions(partial: Partial<ModernFixtureOptions>): ModernFixtureOptions {
  return {
    dualEra: partial.dualEra ?? false,
    responseMode: partial.responseMode ?? 'json',
    defect: partial.defect ?? null,
    callers: partial.callers ?? null,
    callerListScope: partial.callerListScope ?? 'private',
  };
}
