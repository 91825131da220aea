/**
 * Turn one transfer into the recorded (redacted) HttpExchange and the probe-facing
 * HttpResult (raw, for parsing). Only the record is ever persisted.
 */
import type { ExchangeId, HttpExchange, RecordedResponse } from '../../evidence/types.js';
import { excerptOf } from '../../evidence/parse/long-strings.js';
import type { Mutable } from './own-keys.js';
import { setOwn } from './own-keys.js';
import type { Redactor } from './redact.js';
import { secretMembersOf, withSecrets } from './redact.js';
import type { TransferOutcome } from './transfer.js';
import type { HttpResponseData } from '../../evidence/primitives.js';
import type { HttpResult, RequestSpec } from './types.js';

/**
 * Cut to `max` characters without splitting a surrogate pair, as a string of its own: a plain
 * slice would keep the whole body alive for as long as the exchange is kept.
 */
function excerpt(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  return { text: excerptOf(text, max), cut: true };
}

export interface Transferred {
  readonly id: ExchangeId;
  readonly spec: RequestSpec;
  /** The headers actually sent (lower-case, unredacted). */
  readonly headers: Readonly<Record<string, string>>;
  readonly outcome: TransferOutcome;
  readonly durationMs: number;
}

/** UTF-8 takes at most three bytes per UTF-16 code unit. */
const MAX_BYTES_PER_UNIT = 3;
/** Characters decoded past the excerpt, so a secret straddling the cut is still seen whole. */
const REDACTION_MARGIN = 1_024;

/** One decoder for whole bodies (a call without `stream` starts and ends in the same state). */
const WHOLE = new TextDecoder('utf-8', { ignoreBOM: true });

const decode = (bytes: Uint8Array, stream = false): string =>
  // A streamed prefix keeps an incomplete trailing sequence in its decoder: never the shared one.
  stream ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream }) : WHOLE.decode(bytes);

/**
 * The response as the parsers see it. The full text is decoded only when a parser asks for it:
 * an SSE reply is parsed from its chunks as they came, so its megabyte of text is never built.
 */
function responseData(r: NonNullable<TransferOutcome['response']>): HttpResponseData {
  let text: string | undefined;
  const { status, headers, bytes, utf8Valid, truncated } = r;
  // Two literals rather than a spread: an accessor after a spread is defined at run time, slowly.
  return utf8Valid === undefined
    ? {
        status,
        headers,
        bytes,
        truncated,
        get text(): string {
          return (text ??= decode(bytes));
        },
      }
    : {
        status,
        headers,
        bytes,
        utf8Valid,
        truncated,
        get text(): string {
          return (text ??= decode(bytes));
        },
      };
}

/**
 * The redacted text the record keeps. A body far longer than the excerpt is decoded only as far
 * as the excerpt (plus a margin) needs; redacting before the cut still holds, and a secret cut at
 * the end of the decoded part is scrubbed as partial.
 */
/** The leading bytes the record of a body needs (the transfer keeps no more of an event stream). */
export const recordPrefixBytes = (excerptChars: number): number =>
  (excerptChars + REDACTION_MARGIN) * MAX_BYTES_PER_UNIT;

function recordedText(
  data: HttpResponseData,
  size: number,
  redactor: Redactor,
  excerptChars: number,
  needsWhole: boolean,
): { text: string; cut: boolean } {
  const prefixBytes = recordPrefixBytes(excerptChars);
  if (needsWhole || size <= prefixBytes) {
    const scrubbed = data.truncated ? redactor.truncatedText(data.text) : redactor.text(data.text);
    return excerpt(scrubbed, excerptChars);
  }
  const scrubbed = redactor.truncatedText(decode(data.bytes.subarray(0, prefixBytes), true));
  return { text: excerpt(scrubbed, excerptChars).text, cut: true };
}

/** Every header value redacted, names and order kept. */
function redactedHeaders(
  headers: Readonly<Record<string, string>>,
  redactor: Redactor,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) setOwn(out, name, redactor.header(name, headers[name]!));
  return out;
}

function redactedHeaderLists(
  headers: Readonly<Record<string, readonly string[]>>,
  redactor: Redactor,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name of Object.keys(headers)) {
    const values = headers[name]!;
    const redacted = new Array<string>(values.length);
    for (let i = 0; i < values.length; i++) redacted[i] = redactor.header(name, values[i]!);
    setOwn(out, name, redacted);
  }
  return out;
}

/** Secrets of this exchange beyond the user's credentials: those the probe names, and those the server handed out. */
function exchangeSecrets(spec: RequestSpec, data: HttpResponseData | undefined): readonly string[] {
  const members = spec.secretResponseMembers;
  const handedOut =
    data && members !== undefined && members.length > 0 ? secretMembersOf(data.text, members) : [];
  const named = spec.secrets ?? [];
  return handedOut.length === 0 ? named : [...named, ...handedOut];
}

export function recordExchange(
  baseRedactor: Redactor,
  excerptChars: number,
  { id, spec, headers, outcome, durationMs }: Transferred,
): { exchange: HttpExchange; result: HttpResult } {
  let response: RecordedResponse | undefined;
  const r = outcome.response;
  const data = r ? responseData(r) : undefined;
  // Secrets the server handed out are redacted from this exchange like the user's credentials.
  const extra = exchangeSecrets(spec, data);
  const redactor = extra.length === 0 ? baseRedactor : withSecrets(baseRedactor, extra);
  if (r && data) {
    // Redact before cutting, so the cut can never expose part of a secret.
    const needsWhole = spec.secretResponseMembers !== undefined && spec.secretResponseMembers.length > 0;
    const cut = recordedText(data, r.size, redactor, excerptChars, needsWhole);
    response = {
      status: r.status,
      headers: redactedHeaderLists(r.headers, redactor),
      body: cut.text,
      bodyBytes: r.size,
      truncated: r.truncated || cut.cut,
    };
  }
  const request: Mutable<HttpExchange['request']> = {
    method: spec.method,
    url: redactor.text(spec.url),
    headers: redactedHeaders(headers, redactor),
  };
  if (spec.body !== undefined) request.body = redactor.text(spec.body);
  // Built in one key order whatever is present (the order records are serialized in).
  const exchange = { id, probe: spec.probe, purpose: spec.purpose, request } as Mutable<HttpExchange>;
  const result: Mutable<HttpResult> = { exchangeId: id };
  if (response) exchange.response = response;
  if (data) result.response = data;
  if (outcome.error) {
    exchange.error = { code: outcome.error.code, message: redactor.text(outcome.error.message) };
    result.error = outcome.error;
  }
  if (outcome.remoteAddress !== undefined) {
    exchange.remoteAddress = outcome.remoteAddress;
    result.remoteAddress = outcome.remoteAddress;
  }
  exchange.durationMs = Math.max(0, Math.round(durationMs));
  return { exchange, result };
}
