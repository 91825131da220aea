/** `mcp-posture scan --stdio -- <command> [args...]` end to end, in-process. */
import { describe, expect, it } from 'vitest';

import { runCli } from '../helpers/cli.js';
import { FIXTURE } from './helpers.js';

describe('scan --stdio', () => {
  it('--plan shows the command line and the environment (declared values redacted), and runs nothing', async () => {
    const r = await runCli([
      'scan',
      '--plan',
      '--stdio',
      '--env',
      'API_KEY=sk-plan-secret-0123456789',
      '--',
      process.execPath,
      FIXTURE,
      '--report',
      '/nonexistent/dir/never-written.json',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`command  ${process.execPath} ${FIXTURE} --report`);
    expect(r.stdout).toContain('API_KEY=[REDACTED] (declared)');
    expect(r.stdout).toContain('HOME=<a throwaway directory, removed afterwards>');
    expect(r.stdout).not.toContain('sk-plan-secret-0123456789');
    expect(r.stdout).toMatch(/passive +write +p\.discover/);
    expect(r.stdout).toContain('nothing was run');
  });

  it('scans a flawed server: the JSON report names the stdio target, its revision and the STDIO01 failure', async () => {
    const r = await runCli([
      'scan',
      '--format',
      'json',
      '--stdio',
      '--',
      process.execPath,
      FIXTURE,
      '--flaw',
      'banner',
    ]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as {
      target: { url: string; transport: string; revision: { known: string[] } };
      results: { checkId: string; status: string; key: string | null }[];
    };
    expect(report.target.url).toBe(`stdio:${process.execPath} ${FIXTURE} --flaw banner`);
    expect(report.target.transport).toBe('stdio');
    expect(report.target.revision.known).toEqual(['2025-11-25']);
    const stdio01 = report.results.filter((x) => x.checkId === 'MCPP-STDIO01');
    expect(stdio01.map((x) => [x.status, x.key])).toEqual([['fail', 'startup-banner']]);
    expect((report as unknown as { settings: { sandbox: unknown } }).settings.sandbox).toEqual({
      requested: false,
      applied: false,
      detail: 'not requested',
      mode: 'off',
      method: null,
    });
  }, 30_000);

  it('arguments after a URL without --stdio are a usage error', async () => {
    const r = await runCli(['scan', 'http://127.0.0.1:1/mcp', 'extra']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('needs --stdio');
  });

  it('--stdio without a command is a usage error', async () => {
    const r = await runCli(['scan', '--stdio']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--stdio needs a command');
  });
});
