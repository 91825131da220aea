/**
 * Turn one transfer into the recorded (redacted) HttpExchange and the probe-facing
 * HttpResult (raw, for parsing). Only the record is ever persisted.
 */
import type { ExchangeId, HttpExchange, NetError, RecordedResponse } from '../../evidence/types.js';
import { excerptOf } from '../../evidence/parse/long-strings.js';
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
  return {
    status: r.status,
    headers: r.headers,
    bytes: r.bytes,
    ...(r.utf8Valid !== undefined ? { utf8Valid: r.utf8Valid } : {}),
    truncated: r.truncated,
    get text(): string {
      text ??= decode(r.bytes);
      return text;
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

export function recordExchange(
  baseRedactor: Redactor,
  excerptChars: number,
  { id, spec, headers, outcome, durationMs }: Transferred,
): { exchange: HttpExchange; result: HttpResult } {
  let response: RecordedResponse | undefined;
  const data = outcome.response ? responseData(outcome.response) : undefined;
  // Secrets the server handed out are redacted from this exchange like the user's credentials.
  const members = spec.secretResponseMembers ?? [];
  const extra = [
    ...(spec.secrets ?? []),
    ...(data && members.length > 0 ? secretMembersOf(data.text, members) : []),
  ];
  const redactor = withSecrets(baseRedactor, extra);
  if (outcome.response && data) {
    const r = outcome.response;
    // Redact before cutting, so the cut can never expose part of a secret.
    const cut = recordedText(data, r.size, redactor, excerptChars, members.length > 0);
    response = {
      status: r.status,
      headers: Object.fromEntries(
        Object.entries(r.headers).map(([n, vs]) => [n, vs.map((v) => redactor.header(n, v))]),
      ),
      body: cut.text,
      bodyBytes: r.size,
      truncated: r.truncated || cut.cut,
    };
  }
  const error: NetError | undefined = outcome.error && {
    code: outcome.error.code,
    message: redactor.text(outcome.error.message),
  };
  const remote = outcome.remoteAddress !== undefined ? { remoteAddress: outcome.remoteAddress } : {};
  const exchange: HttpExchange = {
    id,
    probe: spec.probe,
    purpose: spec.purpose,
    request: {
      method: spec.method,
      url: redactor.text(spec.url),
      headers: Object.fromEntries(Object.entries(headers).map(([n, v]) => [n, redactor.header(n, v)])),
      ...(spec.body !== undefined ? { body: redactor.text(spec.body) } : {}),
    },
    ...(response ? { response } : {}),
    ...(error ? { error } : {}),
    ...remote,
    durationMs: Math.max(0, Math.round(durationMs)),
  };
  const result: HttpResult = {
    exchangeId: id,
    ...(data ? { response: data } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
    ...remote,
  };
  return { exchange, result };
}
