/**
 * JSON-RPC 2.0 as observed on the wire: classify each message and record every
 * malformation as a MessageIssue (TRN14 keys) instead of throwing. Bodies are
 * hostile: UTF-8 is checked strictly, nesting depth is bounded with a linear
 * scan before JSON.parse so later recursive walkers cannot blow the stack, and
 * very long strings are cut (./long-strings.ts) so that kept replies stay small.
 */
import { isUtf8 } from 'node:buffer';

import type { JsonRpcErrorObject, JsonRpcId, MessageIssue, RpcMessage } from '../types.js';
import { IssueList, describe } from './issues.js';
import { boundLongStrings } from './long-strings.js';

/** Documents nested deeper than this are not parsed (issue `json`). */
export const MAX_JSON_DEPTH = 64;
/** Messages kept from one body; a longer batch answers no request of ours. */
export const MAX_MESSAGES = 10_000;

export interface ClassifiedMessage {
  readonly message: RpcMessage;
  readonly issues: MessageIssue[];
}

export interface ParsedBody {
  readonly messages: RpcMessage[];
  readonly issues: MessageIssue[];
  /** The body was a JSON array. */
  readonly isBatch: boolean;
  /** The body was parsed as JSON. */
  readonly json: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isIdType(v: unknown): v is JsonRpcId {
  return v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

/** Checks an id of the right type; pushes `id` issues and returns false when it is not even a JsonRpcId. */
function checkId(id: unknown, issues: IssueList, nullAllowed: boolean, what: string): id is JsonRpcId {
  if (!isIdType(id)) {
    issues.add('id', `${what} id is ${describe(id)}, not a string, number or null`);
    return false;
  }
  if (id === null && !nullAllowed) issues.add('id', `null id on ${what}`);
  if (typeof id === 'number' && !Number.isInteger(id))
    issues.add('id', `${what} id ${id} has a fractional part`);
  return true;
}

function classify(value: unknown, issues: IssueList): RpcMessage {
  const invalid: RpcMessage = { kind: 'invalid', raw: value };
  if (!isRecord(value)) {
    issues.add('shape', `message is ${describe(value)}, not an object`);
    return invalid;
  }
  const has = (k: string): boolean => Object.hasOwn(value, k);

  if (!has('jsonrpc')) issues.add('version', 'jsonrpc member missing');
  else if (value.jsonrpc !== '2.0') issues.add('version', `jsonrpc is ${describe(value.jsonrpc)}, not "2.0"`);

  const hasResult = has('result');
  const hasError = has('error');

  if (has('method')) {
    if (hasResult || hasError) {
      issues.add('shape', 'message has both method and result/error');
      return invalid;
    }
    const method = value.method;
    if (typeof method !== 'string') {
      issues.add('shape', `method is ${describe(method)}, not a string`);
      return invalid;
    }
    const params = has('params') ? { params: value.params } : {};
    // JSON-RPC 2.0 §4.2: params, when present, is structured.
    if (has('params') && (typeof value.params !== 'object' || value.params === null)) {
      issues.add('shape', `params is ${describe(value.params)}, not an object or array`);
    }
    if (!has('id')) return { kind: 'notification', method, ...params };
    const id = value.id;
    if (!checkId(id, issues, false, 'a request')) return invalid;
    return { kind: 'request', id, method, ...params };
  }

  if (!hasResult && !hasError) {
    issues.add('shape', 'message has neither method nor result/error');
    return invalid;
  }
  if (hasResult && hasError) {
    issues.add('shape', 'response has both result and error');
    return invalid;
  }
  if (!has('id')) {
    issues.add('id', 'response has no id');
    return invalid;
  }
  const id = value.id;
  // JSON-RPC 2.0 §5: a null id is only for errors where the request id could not be read.
  if (!checkId(id, issues, hasError, hasError ? 'an error response' : 'a success response')) return invalid;
  if (hasResult) return { kind: 'response', id, result: value.result };

  const error = value.error;
  if (!isRecord(error)) {
    issues.add('shape', `error is ${describe(error)}, not an object`);
    return invalid;
  }
  if (typeof error.code !== 'number' || !Number.isInteger(error.code)) {
    issues.add('code', `error.code is ${describe(error.code)}, not an integer`);
  }
  if (typeof error.message !== 'string') {
    issues.add('code', `error.message is ${describe(error.message)}, not a string`);
  }
  const errorObject: JsonRpcErrorObject = Object.hasOwn(error, 'data')
    ? { code: error.code, message: error.message, data: error.data }
    : { code: error.code, message: error.message };
  return { kind: 'response', id, error: errorObject };
}

/** Classifies one decoded JSON value as a request, notification, response or invalid message. Never throws. */
export function classifyMessage(value: unknown): ClassifiedMessage {
  const issues = new IssueList();
  let message: RpcMessage;
  try {
    message = classify(value, issues);
  } catch {
    // Only exotic non-JSON inputs (throwing getters, proxies) get here.
    issues.add('shape', 'message could not be inspected');
    message = { kind: 'invalid', raw: value };
  }
  return { message, issues: issues.items };
}

/**
 * True when brackets nest deeper than `max`. Linear, no recursion; strings are
 * skipped so brackets inside them do not count. Does not validate JSON.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * A `utf8` issue when `bytes` are not valid UTF-8, else null. With `truncated`,
 * a multi-byte sequence cut at the very end (by the scanner's cap) is not an error.
 */
export function utf8Issue(bytes: Uint8Array, truncated = false): MessageIssue | null {
  // Validates without decoding: no second copy of a large body is made just to check it.
  if (isUtf8(bytes)) return null;
  if (!truncated) return UTF8_INVALID;
  try {
    // stream: true buffers an incomplete trailing sequence instead of failing on it.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
    return null;
  } catch {
    return UTF8_INVALID;
  }
}

/** The issue of a body that is not valid UTF-8 (also when it was checked as it streamed). */
export const UTF8_INVALID: MessageIssue = { key: 'utf8', detail: 'body is not valid UTF-8' };

const JSON_WS_ONLY = /^[ \t\n\r]*$/;

/**
 * Parses an HTTP (or SSE data) body as JSON-RPC: one message or a batch array.
 * `bytes`, when given, are checked for UTF-8 validity. `truncated` means the
 * scanner cut the body: a parse failure is then our doing, not the server's, so
 * it is not reported.
 */
export function parseJsonRpcBody(
  text: string,
  bytes?: Uint8Array,
  opts: { readonly truncated?: boolean } = {},
): ParsedBody {
  const issues = new IssueList();
  const truncated = opts.truncated === true;
  const messages: RpcMessage[] = [];
  const fail = (): ParsedBody => ({ messages, issues: issues.items, isBatch: false, json: false });

  if (bytes !== undefined) {
    const u = utf8Issue(bytes, truncated);
    if (u) issues.add(u.key, u.detail);
  }
  let body = text;
  if (body.charCodeAt(0) === 0xfeff) {
    // RFC 8259 §8.1: senders must not add a BOM; parsers may ignore it.
    issues.add('json', 'byte order mark before the JSON text');
    body = body.slice(1);
  }
  if (JSON_WS_ONLY.test(body)) {
    if (!truncated) issues.add('json', 'body is empty');
    return fail();
  }
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
    issues.add('json', `JSON nested deeper than ${MAX_JSON_DEPTH} levels; not parsed`);
    return fail();
  }
  let parsed: unknown;
  try {
    parsed = boundLongStrings(JSON.parse(body), body.length);
  } catch (e) {
    if (!truncated) {
      const msg = e instanceof Error ? e.message : String(e);
      issues.add('json', `not valid JSON: ${msg.length > 200 ? `${msg.slice(0, 200)}…` : msg}`);
    }
    return fail();
  }

  if (!Array.isArray(parsed)) {
    messages.push(classify(parsed, issues));
    return { messages, issues: issues.items, isBatch: false, json: true };
  }
  // JSON-RPC 2.0 §6: an empty array is not a valid batch, in either direction.
  if (parsed.length === 0) issues.add('shape', 'empty batch array');
  if (parsed.length > MAX_MESSAGES) {
    issues.add('shape', `batch of ${parsed.length} messages; only the first ${MAX_MESSAGES} were classified`);
  }
  for (let i = 0; i < Math.min(parsed.length, MAX_MESSAGES); i++) {
    const one = classifyMessage(parsed[i]);
    messages.push(one.message);
    issues.addAll(one.issues, `[${i}] `);
  }
  return { messages, issues: issues.items, isBatch: true, json: true };
}
