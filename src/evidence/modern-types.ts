/**
 * Evidence of the modern (2026-07-28) wire: the safe probes sent when a server speaks it
 * (header variants, `_meta` variants, unknown methods, lists, `subscriptions/listen`, the
 * designated tool's calls).
 */
import type { HttpReply, Probe } from './primitives.js';
import type { ListingEvidence } from './inventory-types.js';

/** `s.hdr.*`: one request per header variant, each wrong in exactly one way. */
export interface ModernHeaderProbes {
  /** `server/discover`, header 2026-07-28, `_meta` protocolVersion 2025-11-25. */
  readonly versionMismatch: Probe<HttpReply>;
  /** `server/discover` without `Mcp-Method`. */
  readonly methodMissing: Probe<HttpReply>;
  /** `server/discover` with `Mcp-Method: tools/list`. */
  readonly methodMismatch: Probe<HttpReply>;
  /** `server/discover` with `Mcp-Method: Server/Discover`. */
  readonly methodCase: Probe<HttpReply>;
  /** `tools/call` of `probeNames.body` without `Mcp-Name`. */
  readonly nameMissing: Probe<HttpReply>;
  /** `tools/call` of `probeNames.body` with `Mcp-Name: <probeNames.header>`. */
  readonly nameMismatch: Probe<HttpReply>;
  /** `tools/call` of `probeNames.body` with `Mcp-Name` = its Base64 sentinel. */
  readonly nameB64: Probe<HttpReply>;
  /** `tools/call` of `probeNames.body` with `Mcp-Name` padded with spaces (RFC 9110 OWS). */
  readonly ows: Probe<HttpReply>;
  /** `server/discover` with every header name lowercase. */
  readonly lowercase: Probe<HttpReply>;
}

/** `s.meta.*`: `server/discover` with the header version kept equal to `_meta`'s. */
export interface ModernMetaProbes {
  /** `_meta` without `io.modelcontextprotocol/clientCapabilities` (s.meta.missing). */
  readonly noCapabilities: Probe<HttpReply>;
  /** `_meta` without `io.modelcontextprotocol/clientInfo` (s.meta.noclientinfo). */
  readonly noClientInfo: Probe<HttpReply>;
  /** params without `_meta` at all (s.meta.none). */
  readonly noMeta: Probe<HttpReply>;
}

export interface ModernMethodProbe {
  /** `mcp-posture-probe/nonexistent`, a removed method, or a modern-shaped `initialize`. */
  readonly method: string;
  readonly probe: Probe<HttpReply>;
}

/** The `x-mcp-header` parameter whose `Mcp-Param-*` header the `i.tool.param-*` variants change. */
export interface DesignatedParam {
  /** Property path from the `inputSchema` root, joined with `.` (`region`, `target.region`). */
  readonly path: string;
  /** The header as written in messages: `Mcp-Param-{x-mcp-header value}`. */
  readonly header: string;
  /** Header value of the correct calls (the body argument, Base64-sentinel encoded when needed). */
  readonly value: string;
  /** Header value of `i.tool.param-mismatch`: a different value than the body argument. */
  readonly mismatch: string;
}

/**
 * `i.tool(name)` (intrusive): calls of the tool the user designated as side-effect-free,
 * with the user's arguments. Sent only in intrusive mode, with a designation, when the
 * tool is in the modern `tools/list`.
 */
export interface DesignatedToolEvidence {
  readonly name: string;
  /** The arguments every call sent (the user's, or `{}`). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Every `x-mcp-header` annotation of the tool's `inputSchema` (path joined with `.`, header name). */
  readonly annotated: readonly { readonly path: string; readonly header: string }[];
  /** The first annotated parameter with a mirrorable value in the arguments; null when there is none. */
  readonly param: DesignatedParam | null;
  /** `i.tool.control`: the correct call (every standard and `Mcp-Param-*` header; client capabilities declared). */
  readonly control: Probe<HttpReply>;
  /** `i.tool.param-missing`: the control without `param`'s header (skipped when `param` is null). */
  readonly paramMissing: Probe<HttpReply>;
  /** `i.tool.param-mismatch`: the control with `param`'s header set to `param.mismatch`. */
  readonly paramMismatch: Probe<HttpReply>;
  /** `i.tool.no-capabilities`: the control with `_meta` clientCapabilities `{}`. */
  readonly noCapabilities: Probe<HttpReply>;
}

/** A list method over the modern wire: `_meta` and standard headers on every page. */
export interface ModernListing {
  readonly method: string;
  readonly probe: Probe<ListingEvidence>;
}

export interface ModernEvidence {
  /** `server/discover` with `1900-01-01` in the MCP-Protocol-Version header and in `_meta` (s.version.bad, modern). */
  readonly versionBad: Probe<HttpReply>;
  /** `server/discover` without the MCP-Protocol-Version header (s.version.none, modern). */
  readonly versionNone: Probe<HttpReply>;
  /** Random nonexistent tool names: `body` goes in `params.name`, `header` in the mismatching `Mcp-Name`. */
  readonly probeNames: { readonly body: string; readonly header: string };
  /** `tools/call` of `probeNames.body` with correct headers: the answer the name variants are compared with. */
  readonly toolUnknown: Probe<HttpReply>;
  readonly headers: ModernHeaderProbes;
  readonly meta: ModernMetaProbes;
  /** `s.method.unknown`: unknown and removed methods with correct headers. */
  readonly methods: readonly ModernMethodProbe[];
  /** GET (Accept: text/event-stream) and DELETE without a session; sent to modern-only servers only. */
  readonly get: Probe<HttpReply>;
  readonly delete: Probe<HttpReply>;
  /** `server/discover` carrying a random `Mcp-Session-Id` (TRN09) and the value sent. */
  readonly bogusSession: Probe<HttpReply>;
  readonly bogusSessionId: string;
  /** `server/discover` with `Last-Event-ID: 1`. */
  readonly lastEventId: Probe<HttpReply>;
  /** A JSON array of two modern `tools/list` requests. */
  readonly batch: Probe<HttpReply>;
  /** `resources/read` of `mcp-posture-probe:/nonexistent`. */
  readonly resourceMissing: Probe<HttpReply>;
  /** p.list (modern): tools, prompts, resources, resource templates, in that order. */
  readonly lists: readonly ModernListing[];
  /** p.list.fresh: the first advertised list method again, without a preceding discover on its request. */
  readonly fresh: ModernListing;
  /** s.listen: `subscriptions/listen` read for a few seconds, with the filter sent and the request id. */
  readonly listen: {
    readonly filter: Readonly<Record<string, boolean>>;
    readonly requestId: number;
    readonly probe: Probe<HttpReply>;
  };
  /** i.tool(name): the designated tool's calls. Absent in bundles from before the probe existed. */
  readonly designated?: Probe<DesignatedToolEvidence>;
}
