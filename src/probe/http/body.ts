/**
 * Capped body reading with streaming decompression. We ask for identity, but a hostile
 * server may compress anyway (or send a bomb): the cap applies to decoded bytes, and
 * decoding stops as soon as it is reached, so memory stays bounded.
 */
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { Transform } from 'node:stream';

export type HaltReason = 'cap' | 'stop' | 'decode';
type Coding = 'gzip' | 'deflate' | 'br';

const MAX_CODING_LAYERS = 3;

/** Parse Content-Encoding into the codings to undo, in the order to undo them. */
export function parseContentEncoding(
  value: string | undefined,
): { ok: true; codings: Coding[] } | { ok: false; detail: string } {
  const codings: Coding[] = [];
  for (const raw of (value ?? '').split(',')) {
    const token = raw.trim().toLowerCase();
    if (token === '' || token === 'identity') continue;
    if (token === 'gzip' || token === 'x-gzip') codings.push('gzip');
    else if (token === 'deflate') codings.push('deflate');
    else if (token === 'br') codings.push('br');
    else return { ok: false, detail: `unsupported content-encoding: ${token.slice(0, 64)}` };
  }
  if (codings.length > MAX_CODING_LAYERS) return { ok: false, detail: 'too many content-encoding layers' };
  // Codings are listed in the order applied; undo the last one first.
  return { ok: true, codings: codings.reverse() };
}

