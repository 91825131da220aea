/**
 * Starts the framework fixture servers of test/fixtures/frameworks as child processes on a free
 * loopback port, waits until the port accepts connections, and stops them by their own pid.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'test', 'fixtures', 'frameworks');
export const VENV_PYTHON = join(ROOT, 'test', 'real', '.venv', 'bin', 'python');

/** The real frameworks that run here, by the id their signature uses. */
export const RUNNABLE = {
  'fastmcp-ts': 'fastmcp-ts.mjs',
  'mcp-handler': 'mcp-handler.mjs',
  'mcp-use': 'mcp-use.mjs',
  tmcp: 'tmcp.mjs',
  'mcp-framework': 'mcp-framework.mjs',
  'python-sdk': 'python-mcp.py',
  'fastmcp-python': 'python-fastmcp.py',
} as const;
export type RunnableFramework = keyof typeof RUNNABLE;

export interface RunningFramework {
  readonly url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the framework server exited early:\n${output()}`);
    if (await accepts(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the framework server did not listen on ${port} within 30 s:\n${output()}`);
}

/** Frameworks whose script has a second configuration (`VARIANT=alt`), used as held-out evidence. */
export const HAS_VARIANT: readonly RunnableFramework[] = [
  'fastmcp-ts',
  'tmcp',
  'mcp-framework',
  'python-sdk',
  'fastmcp-python',
];

export async function startFramework(
  name: RunnableFramework,
  variant: 'default' | 'alt' = 'default',
): Promise<RunningFramework> {
  const script = join(DIR, RUNNABLE[name]);
  const port = await freePort();
  const command = script.endsWith('.py') ? VENV_PYTHON : process.execPath;
  const child = spawn(command, [script], {
    // A scratch working directory: some frameworks write state files where they run.
    cwd: mkdtempSync(join(tmpdir(), 'mcp-posture-framework-')),
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: String(port),
      NODE_ENV: 'production',
      VARIANT: variant,
      // mcp-use reports usage to a telemetry endpoint by default: off (there is no network here anyway).
      MCP_USE_ANONYMIZED_TELEMETRY: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForPort(port, child, () => output);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
