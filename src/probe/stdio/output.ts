/**
 * What a launched server writes to stdout, read under the caps (docs/stdio.md#bounds): split into
 * lines (./streams.ts), framed into messages (./framing.ts), recorded with the lines the scanner
 * writes (./transcript.ts). A line that crosses a limit — deeper than the parser goes, longer than
 * one message may be, a multi-line message too long, all of stdout over its cap — is refused by
 * name: recorded with the limit, and handed on at once with the top-level `id` it carried, so the
 * request it answers fails now rather than at its timeout.
 */
import type { StdioLaunch, StdioLimit, StdioRefusal } from '../../evidence/stdio-types.js';
import { excerptOf } from '../../evidence/parse/long-strings.js';
import type { RedactText } from '../../targets/redact-command.js';
import { LineFramer } from './framing.js';
import type { StdioLimits } from './launch-env.js';
import { StdoutReader } from './streams.js';
import type { TopLevel } from './top-level.js';
import { topLevelOf } from './top-level.js';
import type { MutableLine } from './transcript.js';
import { Transcript } from './transcript.js';

const MAX_REFUSALS_KEPT = 20;

export interface OutputHandlers {
  /** A JSON-RPC message found on stdout, and the line it ended on. */
  message(value: unknown, line: MutableLine): void;
  /** A refused line (see the module comment); `top` is what its top level said. */
  refused(refusal: StdioRefusal, top: TopLevel): void;
}

export class ServerOutput {
  private readonly transcript: Transcript;
  private readonly framer: LineFramer<MutableLine>;
  private readonly reader: StdoutReader;
  private readonly refusals: StdioRefusal[] = [];
  /** The line being read when it crossed the per-message cap: recorded then, finished at its newline. */
  private overflowing: MutableLine | null = null;
  /** The era of what is recorded from now on. */
  phase: 'modern' | 'legacy' = 'modern';

  constructor(
    private readonly limits: StdioLimits,
    private readonly redact: RedactText,
    private readonly handlers: OutputHandlers,
  ) {
    this.transcript = new Transcript(redact, limits.maxRecordedLines, limits.excerptChars);
    this.framer = new LineFramer<MutableLine>({
      classify: (line, framing) => this.transcript.classify(line, framing),
      deliver: (message, line) => this.handlers.message(message, line),
      refuse: (line, limit, detail, text) => this.refuse(line.seq, limit, detail, text),
    });
    this.reader = new StdoutReader(limits, {
      overflow: (prefix, bytes) => {
        const line = this.record('out', prefix, bytes);
        line.truncated = true;
        this.overflowing = line;
        this.framer.tooLong(line);
        this.refuse(line.seq, 'message-bytes', `a line over ${limits.maxMessageBytes} bytes`, prefix);
      },
      line: (text, bytes, o) => {
        const cut = this.overflowing;
        if (o.tooLong && cut) {
          cut.bytes = bytes;
          if (o.crlf) cut.crlf = true;
          this.overflowing = null;
          return;
        }
        const line = this.record('out', text, bytes);
        if (o.crlf) line.crlf = true;
        this.framer.line(line, text);
      },
    });
  }

  /** Reads one chunk of stdout; false when the total cap was passed (the caller kills the process). */
  push(chunk: Buffer): boolean {
    if (this.reader.capped) return false;
    if (this.reader.push(chunk)) return true;
    const detail = `stdout over ${this.limits.maxStdoutBytes} bytes`;
    this.refuse(this.transcript.lastSeq(), 'stdout-bytes', detail, '');
    return false;
  }

  get capped(): boolean {
    return this.reader.capped;
  }

  get bytes(): number {
    return this.reader.bytes;
  }

  /** stdout ended (or is let go): the last unterminated line and any pending message are settled. */
  finish(): void {
    this.reader.finish();
    this.framer.end();
  }

  record(dir: 'in' | 'out', text: string, bytes: number): MutableLine {
    return this.transcript.record(dir, this.phase, text, bytes);
  }

  /** A request the server wrote on this line. */
  serverRequest(line: MutableLine, method: string): void {
    this.transcript.request(line, method);
  }

  nonJsonAfter(seq: number): number {
    return this.transcript.nonJsonAfter(seq);
  }

  evidence(): Pick<
    StdioLaunch,
    'lines' | 'linesDropped' | 'framingCounts' | 'serverRequests' | 'stdout' | 'refused'
  > {
    const r = this.reader;
    return {
      ...this.transcript.evidence(),
      stdout: {
        bytes: r.bytes,
        capped: r.capped,
        unterminated: r.unterminated === null ? null : this.redact(excerptOf(r.unterminated, 400)),
        unterminatedIsMessage: r.unterminatedIsMessage,
      },
      refused: this.refusals.map((x) => ({ ...x })),
    };
  }

  private refuse(seq: number, limit: StdioLimit, detail: string, text: string): void {
    const top = topLevelOf(text);
    const id = top.id === undefined ? null : typeof top.id === 'string' ? this.redact(top.id) : top.id;
    const refusal: StdioRefusal = { seq, limit, detail, id };
    if (this.refusals.length < MAX_REFUSALS_KEPT) this.refusals.push(refusal);
    this.handlers.refused(refusal, top);
  }
}