/** HTTP `deflate` should be zlib-wrapped, but raw deflate is common: sniff the header. */
function looksLikeZlib(first: Buffer): boolean {
  if (first.length < 2) return true;
  const [cmf = 0, flg = 0] = first;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

function decoderFor(coding: Coding, first: Buffer | null): Transform {
  switch (coding) {
    case 'gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate':
      return first === null || looksLikeZlib(first) ? createInflate() : createInflateRaw();
  }
}

export interface BodySinkOptions {
  readonly codings: readonly Coding[];
  readonly maxBytes: number;
  readonly onChunk?: (text: string) => 'continue' | 'stop';
  /**
   * Keep only this many leading bytes (the consumer reads the body from `onChunk`): the rest is
   * counted and checked for UTF-8 as it passes, never held. A 1 MB event stream then costs its
   * chunks, not another megabyte per copy.
   */
  readonly keepBytes?: number;
  /** Called at most once, when reading must stop early. */
  readonly onHalt: (reason: HaltReason, detail: string) => void;
}

export interface BodySink {
  /** Feed raw (encoded) bytes. `false`: pause the source until `onDrain` fires. */
  write(chunk: Buffer): boolean;
  onDrain(listener: () => void): void;
  /** The source ended; resolves once every decoded byte has been collected. Never rejects. */
  end(): Promise<void>;
  destroy(): void;
  bytes(): Uint8Array;
  /** Decoded bytes accepted, kept or not. */
  readonly size: number;
  /** With `keepBytes`: whether every byte so far was valid UTF-8 (a cut last sequence is not an error). */
  readonly utf8Valid: boolean | undefined;
  readonly halted: boolean;
}

export function createBodySink(opts: BodySinkOptions): BodySink {
  return new DecodingSink(opts);
}

/** The sink: raw bytes through the content-coding chain, counted, capped, kept and delivered. */
class DecodingSink implements BodySink {
  readonly #opts: BodySinkOptions;
  readonly #chunks: Buffer[] = [];
  #size = 0;
  #kept = 0;
  #validator: InstanceType<typeof TextDecoder> | null;
  #utf8Valid: boolean | undefined;
  #halted = false;
  #chain: Transform[] | null = null;
  /**
   * Encoded bytes held back until two have arrived: `deflate` is sniffed as zlib or raw from
   * its first two bytes, and a server (or TCP) may deliver them one at a time.
   */
  #held: Buffer | null = null;
  #endWaiter: (() => void) | null = null;
  /** Made on the first chunk a consumer reads: most bodies are read whole, after the end. */
  #textDecoder: InstanceType<typeof TextDecoder> | null = null;

  constructor(opts: BodySinkOptions) {
    this.#opts = opts;
    this.#validator = opts.keepBytes === undefined ? null : new TextDecoder('utf-8', { fatal: true });
    this.#utf8Valid = opts.keepBytes === undefined ? undefined : true;
  }

  #validate(piece: Buffer, last: boolean): void {
    if (this.#validator === null) return;
    try {
      this.#validator.decode(piece, { stream: !last });
    } catch {
      this.#utf8Valid = false;
      this.#validator = null;
    }
  }

  #halt(reason: HaltReason, detail: string): void {
    if (this.#halted) return;
    this.#halted = true;
    for (const s of this.#chain ?? []) s.destroy();
    this.#opts.onHalt(reason, detail);
    this.#endWaiter?.();
  }

  #accept(buf: Buffer): void {
    if (this.#halted || buf.length === 0) return;
    const { maxBytes, keepBytes } = this.#opts;
    const room = maxBytes - this.#size;
    const over = buf.length > room;
    const view = over ? buf.subarray(0, room) : buf;
    const keep = keepBytes === undefined ? view.length : Math.min(view.length, keepBytes - this.#kept);
    if (keep > 0) {
      // Copy what is kept: undici hands out views of larger socket buffers.
      this.#chunks.push(Buffer.from(view.subarray(0, keep)));
      this.#kept += keep;
    }
    if (view.length > 0) {
      this.#size += view.length;
      this.#validate(view, false);
      if (this.#opts.onChunk && this.#deliver(view) === 'stop') {
        this.#halt('stop', 'closed by the probe');
        return;
      }
    }
    if (over) this.#halt('cap', `body exceeds ${maxBytes} bytes`);
  }

  #deliver(piece: Buffer): 'continue' | 'stop' {
    this.#textDecoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
    const text = this.#textDecoder.decode(piece, { stream: true });
    if (text === '' || !this.#opts.onChunk) return 'continue';
    try {
      return this.#opts.onChunk(text);
    } catch {
      return 'stop'; // a throwing consumer wants no more data
    }
  }

  #buildChain(first: Buffer): Transform[] {
    const streams = this.#opts.codings.map((c, i) => decoderFor(c, i === 0 ? first : null));
    streams.forEach((s, i) => {
      s.on('error', (err: Error) => this.#halt('decode', `content-encoding: ${err.message}`));
      const next = streams[i + 1];
      if (next) s.pipe(next);
    });
    const last = streams[streams.length - 1];
    last?.on('data', (buf: Buffer) => this.#accept(buf));
    last?.on('end', () => this.#endWaiter?.());
    return streams;
  }

  write(chunk: Buffer): boolean {
    if (this.#halted) return true;
    if (this.#opts.codings.length === 0) {
      this.#accept(chunk);
      return true;
    }
    if (this.#chain === null) {
      // Copy what is held: undici hands out views of socket buffers it reuses.
      const start: Buffer = this.#held === null ? chunk : Buffer.concat([this.#held, chunk]);
      if (start.length < 2) {
        this.#held = Buffer.from(start);
        return true;
      }
      this.#held = null;
      this.#chain = this.#buildChain(start);
      return this.#chain[0]?.write(start) ?? true;
    }
    return this.#chain[0]?.write(chunk) ?? true;
  }

  onDrain(listener: () => void): void {
    this.#chain?.[0]?.once('drain', listener);
  }

  end(): Promise<void> {
    const finish = (): void => {
      if (!this.#halted) this.#validate(Buffer.alloc(0), true); // an unfinished last sequence is invalid
    };
    // No bytes at all (HEAD, 204, empty body): nothing to decode, even if "gzip" was announced.
    if (this.#halted || (this.#chain === null && (this.#held === null || this.#held.length === 0))) {
      finish();
      return Promise.resolve();
    }
    if (this.#chain === null && this.#held !== null) {
      // A one-byte body: decode it as it is (it will most likely fail, as it should).
      this.#chain = this.#buildChain(this.#held);
      this.#chain[0]?.write(this.#held);
      this.#held = null;
    }
    const head = this.#chain?.[0];
    return new Promise<void>((resolve) => {
      this.#endWaiter = () => {
        finish();
        resolve();
      };
      head?.end();
    });
  }

  destroy(): void {
    this.#halted = true;
    for (const s of this.#chain ?? []) s.destroy();
    this.#endWaiter?.();
  }

  bytes(): Uint8Array {
    // One copy at most (a Buffer is a Uint8Array); the pieces are dropped, so a 1 MB body
    // does not live twice while the reply is parsed.
    if (this.#chunks.length !== 1) {
      const whole = Buffer.concat(this.#chunks, this.#kept);
      this.#chunks.length = 0;
      this.#chunks.push(whole);
    }
    return this.#chunks[0] ?? new Uint8Array(0);
  }

  get size(): number {
    return this.#size;
  }

  get utf8Valid(): boolean | undefined {
    return this.#utf8Valid;
  }

  get halted(): boolean {
    return this.#halted;
  }
}
