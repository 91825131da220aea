/**
 * A stdio server that cannot be scanned: the report's first line says why in plain words (the spawn
 * error, the exit code with what the server wrote on stderr, or that it answered nothing), then the
 * next step, and nothing passes there. Real processes, through the CLI.
 */
import { describe, expect, it } from 'vitest';

import { runCli } from '../helpers/cli.js';

const FAST = ['--timeout', '1500', '--scan-timeout', '8000', '--no-color'];

function head(stdout: string): [string, string] {
  const [first = '', second = ''] = stdout.split('\n');
  return [first, second];
}

describe('a stdio server that cannot be scanned says why first', () => {
  it('a command that does not exist: the spawn error (ENOENT) and where to look', async () => {
    const r = await runCli(['scan', ...FAST, '--stdio', '--', 'mcp-posture-no-such-command-x1']);
    expect(r.code).toBe(3);
    const [why, next] = head(r.stdout);
    expect(why).toMatch(/^cannot start mcp-posture-no-such-command-x1: .*ENOENT/);
    expect(next).toMatch(/^ {2}next: check that mcp-posture-no-such-command-x1 is installed and on PATH/);
    expect(r.stdout).not.toMatch(/^PASS/m);
  });

  it('a server that exits 1 with a message on stderr: the exit code and the message', async () => {
    const script = "console.error('boom: missing API key'); process.exit(1)";
    const r = await runCli(['scan', ...FAST, '--stdio', '--', process.execPath, '-e', script]);
    expect(r.code).toBe(3);
    const [why] = head(r.stdout);
    expect(why).toContain('exited (code 1) before answering');
    expect(why).toContain('boom: missing API key');
  });

  it('a process that answers nothing on stdout: said so, with the next step', async () => {
    // A silent server gets the start allowance and the era window (about 10 s) before the fallback:
    // the scan deadline must leave room for both.
    const patient = ['--timeout', '1500', '--scan-timeout', '30000', '--no-color'];
    const r = await runCli([
      'scan',
      ...patient,
      '--stdio',
      '--',
      process.execPath,
      '-e',
      'setTimeout(() => {}, 60000)',
    ]);
    expect(r.code).toBe(3);
    const [why, next] = head(r.stdout);
    expect(why).toMatch(/started but answered no MCP request on stdout$/);
    expect(next).toMatch(/speaks? MCP over stdio|starts an MCP server over stdio/);
  }, 60_000);

  it('the JSON report carries the same cause for machines', async () => {
    const r = await runCli([
      'scan',
      ...FAST,
      '--format',
      'json',
      '--stdio',
      '--',
      'mcp-posture-no-such-command-x1',
    ]);
    const report = JSON.parse(r.stdout) as { target: { unreached?: { cause: string; why: string } } };
    expect(report.target.unreached?.cause).toBe('spawn');
  });
});
