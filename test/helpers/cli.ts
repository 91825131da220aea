/**
 * Runs the CLI in-process: `main(['node', 'mcp-posture', ...args])` with stdout and
 * stderr captured (and restored before returning), process.exitCode reset before the
 * run, and the wall time measured.
 */
import { performance } from 'node:perf_hooks';

import { vi } from 'vitest';

import { main } from '../../src/cli/main.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

function capture(stream: NodeJS.WriteStream, into: string[]) {
  const fake = (chunk: unknown, ...rest: unknown[]): boolean => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    // Honour a completion callback (write(chunk, cb) or write(chunk, encoding, cb)).
    const cb = rest.find((r): r is () => void => typeof r === 'function');
    cb?.();
    return true;
  };
  return vi.spyOn(stream, 'write').mockImplementation(fake);
}

export async function runCli(args: readonly string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  process.exitCode = undefined;
  const stdout = capture(process.stdout, out);
  const stderr = capture(process.stderr, err);
  const started = performance.now();
  try {
    const code = await main(['node', 'mcp-posture', ...args]);
    return { code, stdout: out.join(''), stderr: err.join(''), ms: performance.now() - started };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    process.exitCode = undefined;
  }
}

/** A stack trace line (`    at fn (file:line:col)`) or an uncaught error's name. */
export const STACK_TRACE = /^\s+at\s|\n\s+at\s|(?:Type|Reference|Range|Syntax)Error:/m;
