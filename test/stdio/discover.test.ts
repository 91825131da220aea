/**
 * `discover` on a fake home directory with a config for every client: duplicates, a malformed
 * file and `${env:…}` references included; the exact list is asserted. `scan --discovered`
 * launches stdio servers only with --allow-exec.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { discoverServers, publicView } from '../../src/targets/discover/discover.js';
import { parseJsonc, parseTomlSubset } from '../../src/targets/discover/parse.js';
import { runCli } from '../helpers/cli.js';
import { FIXTURE } from './helpers.js';

const root = mkdtempSync(join(tmpdir(), 'stdio-discover-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const home = join(root, 'home');
const project = join(root, 'project');
const system = join(root, 'system');

function put(base: string, path: string, text: string): void {
  const file = join(base, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
const json = (v: unknown) => JSON.stringify(v, null, 2);

put(
  home,
  '.config/Claude/claude_desktop_config.json',
  json({
    mcpServers: { fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] } },
  }),
);
put(
  home,
  '.claude.json',
  json({
    mcpServers: {
      memory: {
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory'],
        env: { API_KEY: '${env:MEMORY_KEY}' },
      },
    },
    projects: {
      '/work/app': { mcpServers: { remote: { type: 'http', url: 'https://mcp.example.com/mcp' } } },
    },
  }),
);
put(
  project,
  '.mcp.json',
  json({
    mcpServers: { fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] } },
  }),
);
put(
  system,
  'etc/claude-code/managed-mcp.json',
  json({ mcpServers: { corp: { type: 'sse', url: 'https://corp.example.com/sse' } } }),
);
put(
  home,
  '.cursor/mcp.json',
  json({
    mcpServers: {
      gh: { url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${env:GH}' } },
    },
  }),
);
put(project, '.cursor/mcp.json', '{ "mcpServers": { "broken": ');
put(
  home,
  '.config/Code/User/mcp.json',
  '// user servers\n{ "servers": { "everything": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"], }, }, }\n',
);
put(
  home,
  '.config/Code/User/settings.json',
  '{ /* old */ "mcp": { "servers": { "legacy": { "type": "sse", "url": "http://127.0.0.1:9/sse" } } } }',
);
put(
  project,
  '.vscode/mcp.json',
  json({
    servers: { pw: { command: 'npx', args: ['@playwright/mcp', '--token', 'sk-abcdefghijklmnopqrstuv'] } },
  }),
);
put(
  home,
  '.codeium/windsurf/mcp_config.json',
  json({ mcpServers: { wind: { serverUrl: 'https://wind.example.com/mcp' } } }),
);
put(
  home,
  '.codex/config.toml',
  [
    'model = "o3"',
    '',
    '[mcp_servers.docs]',
    'command = "uvx"',
    'args = ["docs-mcp", "--port", "0"]',
    'env = { DOCS_TOKEN = "${env:DOCS_TOKEN}" }',
    '',
    '[mcp_servers."remote one"]',
    "url = 'https://codex.example.com/mcp'",
    '',
  ].join('\n'),
);
put(
  home,
  '.gemini/settings.json',
  json({
    mcpServers: { sse: { url: 'https://g.example.com/sse' }, http: { httpUrl: 'https://g.example.com/mcp' } },
  }),
);
put(
  home,
  '.config/zed/settings.json',
  '{ "context_servers": { "zed-local": { "command": { "path": "zed-mcp", "args": ["--stdio"] } } } }',
);
put(
  home,
  '.continue/config.json',
  json({
    experimental: {
      modelContextProtocolServers: [
        { name: 'cont', transport: { type: 'stdio', command: 'node', args: ['c.js'] } },
      ],
    },
  }),
);
put(
  home,
  '.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
  json({
    mcpServers: { cline: { command: 'python', args: ['-m', 'srv'], disabled: true }, nothing: { note: 'x' } },
  }),
);
put(
  home,
  '.config/opencode/opencode.json',
  json({
    mcp: {
      oc: { type: 'local', command: ['bun', 'x', 'oc-mcp'], environment: { A: 'b' } },
      ocr: { type: 'remote', url: 'https://oc.example.com/mcp' },
    },
  }),
);

const f = (base: string, p: string) => join(base, p);

