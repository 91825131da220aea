/**
 * One request/response over an undici dispatcher, as a promise that never rejects. Owns
 * the timers (request timeout, stream window), the body cap and early closing; whatever
 * arrived before a stop is kept.
 */
import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { NetError, NetErrorCode } from '../../evidence/types.js';
import { isMediaType } from '../../evidence/parse/media-type.js';
import { bareHost } from './address-policy.js';
import { createBodySink, parseContentEncoding } from './body.js';
import type { BodySink } from './body.js';
import { toNetError } from './errors.js';
import type { Mutable } from './own-keys.js';
import { setOwn } from './own-keys.js';
import { claimNextSocket } from './remote-address.js';

export interface TransferRequest {
  readonly url: URL;
  readonly method: string;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly timeoutMs: number;
  /** `deadline` when the scan deadline, not the request timeout, set `timeoutMs`. */
  readonly timeoutCode: Extract<NetErrorCode, 'timeout' | 'deadline'>;
  readonly streamWindowMs?: number;
  /** The stream is a session channel (HTTP+SSE): once its headers are in, only the window bounds it. */
  readonly holdsSession?: boolean;
  /**
   * The scan deadline (epoch ms). The stream window starts when the headers arrive, which may
   * be long after dispatch: it is cut so that it never runs past this.
   */
  readonly deadline?: number;
  readonly maxBytes: number;
  readonly onChunk?: (text: string) => 'continue' | 'stop';
  /**
   * For an event-stream answer read through `onChunk`: keep only this many leading bytes (what
   * the exchange record needs); the consumer has the events.
   */
  readonly keepBytes?: number;
  /** Aborting stops like `onChunk` returning `stop`; before any response it is an `aborted` error. */
  readonly signal?: AbortSignal;
  /**
   * Called once when the final response's status line and headers have arrived, with the time
   * since the request was dispatched (connect included): the exchange's own round trip.
   */
  readonly onHeaders?: (elapsedMs: number, headers: Readonly<Record<string, readonly string[]>>) => void;
}

export interface TransferResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, readonly string[]>>;
  /** The body, or with `keepBytes` its leading bytes only. */
  readonly bytes: Uint8Array;
  /** Body bytes received (up to the cap), whether `bytes` holds them all or not. */
  readonly size: number;
  /** When `bytes` is a prefix: whether the whole body was valid UTF-8. */
  readonly utf8Valid?: boolean;
  readonly truncated: boolean;
}

export interface TransferOutcome {
  readonly response?: TransferResponse;
  readonly error?: NetError;
  readonly remoteAddress?: string;
}

/** Raised into undici when we close a connection ourselves; never reported. */
class StopRequest extends Error {
  constructor() {
    super('closed by client');
    this.name = 'StopRequest';
  }
}

const latin1 = (v: unknown): string => (Buffer.isBuffer(v) ? v.toString('latin1') : String(v));

/** Appends `value` to the list of `name` (lower-cased), as an own property even for `__proto__`. */
function addHeader(out: Record<string, string[]>, name: string, value: string): void {
  const key = name.toLowerCase();
  if (Object.hasOwn(out, key)) out[key]!.push(value);
  else setOwn(out, key, [value]);
}

/** Lower-case names, every value in arrival order (latin1, as on the wire). */
function headerMap(raw: unknown, parsed: IncomingHttpHeaders): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (Array.isArray(raw) && raw.length % 2 === 0) {
    for (let i = 0; i < raw.length; i += 2) {
      const name = latin1(raw[i]);
      const value: unknown = raw[i + 1];
      if (Array.isArray(value)) for (const v of value) addHeader(out, name, latin1(v));
      else addHeader(out, name, latin1(value));
    }
  } else {
    for (const [name, value] of Object.entries(parsed)) {
      for (const v of Array.isArray(value) ? value : [value ?? '']) addHeader(out, name, v);
    }
  }
  return out;
}

/**
 * How long to read an event stream once its headers are in, or null when the request timeout
 * stays in charge: the response is not an event stream (a slow JSON body is a timeout, not a
 * window), no window was asked for, or the request timeout comes first (then the read ends
 * with a timeout error, whatever arrived kept). The window never runs past the scan deadline.
 */
function streamWindow(
  req: TransferRequest,
  headers: Readonly<Record<string, readonly string[]>>,
  timeoutAt: number,
): number | null {
  if (req.streamWindowMs === undefined || !isMediaType(headers['content-type'], 'text/event-stream'))
    return null;
  const now = Date.now();
  const deadlineLeft = req.deadline === undefined ? Infinity : req.deadline - now;
  const window = Math.max(0, Math.min(req.streamWindowMs, deadlineLeft));
  if (!req.holdsSession && now + window >= timeoutAt) return null;
  return window;
}

/** The response body's sink: decoded and capped; an event stream is delivered to `onChunk` and keeps a prefix only. */
function bodySinkFor(
  req: TransferRequest,
  headers: Readonly<Record<string, readonly string[]>>,
  codings: Parameters<typeof createBodySink>[0]['codings'],
  onHalt: Parameters<typeof createBodySink>[0]['onHalt'],
): BodySink {
  // Only an event stream is read piece by piece: any other body is parsed whole, and decoding
  // a megabyte of JSON chunk by chunk for a reader that skips it would be garbage.
  const chunked = req.onChunk !== undefined && isMediaType(headers['content-type'], 'text/event-stream');
  return createBodySink({
    codings,
    maxBytes: req.maxBytes,
    ...(chunked ? { onChunk: req.onChunk } : {}),
    ...(chunked && req.keepBytes !== undefined ? { keepBytes: req.keepBytes } : {}),
    onHalt,
  });
}

