/**
 * Server-Sent Events (WHATWG HTML §9.2) on top of eventsource-parser, fed
 * incrementally from the HTTP client's onChunk callback. Bounded: at most
 * SSE_MAX_EVENTS events and SSE_MAX_DATA_CHARS of data are collected; past that
 * the accumulator stops and says so (`truncated`).
 *
 * Semantics, chosen so that the result does not depend on chunk boundaries:
 * - Comments and unknown fields are ignored; events with empty data are kept
 *   (MCP priming events are `id` + empty `data`). A block with no `data` line
 *   at all is not an event (as in EventSource).
 * - `id` and `event` are the fields of the event's own block (EventSource would
 *   carry the last id forward; evidence wants what was sent).
 * - `retry` is the last valid `retry` field seen since the previous event — the
 *   field is stream state, not part of an event, so it attaches to the next one.
 * - At the end of the stream (`flush`), an event still waiting for its blank
 *   line is returned marked `unterminated` (EventSource clients would drop it).
 */
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage, EventSourceParser } from 'eventsource-parser';

export const SSE_MAX_EVENTS = 10_000;
/** Total `data` characters collected over all events. */
export const SSE_MAX_DATA_CHARS = 1024 * 1024;
// The library's own buffer bound (partial line + the event being built), equal to the
// default body cap (1 MiB): an event larger than that cannot arrive whole anyway, and the
// parser stops buffering the moment one would.
const PARSER_BUFFER_CHARS = SSE_MAX_DATA_CHARS;

export interface SseEvent {
  readonly id?: string;
  readonly event?: string;
  readonly data: string;
  readonly retry?: number;
  /** The stream ended before the blank line that dispatches this event. */
  readonly unterminated?: true;
}

export class SseAccumulator {
  readonly #parser: EventSourceParser;
  #out: SseEvent[] = [];
  #count = 0;
  #dataChars = 0;
  #retry: number | undefined;
  #started = false;
  #heldCr = false;
  #endsWithNewline = true;
  #flushing = false;
  #ended = false;
  #dead = false;
  #truncated = false;

  constructor() {
    this.#parser = createParser({
      onEvent: (e) => this.#collect(e),
      onRetry: (ms) => {
        this.#retry = ms;
      },
      onError: (err) => {
        if (err.type === 'max-buffer-size-exceeded') {
          this.#dead = true;
          this.#truncated = true;
        }
      },
      maxBufferSize: PARSER_BUFFER_CHARS,
    });
    // The library strips a mis-decoded BOM ("ï»¿") only if its first chunk holds
    // all three characters; an empty first feed turns that off so chunking
    // cannot change the result. The real BOM (U+FEFF) is handled in push().
    this.#parser.feed('');
  }

  /** True when a cap stopped collection: events after that point were dropped. */
  get truncated(): boolean {
    return this.#truncated;
  }

  /** Events collected so far. */
  get count(): number {
    return this.#count;
  }

  /** Feeds one decoded chunk; returns the events it completed. Never throws. */
  push(text: string): SseEvent[] {
    if (this.#ended || this.#dead || this.#truncated || typeof text !== 'string' || text === '') return [];
    let chunk = text;
    if (!this.#started) {
      this.#started = true;
      // WHATWG: one leading U+FEFF is ignored.
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      if (chunk === '') return [];
    }
    const last = chunk.charCodeAt(chunk.length - 1);
    this.#endsWithNewline = last === 0x0d || last === 0x0a;
    // The library holds back a CR at the end of its input until more input shows
    // whether an LF follows, which would make event timing depend on chunking.
    // Hold it here instead; a CR followed by another CR is a line end on its own.
    chunk = this.#heldCr ? `\r${chunk}` : chunk;
    this.#heldCr = last === 0x0d;
    if (this.#heldCr) chunk = chunk.slice(0, -1);
    if (chunk.charCodeAt(chunk.length - 1) === 0x0d) chunk = `${chunk.slice(0, -1)}\n`;
    if (chunk !== '') this.#feed(chunk);
    return this.#drain();
  }

  /** Ends the stream: returns a pending unterminated event, if any. Later pushes are ignored. */
  flush(): SseEvent[] {
    if (this.#ended) return [];
    this.#ended = true;
    if (!this.#dead && !this.#truncated && this.#started) {
      // A final CR held back waiting for an LF is a line end.
      if (this.#heldCr) this.#feed('\n');
      this.#flushing = true;
      // End the last line if it is partial, then add the blank line that dispatches.
      this.#feed(this.#endsWithNewline ? '\n' : '\n\n');
      this.#flushing = false;
    }
    return this.#drain();
  }

  #feed(chunk: string): void {
    try {
      this.#parser.feed(chunk);
    } catch {
      // Only thrown once the buffer bound has terminated the parser.
      this.#dead = true;
      this.#truncated = true;
    }
  }

  #collect(e: EventSourceMessage): void {
    const retry = this.#retry;
    this.#retry = undefined;
    if (this.#truncated) return;
    if (this.#count >= SSE_MAX_EVENTS || this.#dataChars + e.data.length > SSE_MAX_DATA_CHARS) {
      this.#truncated = true;
      return;
    }
    this.#count++;
    this.#dataChars += e.data.length;
    this.#out.push({
      ...(e.id !== undefined ? { id: e.id } : {}),
      ...(e.event !== undefined ? { event: e.event } : {}),
      data: e.data,
      ...(retry !== undefined ? { retry } : {}),
      ...(this.#flushing ? { unterminated: true as const } : {}),
    });
  }

  #drain(): SseEvent[] {
    const out = this.#out;
    this.#out = [];
    return out;
  }
}

/** Parses a complete SSE body (push + flush). */
export function parseSse(text: string): SseEvent[] {
  const acc = new SseAccumulator();
  return [...acc.push(text), ...acc.flush()];
}
