/**
 * The JSON-RPC bodies and headers the scanner sends. Kept in one place so the
 * plan, the probes and the tests agree on exactly what goes on the wire.
 */
import { MODERN_REVISION } from '../spec/revisions.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';

export const CLIENT_INFO = { name: TOOL_NAME, version: TOOL_VERSION } as const;

/** Values the scanner invents are recognisable in server logs. */
export const PROBE_PREFIX = 'mcp-posture-probe';

export const POST_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'accept-encoding': 'identity',
};

export const SSE_HEADERS: Readonly<Record<string, string>> = {
  accept: 'text/event-stream',
  'accept-encoding': 'identity',
};

/** Deterministic JSON-RPC ids per scan, so two scans of one server send identical bodies. */
export class RpcIds {
  private next: number;
  /** Probes that run after concurrent ones use their own range, so their ids do not depend on timing. */
  constructor(first = 1) {
    this.next = first;
  }
  take(): number {
    return this.next++;
  }
}

export function rpcRequest(id: number, method: string, params?: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
}

export function rpcNotification(method: string, params?: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
}

export function initializeParams(version: string): unknown {
  return { protocolVersion: version, capabilities: {}, clientInfo: CLIENT_INFO };
}

export function modernMeta(version: string = MODERN_REVISION): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

export function discoverHeaders(version: string = MODERN_REVISION): Record<string, string> {
  return { ...POST_HEADERS, 'mcp-protocol-version': version, 'mcp-method': 'server/discover' };
}

/** Protocol versions are dates (YYYY-MM-DD). */
export function isVersionString(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v);
}

/** Headers for a request on a legacy session. */
export function sessionHeaders(sessionId: string | null, version: string | null): Record<string, string> {
  const h: Record<string, string> = { ...POST_HEADERS };
  if (sessionId !== null) h['mcp-session-id'] = sessionId;
  // The header exists from 2025-06-18 on. The version came from the server: only a well-formed
  // version string is ever copied into a request header.
  if (version !== null && isVersionString(version) && version !== '2025-03-26' && version !== '2024-11-05')
    h['mcp-protocol-version'] = version;
  return h;
}
