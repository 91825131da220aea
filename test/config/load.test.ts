import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig, parseConfig } from '../../src/config/load.js';

const FULL = {
  $schema: './schema/config.schema.json',
  defaults: {
    mode: 'safe',
    failOn: 'high',
    minGrade: 'B',
    timeoutMs: 5000,
    scanTimeoutMs: 60000,
    spec: 'draft',
    headers: { 'X-Tenant': 'acme' },
    tokenEnv: 'MCP_TOKEN',
    allowPrivate: false,
    formats: ['text', 'json', 'sarif'],
    outputDir: 'reports',
    thresholds: { certExpiryDays: 14, hstsMaxAge: 15552000, sessionEntropyBits: 96 },
  },
  targets: [
    { name: 'prod', url: 'https://mcp.example.com/mcp', failOn: 'medium', minGrade: 'A' },
    {
      url: 'http://127.0.0.1:3000/mcp',
      mode: 'passive',
      designateTool: { name: 'echo', arguments: { text: 'hi' } },
      oauthClient: { clientId: 'mcp-client', redirectUri: 'http://127.0.0.1:3999/callback' },
    },
  ],
  suppressions: [
    { check: 'TRN05', target: 'prod', reason: 'HSTS set at the CDN', expires: '2026-12-31' },
    {
      check: 'mcpp-act01',
      key: 'null',
      location: 'endpoint',
      reason: 'null origin allowed for the desktop app',
    },
  ],
  baseline: 'mcp-posture.baseline.json',
};

/** The issues of a config that must be rejected. */
function issuesOf(config: unknown): readonly string[] {
  try {
    parseConfig(JSON.stringify(config), { source: 'mcp-posture.config.json' });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).issues;
  }
  throw new Error('config was accepted');
}

const target = { url: 'https://mcp.example.com/mcp' };

describe('parseConfig: a valid file', () => {
  it('accepts every documented field', () => {
    const cfg = parseConfig(JSON.stringify(FULL));
    expect(cfg.targets).toHaveLength(2);
    expect(cfg.defaults?.thresholds?.certExpiryDays).toBe(14);
    expect(cfg.suppressions?.[1]?.check).toBe('mcpp-act01');
  });

  it('accepts the smallest file', () => {
    expect(parseConfig(JSON.stringify({ targets: [target] }))).toEqual({ targets: [target] });
  });

  it('loadConfig resolves baseline and outputDir against the file directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpp-config-'));
    mkdirSync(join(dir, 'ci'));
    const path = join(dir, 'ci', 'mcp-posture.config.json');
    writeFileSync(path, JSON.stringify(FULL));
    const cfg = loadConfig(path);
    expect(cfg.baseline).toBe(join(dir, 'ci', 'mcp-posture.baseline.json'));
    expect(cfg.defaults?.outputDir).toBe(join(dir, 'ci', 'reports'));
  });
});