describe('discover', () => {
  it('lists every server of every client, in table order, with scopes; errors do not hide servers', () => {
    const d = discoverServers({ home, project, systemRoot: system, platform: 'linux' });
    expect(d.servers.map(publicView)).toEqual([
      {
        client: 'claude-desktop',
        scope: 'user',
        file: f(home, '.config/Claude/claude_desktop_config.json'),
        name: 'fs',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      },
      {
        client: 'claude-code',
        scope: 'user',
        file: f(home, '.claude.json'),
        name: 'memory',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory'],
        credentials: [{ where: 'env', key: 'API_KEY', literal: false }],
      },
      {
        client: 'claude-code',
        scope: 'project',
        file: f(home, '.claude.json'),
        project: '/work/app',
        name: 'remote',
        transport: 'streamable-http',
        url: 'https://mcp.example.com/mcp',
      },
      {
        client: 'claude-code',
        scope: 'project',
        file: f(project, '.mcp.json'),
        name: 'fs',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      },
      {
        client: 'claude-code',
        scope: 'managed',
        file: f(system, 'etc/claude-code/managed-mcp.json'),
        name: 'corp',
        transport: 'sse',
        url: 'https://corp.example.com/sse',
      },
      {
        client: 'cursor',
        scope: 'user',
        file: f(home, '.cursor/mcp.json'),
        name: 'gh',
        transport: 'streamable-http',
        url: 'https://api.example.com/mcp',
        credentials: [{ where: 'header', key: 'Authorization', literal: false }],
      },
      {
        client: 'vscode',
        scope: 'user',
        file: f(home, '.config/Code/User/mcp.json'),
        name: 'everything',
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-everything'],
      },
      {
        client: 'vscode',
        scope: 'user',
        file: f(home, '.config/Code/User/settings.json'),
        name: 'legacy',
        transport: 'sse',
        url: 'http://127.0.0.1:9/sse',
      },
      {
        client: 'vscode',
        scope: 'project',
        file: f(project, '.vscode/mcp.json'),
        name: 'pw',
        transport: 'stdio',
        command: 'npx',
        args: ['@playwright/mcp', '--token', '[REDACTED]'],
      },
      {
        client: 'windsurf',
        scope: 'user',
        file: f(home, '.codeium/windsurf/mcp_config.json'),
        name: 'wind',
        transport: 'streamable-http',
        url: 'https://wind.example.com/mcp',
      },
      {
        client: 'codex',
        scope: 'user',
        file: f(home, '.codex/config.toml'),
        name: 'docs',
        transport: 'stdio',
        command: 'uvx',
        args: ['docs-mcp', '--port', '0'],
        credentials: [{ where: 'env', key: 'DOCS_TOKEN', literal: false }],
      },
      {
        client: 'codex',
        scope: 'user',
        file: f(home, '.codex/config.toml'),
        name: 'remote one',
        transport: 'streamable-http',
        url: 'https://codex.example.com/mcp',
      },
      {
        client: 'gemini-cli',
        scope: 'user',
        file: f(home, '.gemini/settings.json'),
        name: 'sse',
        transport: 'sse',
        url: 'https://g.example.com/sse',
      },
      {
        client: 'gemini-cli',
        scope: 'user',
        file: f(home, '.gemini/settings.json'),
        name: 'http',
        transport: 'streamable-http',
        url: 'https://g.example.com/mcp',
      },
      {
        client: 'zed',
        scope: 'user',
        file: f(home, '.config/zed/settings.json'),
        name: 'zed-local',
        transport: 'stdio',
        command: 'zed-mcp',
        args: ['--stdio'],
      },
      {
        client: 'continue',
        scope: 'user',
        file: f(home, '.continue/config.json'),
        name: 'cont',
        transport: 'stdio',
        command: 'node',
        args: ['c.js'],
      },
      {
        client: 'cline',
        scope: 'user',
        file: f(
          home,
          '.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
        ),
        name: 'cline',
        transport: 'stdio',
        command: 'python',
        args: ['-m', 'srv'],
      },
      {
        client: 'opencode',
        scope: 'user',
        file: f(home, '.config/opencode/opencode.json'),
        name: 'oc',
        transport: 'stdio',
        command: 'bun',
        args: ['x', 'oc-mcp'],
      },
      {
        client: 'opencode',
        scope: 'user',
        file: f(home, '.config/opencode/opencode.json'),
        name: 'ocr',
        transport: 'streamable-http',
        url: 'https://oc.example.com/mcp',
      },
    ]);
    expect(d.errors.map((e) => [e.file, e.message.replace(/:.*/, '')])).toEqual([
      [f(project, '.cursor/mcp.json'), 'not valid JSON'],
      [
        f(home, '.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json'),
        'server "nothing" has neither a command nor a URL',
      ],
    ]);
    // References are kept as written, never expanded.
    expect(d.servers.find((s) => s.name === 'memory')?.env).toEqual({ API_KEY: '${env:MEMORY_KEY}' });
    expect(d.servers.find((s) => s.name === 'docs')?.env).toEqual({ DOCS_TOKEN: '${env:DOCS_TOKEN}' });
  });

  it('a file over the size cap is an error, not read', () => {
    const h = join(root, 'big');
    put(h, '.cursor/mcp.json', `{"mcpServers":{},"pad":"${'x'.repeat(1024 * 1024 + 10)}"}`);
    const d = discoverServers({ home: h, platform: 'linux' });
    expect(d.servers).toEqual([]);
    expect(d.errors[0]?.message).toMatch(/larger than/);
  });

  it('the readers refuse what they do not understand and never reach the prototype', () => {
    expect(parseJsonc('{"a": "// not a comment", /* c */ "b": [1,2,],}')).toEqual({
      a: '// not a comment',
      b: [1, 2],
    });
    expect(() => parseTomlSubset('[__proto__]\nx = 1')).toThrow(/not allowed/);
    expect(() => parseTomlSubset('x = """\nmulti\n"""')).toThrow(/multi-line/);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('the CLI prints JSON without env values and launches nothing', async () => {
    const r = await runCli(['discover', '--home', home, '--project', project, '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { servers: { name: string }[]; errors: unknown[] };
    expect(out.servers.length).toBe(process.platform === 'linux' ? 18 : out.servers.length);
    expect(r.stdout).not.toContain('MEMORY_KEY');
    expect(r.stdout).not.toContain('sk-abcdefghijklmnopqrstuv');
  });
});

describe('scan --discovered', () => {
  const h = join(root, 'scanhome');
  const p = join(root, 'scanproject');
  mkdirSync(p, { recursive: true });
  put(
    h,
    '.cursor/mcp.json',
    json({ mcpServers: { local: { command: process.execPath, args: [FIXTURE, '--flaw', 'banner'] } } }),
  );

  it('without --allow-exec the stdio server is listed as skipped with the reason', async () => {
    // A discovered run is a fleet run: its reports go to --output-dir, its stdout is the summary.
    const out = join(root, 'out-skipped');
    const r = await runCli([
      'scan',
      '--discovered',
      '--home',
      h,
      '--project',
      p,
      '--format',
      'json',
      '--output-dir',
      out,
    ]);
    expect(r.stderr).toContain('skipped cursor local (stdio');
    expect(r.stderr).toContain('runs only with --allow-exec');
    expect(r.stdout).toBe('');
  });

  it('with --allow-exec it is scanned like --stdio', async () => {
    const r = await runCli([
      'scan',
      '--discovered',
      '--allow-exec',
      '--home',
      h,
      '--project',
      p,
      '--format',
      'json',
      '--output-dir',
      join(root, 'out-scanned'),
      '--no-progress',
    ]);
    const [file] = readdirSync(join(root, 'out-scanned')).filter(
      (f) => f.endsWith('.json') && f !== 'index.json',
    );
    const report = JSON.parse(readFileSync(join(root, 'out-scanned', file!), 'utf8')) as {
      target: { url: string };
      results: { checkId: string; status: string; key: string | null }[];
    };
    expect(report.target.url).toBe(`stdio:${process.execPath} ${FIXTURE} --flaw banner`);
    expect(report.results.filter((x) => x.checkId === 'MCPP-STDIO01').map((x) => x.key)).toEqual([
      'startup-banner',
    ]);
    expect(r.code).toBe(1);
  }, 30_000);
});
