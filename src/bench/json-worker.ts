/** Runs a bench worker script in its own Node process: JSON in on stdin, its last stdout line out. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * @param script the worker's file name next to this module (e.g. `many-worker.js`)
 * @param nodeFlags V8 flags the worker starts with (a fleet worker: those the CLI gives a fleet run)
 */
export function runJsonWorker<O>(
  script: string,
  input: unknown,
  nodeFlags: readonly string[] = [],
): Promise<O> {
  const worker = fileURLToPath(new URL(`./${script}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, worker], { stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => (stdout += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${script} exited ${String(code)}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as O);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}
