/**
 * Credentials of discovered servers (docs/stdio.md#discovery): `discover` names them, never their
 * values; a launched local server gets the variables named like secrets only with
 * `--use-config-credentials` (the others always); a remote server's configured headers, with their
 * references read from the environment, go with its own target only and only with the flag.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { discoverServers, publicView } from '../../src/targets/discover/discover.js';
import { discoveredSource } from '../../src/targets/sources/discovered.js';
import type { SourcedTarget } from '../../src/targets/sources/types.js';
import { runCli } from '../helpers/cli.js';

const root = mkdtempSync(join(tmpdir(), 'discover-credentials-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const home = join(root, 'home');
const LITERAL = 'ghp_literal_value_never_printed_0001';

const file = join(home, '.cursor', 'mcp.json');
mkdirSync(dirname(file), { recursive: true });
writeFileSync(
  file,
  JSON.stringify({
    mcpServers: {
      gh: {
        command: 'node',
        args: ['gh.js'],
        env: { GITHUB_TOKEN: LITERAL, GH_HOST: 'github.example.com' },
      },
      remote: {
        url: 'https://remote.example.com/mcp',
        headers: { Authorization: 'Bearer ${env:MCPP_T}', 'X-Client': 'posture' },
      },
      other: { url: 'https://other.example.com/mcp' },
    },
  }),
);

async function targets(useConfigCredentials: boolean): Promise<SourcedTarget[]> {
  const d = discoverServers({ home, project: null, systemRoot: null, platform: 'linux' });
  const out: SourcedTarget[] = [];
  const source = discoveredSource(d, { allowExec: true, env: { MCPP_T: 'tok-1' }, useConfigCredentials });
  for await (const e of source.entries()) if (e.kind === 'target') out.push(e.target);
  return out;
}

describe('credentials of discovered servers', () => {
  it('discover names them by key, literal or not, never by value', async () => {
    const d = discoverServers({ home, project: null, systemRoot: null, platform: 'linux' });
    expect(d.servers.map((s) => [s.name, publicView(s)['credentials'] ?? null])).toEqual([
      ['gh', [{ where: 'env', key: 'GITHUB_TOKEN', literal: true }]],
      [
        'remote',
        [
          { where: 'header', key: 'Authorization', literal: false },
          { where: 'header', key: 'X-Client', literal: false },
        ],
      ],
      ['other', null],
    ]);
    const r = await runCli(['discover', '--home', home, '--project', join(root, 'none')]);
    expect(r.stdout).toContain('credentials: env GITHUB_TOKEN (literal secret)');
    expect(r.stdout).toContain('only with --use-config-credentials');
    expect(r.stdout + r.stderr).not.toContain(LITERAL);
  });

  it('without the flag: secret-named env withheld, other env kept, no headers', async () => {
    const [gh, remote, other] = await targets(false);
    expect(gh!.target.kind === 'stdio' && gh!.target.env).toEqual({ GH_HOST: 'github.example.com' });
    expect(remote!.configHeaders).toBeUndefined();
    expect(other!.configHeaders).toBeUndefined();
    expect(gh!.configListings?.[0]?.literalSecrets).toEqual([{ where: 'env', key: 'GITHUB_TOKEN' }]);
  });

  it('with the flag: the full env, and each remote server only its own headers, references expanded', async () => {
    const [gh, remote, other] = await targets(true);
    expect(gh!.target.kind === 'stdio' && gh!.target.env).toEqual({
      GITHUB_TOKEN: LITERAL,
      GH_HOST: 'github.example.com',
    });
    expect(remote!.configHeaders).toEqual({ authorization: 'Bearer tok-1', 'x-client': 'posture' });
    expect(other!.configHeaders).toBeUndefined();
  });
});
