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
  const chunks: Buffer[] = [];
  let size = 0;
  let kept = 0;
  const keepBytes = opts.keepBytes;
  let validator: InstanceType<typeof TextDecoder> | null =
    keepBytes === undefined ? null : new TextDecoder('utf-8', { fatal: true });
  let utf8Valid = keepBytes === undefined ? undefined : true;
  const validate = (piece: Buffer, last: boolean): void => {
    if (validator === null) return;
    try {
      validator.decode(piece, { stream: !last });
    } catch {
      utf8Valid = false;
      validator = null;
    }
  };
  let halted = false;
  let chain: Transform[] | null = null;
  /**
   * Encoded bytes held back until two have arrived: `deflate` is sniffed as zlib or raw from
   * its first two bytes, and a server (or TCP) may deliver them one at a time.
   */
  let held: Buffer | null = null;
  let endWaiter: (() => void) | null = null;
  /** Made on the first chunk a consumer reads: most bodies are read whole, after the end. */
  let textDecoder: InstanceType<typeof TextDecoder> | null = null;

  const halt = (reason: HaltReason, detail: string): void => {
    if (halted) return;
    halted = true;
    for (const s of chain ?? []) s.destroy();
    opts.onHalt(reason, detail);
    endWaiter?.();
  };

  const accept = (buf: Buffer): void => {
    if (halted || buf.length === 0) return;
    const room = opts.maxBytes - size;
    const over = buf.length > room;
    const view = over ? buf.subarray(0, room) : buf;
    const keep = keepBytes === undefined ? view.length : Math.min(view.length, keepBytes - kept);
    if (keep > 0) {
      // Copy what is kept: undici hands out views of larger socket buffers.
      chunks.push(Buffer.from(view.subarray(0, keep)));
      kept += keep;
    }
    if (view.length > 0) {
      size += view.length;
      validate(view, false);
      if (opts.onChunk && deliver(view) === 'stop') {
        halt('stop', 'closed by the probe');
        return;
      }
    }
    if (over) halt('cap', `body exceeds ${opts.maxBytes} bytes`);
  };

  const deliver = (piece: Buffer): 'continue' | 'stop' => {
    if (!opts.onChunk) return 'continue';
    textDecoder ??= new TextDecoder('utf-8', { ignoreBOM: true });
    const text = textDecoder.decode(piece, { stream: true });
    if (text === '') return 'continue';
    try {
      return opts.onChunk(text);
    } catch {
      return 'stop'; // a throwing consumer wants no more data
    }
  };

  const buildChain = (first: Buffer): Transform[] => {
    const streams = opts.codings.map((c, i) => decoderFor(c, i === 0 ? first : null));
    streams.forEach((s, i) => {
      s.on('error', (err: Error) => halt('decode', `content-encoding: ${err.message}`));
      const next = streams[i + 1];
      if (next) s.pipe(next);
    });
    const last = streams[streams.length - 1];
    last?.on('data', (buf: Buffer) => accept(buf));
    last?.on('end', () => endWaiter?.());
    return streams;
  };

  return {
    write(chunk) {
      if (halted) return true;
      if (opts.codings.length === 0) {
        accept(chunk);
        return true;
      }
      if (chain === null) {
        // Copy what is held: undici hands out views of socket buffers it reuses.
        const start: Buffer = held === null ? chunk : Buffer.concat([held, chunk]);
        if (start.length < 2) {
          held = Buffer.from(start);
          return true;
        }
        held = null;
        chain = buildChain(start);
        return chain[0]?.write(start) ?? true;
      }
      return chain[0]?.write(chunk) ?? true;
    },
    onDrain(listener) {
      chain?.[0]?.once('drain', listener);
    },
    end() {
      const finish = (): void => {
        if (!halted) validate(Buffer.alloc(0), true); // an unfinished last sequence is invalid
      };
      // No bytes at all (HEAD, 204, empty body): nothing to decode, even if "gzip" was announced.
      if (halted || (chain === null && (held === null || held.length === 0))) {
        finish();
        return Promise.resolve();
      }
      if (chain === null && held !== null) {
        // A one-byte body: decode it as it is (it will most likely fail, as it should).
        chain = buildChain(held);
        chain[0]?.write(held);
        held = null;
      }
      const head = chain?.[0];
      return new Promise<void>((resolve) => {
        endWaiter = () => {
          finish();
          resolve();
        };
        head?.end();
      });
    },
    destroy() {
      halted = true;
      for (const s of chain ?? []) s.destroy();
      endWaiter?.();
    },
    bytes() {
      // One copy at most (a Buffer is a Uint8Array); the pieces are dropped, so a 1 MB body
      // does not live twice while the reply is parsed.
      if (chunks.length !== 1) {
        const whole = Buffer.concat(chunks, kept);
        chunks.length = 0;
        chunks.push(whole);
      }
      return chunks[0] ?? new Uint8Array(0);
    },
    get size() {
      return size;
    },
    get utf8Valid() {
      return utf8Valid;
    },
    get halted() {
      return halted;
    },
  };
}
