/**
 * `discover` reads the `.mcp.json` of every project listed in a fixture ~/.claude.json (Claude
 * Code's project scope), with the caps of every config file: a malformed or oversized file is an
 * error, a project that is gone is skipped with the reason, and a file named twice is listed once.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { discoverServers } from '../../src/targets/discover/discover.js';
import { runCli } from '../helpers/cli.js';

const root = mkdtempSync(join(tmpdir(), 'discover-projects-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const home = join(root, 'home');
const app = join(root, 'app');
const api = join(root, 'api');
const broken = join(root, 'broken');
const big = join(root, 'big');
const plain = join(root, 'plain');
const gone = join(root, 'gone');

function put(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
const json = (v: unknown) => JSON.stringify(v);

put(
  join(home, '.claude.json'),
  json({
    projects: {
      [app]: { mcpServers: { local: { type: 'http', url: 'https://local.example.com/mcp' } } },
      [api]: {},
      [broken]: {},
      [big]: {},
      [plain]: {},
      [gone]: {},
      'relative/path': {},
    },
  }),
);
put(join(app, '.mcp.json'), json({ mcpServers: { shared: { command: 'npx', args: ['-y', 'team-mcp'] } } }));
put(
  join(api, '.mcp.json'),
  json({ mcpServers: { docs: { type: 'http', url: 'https://docs.example.com/mcp' } } }),
);
put(join(broken, '.mcp.json'), '{ "mcpServers": ');
put(join(big, '.mcp.json'), `{"mcpServers":{},"pad":"${'x'.repeat(1024 * 1024 + 10)}"}`);
mkdirSync(plain, { recursive: true });

describe('Claude Code project files of the projects in ~/.claude.json', () => {
  it('lists each project file once, and reports the broken, the oversized and the gone', () => {
    // The current project is one of the listed ones: its .mcp.json is not listed twice.
    const d = discoverServers({ home, project: app, systemRoot: null, platform: 'linux' });
    expect(d.servers.map((s) => [s.scope, s.file, s.project ?? null, s.name])).toEqual([
      ['project', join(home, '.claude.json'), app, 'local'],
      ['project', join(app, '.mcp.json'), app, 'shared'],
      ['project', join(api, '.mcp.json'), api, 'docs'],
    ]);
    expect(d.errors.map((e) => [e.file, e.message.replace(/[:;].*/, '')])).toEqual([
      [join(broken, '.mcp.json'), 'not valid JSON'],
      [join(big, '.mcp.json'), `larger than ${1024 * 1024} bytes`],
    ]);
    expect(d.skipped).toEqual([
      { file: gone, reason: 'project directory not found; its .mcp.json is not read' },
      { file: 'relative/path', reason: 'project path is not absolute; its .mcp.json is not read' },
    ]);
  });

  it('the project-file caps hold: at most 200 projects are read', () => {
    const h = join(root, 'many');
    const projects = Object.fromEntries(Array.from({ length: 205 }, (_, i) => [join(root, `p${i}`), {}]));
    put(join(h, '.claude.json'), json({ projects }));
    const d = discoverServers({ home: h, project: null, systemRoot: null, platform: 'linux' });
    expect(d.errors).toEqual([
      { file: join(h, '.claude.json'), message: '205 projects; only the first 200 are read' },
    ]);
    expect(d.skipped).toHaveLength(200);
  });

  it('the CLI prints the skipped projects with the servers', async () => {
    const r = await runCli(['discover', '--home', home, '--project', plain, '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { servers: { name: string }[]; skipped: { file: string }[] };
    expect(out.servers.map((s) => s.name)).toEqual(['local', 'shared', 'docs']);
    expect(out.skipped.map((s) => s.file)).toEqual([gone, 'relative/path']);
  });
});
