import { describe, expect, it } from 'vitest';

import { ConfigError, parseConfig } from '../../src/config/load.js';
import { envOverrides, findTarget, resolveTargetSettings } from '../../src/config/resolve.js';

const config = parseConfig(
  JSON.stringify({
    defaults: {
      failOn: 'low',
      mode: 'passive',
      minGrade: 'C',
      timeoutMs: 1000,
      scanTimeoutMs: 5000,
      headers: { 'X-Tenant': 'acme', 'X-Trace': 'on' },
      thresholds: { certExpiryDays: 10, hstsMaxAge: 100 },
    },
    targets: [
      {
        name: 'prod',
        url: 'https://mcp.example.com/mcp',
        failOn: 'high',
        timeoutMs: 2000,
        headers: { 'x-tenant': 'prod' },
        thresholds: { certExpiryDays: 20 },
        spec: 'draft',
      },
      { name: 'dev', url: 'http://127.0.0.1:3000/mcp' },
    ],
  }),
);

const prod = config.targets[0]!;
const NO_ENV = {};

describe('resolveTargetSettings: precedence CLI flag > env > target > defaults > built-in', () => {
  it('built-in defaults without a config', () => {
    const s = resolveTargetSettings(null, 'https://x.example/mcp', NO_ENV);
    expect(s).toMatchObject({
      url: 'https://x.example/mcp',
      name: null,
      mode: 'safe',
      failOn: 'medium',
      minGrade: null,
      timeoutMs: 10_000,
      scanTimeoutMs: 120_000,
      spec: null,
      headers: {},
      tokenEnv: null,
      allowPrivate: false,
      formats: ['text'],
      outputDir: null,
      thresholds: { certExpiryDays: 30, hstsMaxAge: 31_536_000, sessionEntropyBits: 64 },
    });
    expect(s.sources.failOn).toBe('builtin');
  });

  it('oauthClient: taken whole from the highest layer that sets it', () => {
    const client = { clientId: 'from-defaults', redirectUri: 'http://127.0.0.1:1/cb' };
    const cfg = parseConfig(
      JSON.stringify({ defaults: { oauthClient: client }, targets: [{ url: 'http://127.0.0.1:3000/mcp' }] }),
    );
    expect(resolveTargetSettings(null, 'https://x.example/mcp', NO_ENV).oauthClient).toBeNull();
    const s = resolveTargetSettings(cfg, 'http://127.0.0.1:3000/mcp', NO_ENV);
    expect([s.oauthClient, s.sources.oauthClient]).toEqual([client, 'defaults']);
    const cli = { clientId: 'from-cli', redirectUri: 'http://127.0.0.1:2/cb' };
    const t = resolveTargetSettings(cfg, 'http://127.0.0.1:3000/mcp', NO_ENV, { oauthClient: cli });
    expect([t.oauthClient, t.sources.oauthClient]).toEqual([cli, 'cli']);
  });

  it('defaults apply to a target that does not override', () => {
    const s = resolveTargetSettings(config, 'dev', NO_ENV);
    expect(s).toMatchObject({ failOn: 'low', mode: 'passive', timeoutMs: 1000, name: 'dev' });
    expect(s.sources).toMatchObject({ failOn: 'defaults', mode: 'defaults', formats: 'builtin' });
  });

  it('the target overrides the defaults', () => {
    const s = resolveTargetSettings(config, prod, NO_ENV);
    expect(s).toMatchObject({ failOn: 'high', timeoutMs: 2000, minGrade: 'C', spec: '2026-07-28' });
    expect(s.sources).toMatchObject({ failOn: 'target', minGrade: 'defaults' });
  });

  it('the environment overrides the target', () => {
    const env = {
      MCP_POSTURE_FAIL_ON: 'critical',
      MCP_POSTURE_MODE: 'intrusive',
      MCP_POSTURE_MIN_GRADE: 'a+',
      MCP_POSTURE_TIMEOUT_MS: '3000',
    };
    const s = resolveTargetSettings(config, prod, env);
    expect(s).toMatchObject({ failOn: 'critical', mode: 'intrusive', minGrade: 'A+', timeoutMs: 3000 });
    expect(s.sources).toMatchObject({ failOn: 'env', mode: 'env', minGrade: 'env', timeoutMs: 'env' });
  });

  it('a CLI flag overrides the environment', () => {
    const s = resolveTargetSettings(
      config,
      prod,
      { MCP_POSTURE_FAIL_ON: 'critical', MCP_POSTURE_TIMEOUT_MS: '3000' },
      {
        failOn: 'none',
      },
    );
    expect(s.failOn).toBe('none');
    expect(s.sources.failOn).toBe('cli');
    expect(s.timeoutMs).toBe(3000);
  });

  it('headers merge per (case-insensitive) name; thresholds per member', () => {
    const s = resolveTargetSettings(config, prod, NO_ENV, { headers: { 'X-Trace': 'off' } });
    expect(s.headers).toEqual({ 'x-tenant': 'prod', 'x-trace': 'off' });
    expect(s.thresholds).toEqual({ certExpiryDays: 20, hstsMaxAge: 100, sessionEntropyBits: 64 });
  });

  it('finds a target by name or by (normalised) URL; an unconfigured URL gets the defaults', () => {
    expect(findTarget(config, 'prod')).toBe(prod);
    expect(findTarget(config, 'https://MCP.example.com:443/mcp')).toBe(prod);
    const adHoc = resolveTargetSettings(config, 'https://other.example/mcp', NO_ENV);
    expect(adHoc).toMatchObject({ url: 'https://other.example/mcp', name: null, failOn: 'low' });
    expect(() => resolveTargetSettings(config, 'staging', NO_ENV)).toThrow(/no target named "staging"/);
  });
});

describe('envOverrides', () => {
  it('ignores blank variables', () => {
    expect(envOverrides({ MCP_POSTURE_FAIL_ON: '', MCP_POSTURE_MODE: '  ' })).toEqual({});
  });

  it('rejects bad values, naming each variable', () => {
    try {
      envOverrides({
        MCP_POSTURE_FAIL_ON: 'severe',
        MCP_POSTURE_MODE: 'loud',
        MCP_POSTURE_MIN_GRADE: 'E',
        MCP_POSTURE_TIMEOUT_MS: '10s',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).source).toBe('environment');
      expect((err as ConfigError).issues).toEqual([
        'MCP_POSTURE_FAIL_ON: expected one of critical|high|medium|low|info|none',
        'MCP_POSTURE_MODE: expected one of passive|safe|intrusive',
        'MCP_POSTURE_MIN_GRADE: expected one of A+|A|B|C|D|F',
        'MCP_POSTURE_TIMEOUT_MS: expected a positive integer (milliseconds)',
      ]);
    }
    expect(() => envOverrides({ MCP_POSTURE_TIMEOUT_MS: '0' })).toThrow(ConfigError);
  });
});
