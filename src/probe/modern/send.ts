/**
 * One request over the 2026-07-28 wire: `_meta` in params and the standard
 * headers (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` where the method
 * mirrors a name), each of which a probe may drop or replace.
 */
import type { Probe, HttpReply } from '../../evidence/types.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import type { HttpClient } from '../http/types.js';
import { modernMeta, POST_HEADERS, PROBE_PREFIX } from '../mcp-messages.js';
import { sendRpc } from '../rpc.js';
import type { StreamSettle } from '../rpc.js';

/** Methods whose `Mcp-Name` mirrors a body value (streamable-http#Standard Request Headers). */
const NAME_SOURCE: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

export interface ModernContext {
  readonly client: HttpClient;
  readonly url: string;
}

export interface ModernRequest {
  readonly id: number;
  readonly method: string;
  /** Params without `_meta`. */
  readonly params?: Readonly<Record<string, unknown>>;
  /** The `_meta` object; null leaves `_meta` out. Default: `modernMeta()`. */
  readonly meta?: Readonly<Record<string, unknown>> | null;
  /** Header overrides (lower-case names); null removes a header. */
  readonly headers?: Readonly<Record<string, string | null>>;
  readonly probe: string;
  readonly purpose: string;
  readonly streamWindowMs?: number;
  readonly settle?: StreamSettle;
}

/** The standard headers a conforming client sends for `method` with these params. */
export function modernHeaders(method: string, params: Readonly<Record<string, unknown>> = {}) {
  const h: Record<string, string> = {
    ...POST_HEADERS,
    'mcp-protocol-version': MODERN_REVISION,
    'mcp-method': method,
  };
  const source = NAME_SOURCE[method];
  const value = source ? params[source] : undefined;
  if (typeof value === 'string') h['mcp-name'] = value;
  return h;
}

export function withOverrides(
  base: Record<string, string>,
  overrides: Readonly<Record<string, string | null>> = {},
): Record<string, string> {
  const out = { ...base };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export function modernBody(req: Pick<ModernRequest, 'id' | 'method' | 'params' | 'meta'>): unknown {
  const meta = req.meta === undefined ? modernMeta() : req.meta;
  return {
    jsonrpc: '2.0',
    id: req.id,
    method: req.method,
    params: { ...(meta === null ? {} : { _meta: meta }), ...(req.params ?? {}) },
  };
}

export function sendModern(ctx: ModernContext, req: ModernRequest): Promise<Probe<HttpReply>> {
  return sendRpc(ctx.client, {
    method: 'POST',
    url: ctx.url,
    headers: withOverrides(modernHeaders(req.method, req.params), req.headers),
    body: JSON.stringify(modernBody(req)),
    probe: req.probe,
    purpose: req.purpose,
    source: 'user',
    rpcId: req.id,
    ...(req.streamWindowMs !== undefined ? { streamWindowMs: req.streamWindowMs } : {}),
    ...(req.settle ? { settle: req.settle } : {}),
  });
}

/** A value the scanner invents, recognisable in server logs and fresh per scan. */
export function probeValue(random: () => string): string {
  return `${PROBE_PREFIX}-${random()}`;
}

export function skipped(
  detail: string,
  reason: 'mode_disabled' | 'not_needed' | 'not_designated' = 'mode_disabled',
) {
  return { kind: 'skipped', reason, detail } as const;
}

/** Awaits every promise of an object, keeping the keys (the requests are already on their way). */
export async function settleAll<T extends Record<string, Promise<unknown>>>(
  pending: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const keys = Object.keys(pending);
  const values = await Promise.all(keys.map((k) => pending[k] as Promise<unknown>));
  return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as { [K in keyof T]: Awaited<T[K]> };
}
