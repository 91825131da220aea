/** Narrowing of parsed JSON values: one definition of "a JSON object" for the whole scanner. */
import type { RpcReply } from '../primitives.js';

export function isObject(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function asObject(v: unknown): Record<string, unknown> | null {
  return isObject(v) ? v : null;
}

/** The `result` of a reply's matching response when it is a JSON object. */
export function resultObject(reply: RpcReply): Record<string, unknown> | null {
  return asObject(reply.response?.result);
}
