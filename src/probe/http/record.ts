/**
 * Turn one transfer into the recorded (redacted) HttpExchange and the probe-facing
 * HttpResult (raw, for parsing). Only the record is ever persisted.
 */
import type { ExchangeId, HttpExchange, NetError, RecordedResponse } from '../../evidence/types.js';
import { excerptOf } from '../../evidence/parse/long-strings.js';
import type { Redactor } from './redact.js';
import { secretMembersOf, withSecrets } from './redact.js';
import type { TransferOutcome } from './transfer.js';
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

export function recordExchange(
  baseRedactor: Redactor,
  excerptChars: number,
  { id, spec, headers, outcome, durationMs }: Transferred,
): { exchange: HttpExchange; result: HttpResult } {
  let response: RecordedResponse | undefined;
  let text = '';
  if (outcome.response) {
    text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(outcome.response.bytes);
  }
  // Secrets the server handed out are redacted from this exchange like the user's credentials.
  const extra = [...(spec.secrets ?? []), ...secretMembersOf(text, spec.secretResponseMembers)];
  const redactor = withSecrets(baseRedactor, extra);
  if (outcome.response) {
    const r = outcome.response;
    // Redact before cutting, so the cut can never expose part of a secret.
    const scrubbed = r.truncated ? redactor.truncatedText(text) : redactor.text(text);
    const cut = excerpt(scrubbed, excerptChars);
    response = {
      status: r.status,
      headers: Object.fromEntries(
        Object.entries(r.headers).map(([n, vs]) => [n, vs.map((v) => redactor.header(n, v))]),
      ),
      body: cut.text,
      bodyBytes: r.bytes.length,
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
    ...(outcome.response ? { response: { ...outcome.response, text } } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
    ...remote,
  };
  return { exchange, result };
}