/** What undici is asked to send, its own timers a backstop for ours. */
function dispatchOptions(req: TransferRequest): Dispatcher.DispatchOptions & { servername?: string } {
  const slack = 1000; // undici's own timers are only a backstop for ours
  const servername =
    req.url.protocol === 'https:' && isIP(bareHost(req.url.hostname)) === 0 ? req.url.hostname : undefined;
  // `servername` is honoured by undici's Request but missing from its types. It keeps SNI
  // bound to the URL even when a probe sends a foreign Host header.
  return {
    origin: req.url.origin,
    path: `${req.url.pathname}${req.url.search}`,
    method: req.method,
    headers: req.headers,
    ...(req.body !== undefined ? { body: req.body } : {}),
    headersTimeout: req.timeoutMs + slack,
    bodyTimeout:
      (req.holdsSession ? Math.max(req.timeoutMs, req.streamWindowMs ?? 0) : req.timeoutMs) + slack,
    ...(servername ? { servername } : {}),
  };
}

export function transfer(dispatcher: Dispatcher, req: TransferRequest): Promise<TransferOutcome> {
  return new Promise<TransferOutcome>((resolve) => {
    if (req.signal?.aborted) {
      resolve({ error: { code: 'aborted', message: 'aborted by the probe; not sent' } });
      return;
    }
    let controller: Dispatcher.DispatchController | null = null;
    let status: number | null = null;
    let headers: Record<string, string[]> = {};
    let sink: BodySink | null = null;
    let remoteAddress: string | undefined;
    let settled = false;

    const settle = (error: NetError | undefined, truncated: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      sink?.destroy();
      const outcome: Mutable<TransferOutcome> = {};
      if (status !== null) {
        const bytes = sink?.bytes() ?? new Uint8Array(0);
        const size = sink?.size ?? 0;
        const response: Mutable<TransferResponse> = { status, headers, bytes, size, truncated };
        if (size > bytes.length && sink?.utf8Valid !== undefined) response.utf8Valid = sink.utf8Valid;
        outcome.response = response;
      }
      if (error !== undefined) outcome.error = error;
      if (remoteAddress !== undefined) outcome.remoteAddress = remoteAddress;
      resolve(outcome);
    };

    // Our own early close: settle with what we have, then drop the connection.
    const stop = (error: NetError | undefined): void => {
      if (settled) return;
      settle(error, true);
      controller?.abort(new StopRequest());
    };

    // The request timeout bounds the whole exchange: connect, headers and body together.
    const dispatchedAt = performance.now();
    const timeoutAt = Date.now() + req.timeoutMs;
    let timer: NodeJS.Timeout = setTimeout(
      () => stop({ code: req.timeoutCode, message: `no complete response within ${req.timeoutMs} ms` }),
      req.timeoutMs,
    );

    function onAbort(): void {
      stop(
        status === null ? { code: 'aborted', message: 'aborted by the probe before a response' } : undefined,
      );
    }
    req.signal?.addEventListener('abort', onAbort, { once: true });

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(ctrl) {
        controller = ctrl;
        if (settled) {
          ctrl.abort(new StopRequest()); // timed out while queued or connecting: never send
          return;
        }
        claimNextSocket((address) => {
          remoteAddress = address;
        });
      },
      onResponseStart(ctrl, statusCode, parsed) {
        if (settled || statusCode < 200) return; // 1xx interim responses are not the answer
        status = statusCode;
        headers = headerMap(ctrl.rawHeaders, parsed);
        req.onHeaders?.(performance.now() - dispatchedAt, headers);
        const encoding = parseContentEncoding(headers['content-encoding']?.join(','));
        if (!encoding.ok) {
          stop({ code: 'decode', message: encoding.detail });
          return;
        }
        sink = bodySinkFor(req, headers, encoding.codings, (reason, detail) => {
          if (reason === 'stop') stop(undefined);
          else stop({ code: reason === 'cap' ? 'too-large' : 'decode', message: detail });
        });
        const windowMs = streamWindow(req, headers, timeoutAt);
        if (windowMs !== null) {
          // An event stream is read for a window, then closed without error.
          clearTimeout(timer);
          timer = setTimeout(() => stop(undefined), windowMs);
        }
      },
      onResponseData(ctrl, chunk) {
        if (settled || !sink) return;
        if (!sink.write(chunk)) {
          ctrl.pause();
          sink.onDrain(() => ctrl.resume());
        }
      },
      onResponseEnd() {
        if (settled) return;
        if (!sink) {
          settle(
            status === null ? { code: 'protocol', message: 'response ended without headers' } : undefined,
            false,
          );
          return;
        }
        void sink.end().then(() => settle(undefined, false));
      },
      onResponseError(_ctrl, err) {
        if (settled) return;
        settle(toNetError(err), status !== null);
      },
    };

    try {
      dispatcher.dispatch(dispatchOptions(req), handler);
    } catch (err) {
      settle(toNetError(err), false);
    }
  });
}
