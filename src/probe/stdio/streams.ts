/**
 * Reading a launched server's output under caps (docs/stdio.md#safety-launching-a-server-runs-its-code):
 * stdout split into lines, each at most `maxMessageBytes` (longer lines are kept as an excerpt and
 * not parsed), all of it at most `maxStdoutBytes`; stderr counted, kept up to `maxStderrBytes` and
 * checked for UTF-8 as it arrives.
 */
import type { StdioStderr } from '../../evidence/stdio-types.js';
import { excerptOf } from '../../evidence/parse/long-strings.js';
import type { StdioLimits } from './launch-env.js';

/** Where complete stdout lines go: `tooLong` lines were cut by the cap. */
export interface LineSink {
  line(text: string, bytes: number, opts: { readonly crlf: boolean; readonly tooLong: boolean }): void;
  /** The line being read just crossed `maxMessageBytes` (called once, before its `line`): what was kept of it. */
  overflow(prefix: string, bytesSoFar: number): void;
}

export class StdoutReader {
  bytes = 0;
  capped = false;
  unterminated: string | null = null;
  unterminatedIsMessage = false;
  private chunks: Buffer[] = [];
  private lineBytes = 0;
  private tooLong = false;

  constructor(
    private readonly limits: StdioLimits,
    private readonly sink: LineSink,
  ) {}

  /** Reads one chunk; false when the total cap was passed (the caller kills the process). */
  push(chunk: Buffer): boolean {
    if (this.capped) return false;
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxStdoutBytes) {
      this.capped = true;
      return false;
    }
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      if (!this.tooLong && this.lineBytes + piece.length > this.limits.maxMessageBytes) {
        this.tooLong = true;
        const room = this.limits.maxMessageBytes - this.lineBytes;
        this.chunks.push(Buffer.from(piece.subarray(0, Math.min(room, this.limits.excerptChars))));
        this.sink.overflow(Buffer.concat(this.chunks).toString('utf8'), this.lineBytes + piece.length);
      } else if (!this.tooLong) this.chunks.push(Buffer.from(piece));
      this.lineBytes += piece.length;
      if (nl === -1) break;
      let text = Buffer.concat(this.chunks).toString('utf8');
      const crlf = text.endsWith('\r');
      if (crlf) text = text.slice(0, -1);
      this.emit(text, { crlf, tooLong: this.tooLong });
      start = nl + 1;
    }
    return true;
  }

  /** stdout ended: text after the last newline is still a line (a message without its newline). */
  finish(): void {
    if (this.lineBytes === 0 || this.unterminated !== null) return;
    const text = Buffer.concat(this.chunks).toString('utf8');
    this.unterminated = text;
    this.unterminatedIsMessage = !this.tooLong && text.trim() !== '' && parses(text);
    this.emit(text, { crlf: false, tooLong: this.tooLong });
  }

  private emit(text: string, opts: { crlf: boolean; tooLong: boolean }): void {
    const bytes = this.lineBytes;
    this.chunks = [];
    this.lineBytes = 0;
    this.tooLong = false;
    this.sink.line(text, bytes, opts);
  }
}

export class StderrReader {
  private bytes = 0;
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private valid = true;
  private invalidAt: number | null = null;

  constructor(private readonly maxKept: number) {}

  push(chunk: Buffer): void {
    const offset = this.bytes;
    this.bytes += chunk.length;
    const room = this.maxKept - this.keptBytes;
    if (room > 0) {
      const kept = Buffer.from(chunk.subarray(0, room));
      this.kept.push(kept);
      this.keptBytes += kept.length;
    }
    if (!this.valid) return;
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.valid = false;
      this.invalidAt = offset;
    }
  }

  /** The process exited: a sequence cut at the very end is invalid too. */
  end(): void {
    if (!this.valid) return;
    try {
      this.decoder.decode();
    } catch {
      this.valid = false;
      this.invalidAt = this.bytes;
    }
  }

  evidence(redact: (s: string) => string, excerptChars: number): StdioStderr {
    return {
      bytes: this.bytes,
      excerpt: redact(excerptOf(Buffer.concat(this.kept).toString('utf8'), excerptChars)),
      utf8Valid: this.valid,
      firstInvalidAt: this.invalidAt,
      truncated: this.bytes > this.keptBytes,
    };
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
