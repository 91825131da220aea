/**
 * The transport seam: one JSON-RPC channel interface every transport implements. A stage
 * that only speaks MCP (the detection ladder, the inventory listings, the modern lists) is
 * written against it and runs unchanged over Streamable HTTP, HTTP+SSE or stdio. Every call
 * is recorded as evidence by the channel, and nothing throws for transport conditions:
 * errors are data (a `failed` or `skipped` probe).
 */
import type { JsonRpcId, Probe, RpcReply, Transport } from '../../evidence/types.js';

export interface RpcCall {
  /** The JSON-RPC id; null sends a notification (no answer is awaited). */
  readonly id: JsonRpcId;
  readonly method: string;
  /** Params as the method defines them; the channel adds what its framing needs (e.g. `_meta`). */
  readonly params?: Readonly<Record<string, unknown>>;
  /** Probe identifier shown in --plan and in the recorded exchange, e.g. `p.init(2025-11-25)`. */
  readonly probe: string;
  /** One line: why the request is sent. */
  readonly purpose: string;
  /** Wait at most this long for the answer (default: the transport's per-request timeout). */
  readonly timeoutMs?: number;
}

/** A JSON-RPC channel to one MCP server; `R` is the reply type the transport records. */
export interface RpcChannel<R extends RpcReply = RpcReply> {
  readonly transport: Transport;
  call(call: RpcCall): Promise<Probe<R>>;
}
