/**
 * What the server lists for the model: tools, prompts, resources and resource templates, with
 * the server's `instructions` and `serverInfo`. Transport-neutral.
 */
import type { Probe, RpcReply } from './primitives.js';

export interface ListingEvidence {
  /** Items as served (bounded by the page and item caps). */
  readonly items: readonly unknown[];
  readonly pages: number;
  /** True when a cap stopped the listing before the server's last page. */
  readonly truncated: boolean;
  /** One per page; a page's list itself (`result.tools`, …) is not repeated here: see `items`. */
  readonly replies: readonly RpcReply[];
}

export interface Inventory {
  readonly tools: Probe<ListingEvidence>;
  readonly prompts: Probe<ListingEvidence>;
  readonly resources: Probe<ListingEvidence>;
  readonly resourceTemplates: Probe<ListingEvidence>;
  readonly serverInfo: unknown;
  readonly instructions: string | null;
}

/**
 * `s.tool.unknown` and `s.cursor` (safe): two harmless requests about the tool surface, sent over
 * the channel the listing used (the session's, the HTTP+SSE endpoint, stdio, or the modern wire),
 * with the same credentials. Sent only when the server declares the `tools` capability.
 */
export interface ToolProbes {
  /** The tool name `s.tool.unknown` called: random, and not among the listed tools. */
  readonly unknownTool: string;
  /** `tools/call` of `unknownTool` with empty arguments. */
  readonly toolUnknown: Probe<RpcReply>;
  /** The random, never-issued cursor `s.cursor` sent. */
  readonly cursor: string;
  /** `tools/list` with `cursor`. */
  readonly invalidCursor: Probe<RpcReply>;
}
