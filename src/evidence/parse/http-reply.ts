/**
 * Turns one HTTP answer to an MCP-bearing request into an HttpReply: media type,
 * session header, the JSON-RPC messages of the body (JSON or SSE) and the
 * response that answers our request.
 */
import type {
  ExchangeId,
  HttpReply,
  HttpResponseData,
  JsonRpcId,
  RpcMessage,
  RpcReply,
  SseEventRecord,
} from '../types.js';
import { IssueList } from './issues.js';
import { MAX_MESSAGES, parseJsonRpcBody, UTF8_INVALID, utf8Issue } from './json-rpc.js';
import { isJsonEssence, parseMediaType } from './media-type.js';
import { cutString, excerptOf, ownCopy } from './long-strings.js';
import { parseSse } from './sse.js';
import type { SseEvent } from './sse.js';

export const SSE_RECORD_LIMIT = 200;
export const SSE_EXCERPT_CHARS = 400;

type ResponseMessage = Extract<RpcMessage, { kind: 'response' }>;

export interface BuildHttpReplyOptions {
  /** Events already parsed incrementally (from an SseAccumulator); otherwise the body text is parsed. */
  readonly sseEvents?: readonly SseEvent[];
}

function headerValues(res: HttpResponseData, name: string): readonly string[] | undefined {
  return Object.hasOwn(res.headers, name) ? res.headers[name] : undefined;
}

function firstHeader(res: HttpResponseData, name: string): string | null {
  return headerValues(res, name)?.[0] ?? null;
}

/**
 * The record kept of one event. Every field is copied: the parser's strings are views into the
 * chunk they came in, which may hold a megabyte of other events.
 */
export function toSseEventRecord(e: SseEvent): SseEventRecord {
  return {
    ...(e.id !== undefined ? { id: ownCopy(cutString(e.id)) } : {}),
    ...(e.event !== undefined ? { event: ownCopy(cutString(e.event)) } : {}),
    data: ownCopy(excerptOf(e.data, SSE_EXCERPT_CHARS)),
    dataLength: e.data.length,
  };
}

/**
 * The response that answers `requestId`: the first with that id; failing that,
 * the first error response with a null id (JSON-RPC 2.0 §5: the server could not
 * read our id). For `requestId` null, the first response of any id.
 */
function pickResponse(messages: readonly RpcMessage[], requestId: JsonRpcId | null): ResponseMessage | null {
  let nullIdError: ResponseMessage | null = null;
  for (const m of messages) {
    if (m.kind !== 'response') continue;
    if (requestId === null || m.id === requestId) return m;
    if (nullIdError === null && m.id === null && m.error !== undefined) nullIdError = m;
  }
  return nullIdError;
}

/**
 * Builds the HttpReply for one HTTP response. Never throws. A JSON body that is a
 * batch array has no single `response` (see `messages`). When the scanner cut the
 * body (`res.truncated`), failures caused by the cut are not reported as issues.
 */
export function buildHttpReply(
  exchange: ExchangeId,
  res: HttpResponseData,
  requestId: JsonRpcId | null,
  opts: BuildHttpReplyOptions = {},
): HttpReply {
  const mediaType = parseMediaType(headerValues(res, 'content-type'))?.essence ?? null;
  const issues = new IssueList();
  const messages: RpcMessage[] = [];
  let sseEvents: SseEventRecord[] = [];
  let isBatch = false;

  const bodyKind: HttpReply['bodyKind'] =
    res.bytes.length === 0 && (opts.sseEvents === undefined || opts.sseEvents.length === 0)
      ? 'empty'
      : isJsonEssence(mediaType)
        ? 'json'
        : mediaType === 'text/event-stream'
          ? 'sse'
          : 'other';

  if (bodyKind === 'json') {
    const parsed = parseJsonRpcBody(res.text, res.bytes, { truncated: res.truncated });
    for (const m of parsed.messages) messages.push(m); // no spread: a batch can exceed the argument limit
    issues.addAll(parsed.issues);
    isBatch = parsed.isBatch;
  } else if (bodyKind === 'sse') {
    // A stream parsed from its chunks was checked as it passed (`bytes` is then only its start).
    const u =
      res.utf8Valid === undefined ? utf8Issue(res.bytes, res.truncated) : res.utf8Valid ? null : UTF8_INVALID;
    if (u) issues.add(u.key, u.detail);
    const events = opts.sseEvents ?? parseSse(res.text);
    sseEvents = events.slice(0, SSE_RECORD_LIMIT).map(toSseEventRecord);
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      // An unfinished last event of a stream we closed is our cut, not the server's.
      if (e === undefined || (e.unterminated && res.truncated)) continue;
      if (e.event !== undefined && e.event !== 'message') continue;
      if (e.data === '') continue;
      if (messages.length >= MAX_MESSAGES) {
        issues.add(
          'shape',
          `more than ${MAX_MESSAGES} messages in the stream; events from #${i} on were not parsed`,
        );
        break;
      }
      const at = `event #${i}: `;
      if (e.unterminated) {
        issues.add('sse-data', `${at}stream ended before the blank line that dispatches the event`);
      }
      const parsed = parseJsonRpcBody(e.data);
      for (const m of parsed.messages) messages.push(m);
      for (const issue of parsed.issues) {
        issues.add(issue.key === 'json' ? 'sse-data' : issue.key, at + issue.detail);
      }
    }
  }

  return {
    exchange,
    status: res.status,
    mediaType,
    sessionId: firstHeader(res, 'mcp-session-id'),
    bodyKind,
    messages,
    response: isBatch ? null : pickResponse(messages, requestId),
    sseEvents,
    issues: issues.items,
    location: firstHeader(res, 'location'),
  };
}

/** The integer `error.code` of the matched response, or null. */
export function jsonRpcErrorCode(reply: HttpReply): number | null {
  const code = reply.response?.error?.code;
  return typeof code === 'number' && Number.isInteger(code) ? code : null;
}

/** The `result` object of the matched success response, or null. */
export function resultOf(reply: RpcReply): Record<string, unknown> | null {
  const r = reply.response;
  if (r === null || r.error !== undefined) return null;
  const result = r.result;
  return typeof result === 'object' && result !== null && !Array.isArray(result)
    ? (result as Record<string, unknown>)
    : null;
}