describe('parseConfig: errors name the path of the bad key', () => {
  it('an enum value', () => {
    expect(issuesOf({ targets: [target, { ...target, failOn: 'severe' }] })).toEqual([
      'targets[1].failOn: expected one of critical|high|medium|low|info|none',
    ]);
    expect(issuesOf({ defaults: { mode: 'aggressive' }, targets: [target] })).toEqual([
      'defaults.mode: expected one of passive|safe|intrusive',
    ]);
    expect(issuesOf({ targets: [{ ...target, minGrade: 'E' }] })).toEqual([
      'targets[0].minGrade: expected one of A+|A|B|C|D|F',
    ]);
    expect(issuesOf({ targets: [{ ...target, formats: ['pdf'] }] })).toEqual([
      'targets[0].formats[0]: expected one of text|json|sarif|markdown|junit|html|compliance|migration',
    ]);
  });

  it('an unknown key (a typo is never silently ignored)', () => {
    expect(issuesOf({ defaults: { failon: 'high' }, targets: [target] })).toEqual([
      'defaults.failon: unknown key',
    ]);
    expect(issuesOf({ targets: [{ ...target, thresholds: { hsts: 1 } }], extra: true })).toEqual([
      'targets[0].thresholds.hsts: unknown key',
      'extra: unknown key',
    ]);
  });

  it('a missing or empty target list, a missing or bad URL', () => {
    expect(issuesOf({})).toEqual(['targets: required']);
    expect(issuesOf({ targets: [] })).toEqual(['targets: expected at least one target']);
    expect(issuesOf({ targets: [{ name: 'x' }] })).toEqual(['targets[0].url: give either url or command']);
    expect(issuesOf({ targets: [{ url: 'ftp://x.example/mcp' }] })).toEqual([
      'targets[0].url: expected an http:// or https:// URL',
    ]);
  });

  it('numbers, types and formats', () => {
    for (const bad of [0, -1, 1.5, '5000'])
      expect(issuesOf({ defaults: { timeoutMs: bad }, targets: [target] })).toEqual([
        'defaults.timeoutMs: expected a positive integer (milliseconds)',
      ]);
    expect(issuesOf({ targets: [{ ...target, thresholds: { certExpiryDays: -1 } }] })).toEqual([
      'targets[0].thresholds.certExpiryDays: expected an integer ≥ 0 (days)',
    ]);
    expect(issuesOf({ targets: [{ ...target, allowPrivate: 'yes' }] })).toEqual([
      'targets[0].allowPrivate: expected boolean, received string',
    ]);
    expect(issuesOf({ targets: [{ ...target, tokenEnv: 'MY-TOKEN' }] })).toEqual([
      'targets[0].tokenEnv: expected an environment variable name',
    ]);
    expect(issuesOf({ targets: [{ ...target, spec: '2025-01-01' }] })[0]).toMatch(
      /^targets\[0]\.spec: expected one of 2024-11-05\|.*\|draft$/,
    );
  });

  it('oauthClient: both members, and an absolute redirect URI', () => {
    expect(
      issuesOf({ targets: [{ ...target, oauthClient: { clientId: 'c', redirectUri: '/cb' } }] }),
    ).toEqual(['targets[0].oauthClient.redirectUri: expected an absolute URL']);
    expect(issuesOf({ targets: [{ ...target, oauthClient: { clientId: 'c' } }] })).toEqual([
      'targets[0].oauthClient.redirectUri: required',
    ]);
    expect(
      issuesOf({
        defaults: { oauthClient: { clientId: '', redirectUri: 'com.example.app:/cb' } },
        targets: [target],
      }),
    ).toEqual(['defaults.oauthClient.clientId: expected a client_id']);
  });

  it('headers: bad names, and credentials kept out of the file', () => {
    expect(issuesOf({ defaults: { headers: { 'bad header': 'x' } }, targets: [target] })).toEqual([
      'defaults.headers["bad header"]: invalid header name',
    ]);
    expect(issuesOf({ targets: [{ ...target, headers: { Authorization: 'Bearer x' } }] })).toEqual([
      'targets[0].headers.Authorization: do not put credentials in the config file; name an environment variable in tokenEnv',
    ]);
  });

  it('suppressions: a reason is required and must not be blank', () => {
    expect(issuesOf({ targets: [target], suppressions: [{ check: 'TRN05' }] })).toEqual([
      'suppressions[0].reason: required',
    ]);
    expect(issuesOf({ targets: [target], suppressions: [{ check: 'TRN05', reason: '   ' }] })).toEqual([
      'suppressions[0].reason: a suppression needs a non-empty reason',
    ]);
  });

  it('suppressions: check ID form and expiry date', () => {
    expect(issuesOf({ targets: [target], suppressions: [{ check: 'HSTS', reason: 'r' }] })).toEqual([
      'suppressions[0].check: expected a check ID such as MCPP-TRN01 or trn01',
    ]);
    for (const expires of ['31/12/2026', '2026-02-30', '2026-12-31T00:00:00Z'])
      expect(
        issuesOf({ targets: [target], suppressions: [{ check: 'TRN05', reason: 'r', expires }] }),
      ).toEqual(['suppressions[0].expires: expected a date YYYY-MM-DD']);
  });

  it('duplicate target names', () => {
    expect(
      issuesOf({
        targets: [
          { ...target, name: 'a' },
          { url: 'https://b.example/mcp', name: 'a' },
        ],
      }),
    ).toEqual(['targets[1].name: duplicate target name "a" (also targets[0])']);
  });

  it('lists every issue at once, in the error message too', () => {
    const issues = issuesOf({
      defaults: { failOn: 'x', timeoutMs: 0 },
      targets: [{ url: 'nope' }],
      suppressions: [{ check: 'TRN05' }],
    });
    expect(issues).toHaveLength(4);
    try {
      parseConfig(JSON.stringify({ defaults: { failOn: 'x' }, targets: [target] }), { source: 'c.json' });
    } catch (err) {
      expect((err as Error).message).toBe(
        'c.json: invalid configuration\n  - defaults.failOn: expected one of critical|high|medium|low|info|none',
      );
    }
  });

  it('not JSON, or not readable', () => {
    expect(() => parseConfig('{ "targets": [', { source: 'c.json' })).toThrow(
      /^c\.json: invalid configuration\n {2}- not valid JSON/,
    );
    expect(() => loadConfig(join(tmpdir(), 'does-not-exist', 'c.json'))).toThrow(ConfigError);
  });
});
