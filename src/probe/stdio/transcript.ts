/**
 * The record of one launch's lines, both directions (docs/stdio.md#the-model): each line redacted
 * before it is cut to the excerpt limit, at most `maxRecordedLines` kept (more are counted), each
 * stdout line's framing counted over all lines, and the requests the server sent, by phase.
 */
import type { StdioFraming, StdioLaunch } from '../../evidence/stdio-types.js';
import { excerptOf } from '../../evidence/parse/long-strings.js';
import type { RedactText } from '../../targets/redact-command.js';

export interface MutableLine {
  seq: number;
  dir: 'in' | 'out';
  phase: 'modern' | 'legacy';
  atMs: number;
  text: string;
  bytes: number;
  truncated: boolean;
  framing?: StdioFraming;
  requestMethod?: string;
  crlf?: boolean;
}

const MAX_REQUESTS_KEPT = 20;

export class Transcript {
  private seq = 0;
  private readonly lines: MutableLine[] = [];
  private dropped = 0;
  private readonly counts: Partial<Record<StdioFraming, number>> = {};
  private readonly requests = { modern: [] as string[], legacy: [] as string[] };
  private readonly started = Date.now();

  constructor(
    private readonly redact: RedactText,
    private readonly maxLines: number,
    private readonly excerptChars: number,
  ) {}

  record(dir: 'in' | 'out', phase: 'modern' | 'legacy', text: string, bytes: number): MutableLine {
    const max = this.excerptChars;
    const line: MutableLine = {
      seq: ++this.seq,
      dir,
      phase,
      atMs: Date.now() - this.started,
      // Redacted before it is cut, so a cut cannot leave half a secret behind.
      text: excerptOf(this.redact(text.slice(0, max + 256)), max),
      bytes,
      truncated: text.length > max,
    };
    if (this.lines.length < this.maxLines) this.lines.push(line);
    else this.dropped++;
    return line;
  }

  classify(line: MutableLine, framing: StdioFraming): void {
    line.framing = framing;
    this.counts[framing] = (this.counts[framing] ?? 0) + 1;
  }

  /** A request the server wrote on this line. */
  request(line: MutableLine, method: string): void {
    line.requestMethod = excerptOf(method, 200);
    const list = this.requests[line.phase];
    if (list.length < MAX_REQUESTS_KEPT) list.push(line.requestMethod);
  }

  /** `seq` of the last line recorded, either direction (0 before any). */
  lastSeq(): number {
    return this.seq;
  }

  /** Non-JSON stdout lines recorded after `seq` (the era probe's window). */
  nonJsonAfter(seq: number): number {
    return this.lines.filter((l) => l.dir === 'out' && l.seq > seq && l.framing === 'non-json').length;
  }

  evidence(): Pick<StdioLaunch, 'lines' | 'linesDropped' | 'framingCounts' | 'serverRequests'> {
    return {
      lines: this.lines.map((l) => ({ ...l })),
      linesDropped: this.dropped,
      framingCounts: { ...this.counts },
      serverRequests: { modern: [...this.requests.modern], legacy: [...this.requests.legacy] },
    };
  }
}
