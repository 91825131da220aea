/**
 * Newline-delimited framing of a stdio server's stdout (docs/stdio.md#framing): each line is
 * classified as one message, an empty line, text that is not JSON-RPC, one line of a message
 * spread over several lines, several messages on one line, or a line over the size cap. The
 * messages found are delivered whatever the framing, so one framing flaw does not turn into
 * timeouts elsewhere. Bounded: a pending multi-line message holds at most `MAX_PENDING_LINES`
 * lines and `MAX_PENDING_CHARS` characters, and is re-parsed at most `MAX_ATTEMPTS` times; JSON
 * nested deeper than `MAX_DEPTH` is not parsed. What crosses a limit is refused by name
 * (`FramingSink.refuse`), so the request it answers fails at once instead of timing out.
 */
import { jsonDepthExceeds } from '../../evidence/parse/json-rpc.js';
import type { StdioFraming, StdioLimit } from '../../evidence/stdio-types.js';

const MAX_PENDING_LINES = 1_000;
const MAX_PENDING_CHARS = 1_000_000;
const MAX_ATTEMPTS = 64;
const MAX_DEPTH = 64;
const TOO_DEEP = `nested deeper than ${MAX_DEPTH} levels`;
const MAX_PARTS = 64;

const RPC_MEMBERS = ['jsonrpc', 'method', 'id', 'result', 'error'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An attempt at JSON-RPC: an object with a JSON-RPC member, or a non-empty array of them (a batch). */
export function rpcLike(v: unknown): boolean {
  if (isRecord(v)) return RPC_MEMBERS.some((k) => Object.hasOwn(v, k));
  return Array.isArray(v) && v.length > 0 && v.every((x) => isRecord(x) && rpcLike(x));
}

/** JSON.parse that never throws and refuses deep nesting; `undefined` when the text is not JSON. */
export function parseJson(text: string): { readonly value: unknown } | undefined {
  if (jsonDepthExceeds(text, MAX_DEPTH)) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * Splits text into top-level JSON objects or arrays written back to back (`{…}{…}`), by bracket
 * depth outside strings. Null unless there are at least two and nothing else but whitespace.
 */
export function splitConcatenated(text: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      if (depth === 0) return null;
      inString = true;
    } else if (c === '{' || c === '[') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth < 0) return null;
      if (depth === 0) {
        parts.push(text.slice(start, i + 1));
        if (parts.length > MAX_PARTS) return null;
      }
    } else if (depth === 0 && !/\s/.test(c)) return null;
  }
  return depth === 0 && parts.length >= 2 ? parts : null;
}

/** Receives each line's framing once it is known, each message found, and each refusal. */
export interface FramingSink<L> {
  classify(line: L, framing: StdioFraming): void;
  deliver(message: unknown, line: L): void;
  /** `line` (the first of a multi-line message) crossed `limit`; `text` is what was read of it. */
  refuse(line: L, limit: StdioLimit, detail: string, text: string): void;
}

const looksLikeJson = (text: string) => text.startsWith('{') || text.startsWith('[');

/** Classifies stdout lines in order; call `end()` when stdout ends. */
export class LineFramer<L> {
  private pending: L[] = [];
  private pendingRaw: string[] = [];
  private pendingChars = 0;
  private attempts = 0;

  constructor(private readonly sink: FramingSink<L>) {}

  /** A line over the size cap: not parsed. */
  tooLong(line: L): void {
    this.flush();
    this.sink.classify(line, 'too-long');
  }

  line(line: L, raw: string): void {
    const text = raw.trim();
    if (text === '') {
      this.flush();
      this.sink.classify(line, 'empty');
      return;
    }
    if (looksLikeJson(text) && jsonDepthExceeds(text, MAX_DEPTH)) {
      this.flush();
      this.sink.classify(line, 'too-deep');
      this.sink.refuse(line, 'depth', TOO_DEEP, text);
      return;
    }
    const one = parseJson(text);
    if (one && rpcLike(one.value)) {
      this.flush();
      this.sink.classify(line, 'message');
      this.deliverAll(one.value, line);
      return;
    }
    if (this.pending.length > 0) {
      this.continuePending(line, raw);
      return;
    }
    if (!one) {
      const parts = splitConcatenated(text);
      const values = parts?.map((p) => parseJson(p));
      if (values && values.every((v) => v !== undefined && rpcLike(v.value))) {
        this.sink.classify(line, 'concatenated');
        for (const v of values) this.deliverAll(v!.value, line);
        return;
      }
      if (looksLikeJson(text)) {
        this.pending = [line];
        this.pendingRaw = [raw];
        this.pendingChars = raw.length;
        return;
      }
    }
    this.sink.classify(line, 'non-json');
  }

  end(): void {
    this.flush();
  }

  private continuePending(line: L, raw: string): void {
    this.pending.push(line);
    this.pendingRaw.push(raw);
    this.pendingChars += raw.length;
    const over =
      this.pending.length > MAX_PENDING_LINES
        ? (['pending-lines', `a message over ${MAX_PENDING_LINES} lines`] as const)
        : this.pendingChars > MAX_PENDING_CHARS
          ? (['pending-bytes', `a multi-line message over ${MAX_PENDING_CHARS} characters`] as const)
          : null;
    if (over) {
      this.sink.refuse(this.pending[0]!, over[0], over[1], this.pendingRaw.slice(0, 8).join('\n'));
      this.flush();
      return;
    }
    if (!/[}\]]\s*$/.test(raw) || this.attempts >= MAX_ATTEMPTS) return;
    this.attempts++;
    const text = this.pendingRaw.join('\n');
    if (jsonDepthExceeds(text, MAX_DEPTH)) {
      for (const l of this.pending) this.sink.classify(l, 'too-deep');
      this.sink.refuse(this.pending[0]!, 'depth', TOO_DEEP, text.slice(0, 64 * 1024));
      this.reset();
      return;
    }
    // Pretty-printed JSON has its newlines between tokens; a raw newline inside a string is
    // invalid JSON, so the escaped join is tried too.
    const joined = parseJson(text) ?? parseJson(this.pendingRaw.join('\\n'));
    if (!joined || !rpcLike(joined.value)) return;
    for (const l of this.pending) this.sink.classify(l, 'multiline');
    this.deliverAll(joined.value, line);
    this.reset();
  }

  private deliverAll(value: unknown, line: L): void {
    if (Array.isArray(value)) for (const v of value) this.sink.deliver(v, line);
    else this.sink.deliver(value, line);
  }

  private flush(): void {
    for (const l of this.pending) this.sink.classify(l, 'non-json');
    this.reset();
  }

  private reset(): void {
    this.pending = [];
    this.pendingRaw = [];
    this.pendingChars = 0;
    this.attempts = 0;
  }
}
