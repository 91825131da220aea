/** Config targets with `command`, `args`, `env` and `cwd`: local stdio servers scanned like URLs. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../../src/config/load.js';
import { runCli } from '../helpers/cli.js';
import { FIXTURE } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'stdio-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('config stdio targets', () => {
  it('a target is a url or a command, not both; args/env/cwd need command', () => {
    const ok = parseConfig(
      JSON.stringify({ targets: [{ name: 'local', command: 'node', args: ['s.js'], env: { A: 'b' } }] }),
    );
    expect(ok.targets[0]!.url).toBe('stdio:node s.js');
    expect(() =>
      parseConfig(JSON.stringify({ targets: [{ url: 'https://x.example/mcp', command: 'node' }] })),
    ).toThrow(/either url or command/);
    expect(() =>
      parseConfig(JSON.stringify({ targets: [{ url: 'https://x.example/mcp', args: ['x'] }] })),
    ).toThrow(/args needs command/);
    expect(() => parseConfig(JSON.stringify({ targets: [{ name: 'none' }] }))).toThrow(
      /either url or command/,
    );
  });

  it('scans a configured stdio target; ${env:NAME} is read at scan time; --plan runs nothing', async () => {
    const config = join(dir, 'mcp-posture.config.json');
    const report = join(dir, 'seen.json');
    writeFileSync(
      config,
      JSON.stringify({
        targets: [
          {
            name: 'fixture',
            command: process.execPath,
            args: [FIXTURE, '--flaw', 'stderr-invalid', '--report', report],
            env: { FROM_ENV: '${env:STDIO_CONFIG_TEST_VALUE}' },
          },
        ],
      }),
    );
    process.env['STDIO_CONFIG_TEST_VALUE'] = 'value-from-env';
    try {
      const plan = await runCli(['scan', '--plan', '--config', config]);
      expect(plan.code).toBe(0);
      expect(plan.stdout).toContain('FROM_ENV=[REDACTED] (declared)');
      const r = await runCli(['scan', '--config', config, '--format', 'json']);
      const out = JSON.parse(r.stdout) as {
        target: { url: string };
        results: { checkId: string; status: string }[];
      };
      expect(out.target.url).toContain('stdio:');
      expect(out.results.find((x) => x.checkId === 'MCPP-STDIO03')?.status).toBe('fail');
      expect((JSON.parse(readFileSync(report, 'utf8')) as { env: string[] }).env).toEqual([
        'FROM_ENV',
        'HOME',
        'MCP_POSTURE_LAUNCH',
        'PATH',
      ]);
      expect(r.code).toBe(0); // info-severity failures do not fail the default gate
    } finally {
      delete process.env['STDIO_CONFIG_TEST_VALUE'];
    }
  }, 30_000);
});
