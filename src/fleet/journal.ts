/**
 * `--journal FILE`: a crash-safe NDJSON log of finished targets, one line per target, appended
 * with a single write and flushed to disk (fdatasync) before the next target is counted done.
 * A process killed mid-write leaves at most one torn last line, which `--resume` cuts off; a
 * resumed run skips every target the journal holds and scans the rest, so each target is
 * scanned to completion exactly once per run. The journal is the source of truth: the history
 * database is written after it, and a resumed run replays journal lines the database misses.
 */
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  writeSync,
} from 'node:fs';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

import { identityOf } from '../targets/target.js';
import type { ScanRecord } from './record.js';
import { RECORD_VERSION } from './record.js';

export interface JournalLine {
  readonly v: typeof RECORD_VERSION;
  readonly runId: string;
  readonly record: ScanRecord;
}

export class JournalError extends Error {}

function isJournalLine(v: unknown): v is JournalLine {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Readonly<Record<string, unknown>>;
  const record = o['record'];
  return (
    o['v'] === RECORD_VERSION &&
    typeof o['runId'] === 'string' &&
    typeof record === 'object' &&
    record !== null &&
    typeof (record as Readonly<Record<string, unknown>>)['target'] === 'object'
  );
}

/** Every complete line of a journal, in order. A torn (unterminated) last line is ignored. */
export async function* readJournal(file: string): AsyncIterable<JournalLine> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let lineNo = 0;
  let pending: string | null = null;
  for await (const line of lines) {
    if (line.trim() === '') {
      lineNo++;
      continue;
    }
    // readline also yields an unterminated last line: keep one line back and judge it at the end.
    if (pending !== null) yield parse(pending, lineNo);
    lineNo++;
    pending = line;
  }
  if (pending !== null && endsWithNewline(file)) yield parse(pending, lineNo);

  function parse(text: string, n: number): JournalLine {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      throw new JournalError(`${file}: line ${n} is not JSON (not a journal written by mcp-posture?)`);
    }
    if (!isJournalLine(v)) throw new JournalError(`${file}: line ${n} is not a journal entry`);
    return v;
  }
}

function endsWithNewline(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return true;
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, size - 1);
    return b[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** Cuts a torn last line (a write interrupted by a kill) so appends start on a line of their own. */
function cutTornTail(fd: number): void {
  const size = fstatSync(fd).size;
  if (size === 0) return;
  const chunk = Buffer.alloc(Math.min(size, 1 << 20));
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const n = readSync(fd, chunk, 0, end - start, start);
    const i = chunk.subarray(0, n).lastIndexOf(0x0a);
    if (i >= 0) {
      if (start + i + 1 < size) ftruncateSync(fd, start + i + 1);
      return;
    }
    end = start;
  }
  ftruncateSync(fd, 0);
}

export interface JournalState {
  /**
   * Identities of the targets the journal already holds for `runId` (a line written by an older
   * mcp-posture is read through `identityOf`, so it still matches its target).
   */
  readonly done: ReadonlySet<string>;
  /** The run the journal belongs to (null for a new or empty journal). */
  readonly runId: string | null;
  /** Exit codes of the journaled targets (a resumed run's code counts them too). */
  readonly exitCodes: ReadonlySet<number>;
}

/** What an existing journal holds; a journal of several runs is refused (one journal per run). */
export async function journalState(file: string): Promise<JournalState> {
  if (!existsSync(file)) return { done: new Set(), runId: null, exitCodes: new Set() };
  const done = new Set<string>();
  const exitCodes = new Set<number>();
  let runId: string | null = null;
  for await (const line of readJournal(file)) {
    if (runId !== null && line.runId !== runId)
      throw new JournalError(
        `${file} holds more than one run (${runId}, ${line.runId}); use one journal per run`,
      );
    runId = line.runId;
    done.add(identityOf(line.record.target.url));
    exitCodes.add(line.record.exitCode);
  }
  return { done, runId, exitCodes };
}

export interface JournalWriter {
  append(record: ScanRecord): void;
  close(): void;
}

export function openJournalWriter(file: string, runId: string): JournalWriter {
  let fd: number;
  try {
    fd = openSync(file, 'a+');
    cutTornTail(fd);
  } catch (err) {
    throw new JournalError(
      `cannot open the journal ${file}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return {
    append(record) {
      const line: JournalLine = { v: RECORD_VERSION, runId, record };
      const bytes = Buffer.from(`${JSON.stringify(line)}\n`, 'utf8');
      // One write per line (O_APPEND), then flushed: a line is either whole on disk or torn at the end.
      let off = 0;
      while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
      fdatasyncSync(fd);
    },
    close() {
      closeSync(fd);
    },
  };
}
