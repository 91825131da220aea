/** Servers configured through a package runner, read as the package they name (src/targets/package-runner.ts). */
import { describe, expect, it } from 'vitest';

import { chooseBin, PackageError } from '../../../src/run/package-step.js';
import { auditCommandOf, packageLaunchOf } from '../../../src/targets/package-runner.js';

const launch = (command: string, ...args: string[]) => packageLaunchOf({ command, args, env: {}, cwd: null });

describe('packageLaunchOf', () => {
  it('npx -y <package> [args]: the package, its default command, the arguments', () => {
    expect(launch('npx', '-y', '@modelcontextprotocol/server-filesystem@2026.8.31', '/data')).toEqual({
      ecosystem: 'npm',
      spec: '@modelcontextprotocol/server-filesystem@2026.8.31',
      bin: null,
      args: ['/data'],
    });
    expect(launch('/usr/local/bin/npx', '--yes', 'pkg')).toMatchObject({ spec: 'pkg', args: [] });
    expect(launch('npx.cmd', 'pkg', '--flag')).toMatchObject({ spec: 'pkg', args: ['--flag'] });
  });

  it('npx -p <package> <command> and --package=<package>: the command is named', () => {
    expect(launch('npx', '-y', '-p', 'pkg@1.0.0', 'serve', '--port', '0')).toEqual({
      ecosystem: 'npm',
      spec: 'pkg@1.0.0',
      bin: 'serve',
      args: ['--port', '0'],
    });
    expect(launch('npx', '--package=pkg', 'serve')).toMatchObject({ spec: 'pkg', bin: 'serve' });
  });

  it('uvx <package>[@version] and uvx --from <package> <command>', () => {
    expect(launch('uvx', 'mcp-server-fetch@2025.4.7', '--x')).toEqual({
      ecosystem: 'pypi',
      spec: 'mcp-server-fetch==2025.4.7',
      bin: null,
      args: ['--x'],
    });
    expect(launch('uvx', '--python', '3.12', '--from', 'pkg==1.0', 'cmd')).toMatchObject({
      spec: 'pkg==1.0',
      bin: 'cmd',
    });
  });

  it('anything else names no package', () => {
    expect(launch('node', 'server.js')).toBeNull();
    expect(launch('npx', '-c', 'echo hi')).toBeNull();
    expect(launch('npx', '-y')).toBeNull();
  });
});

describe('auditCommandOf', () => {
  it('the scan command, shell-quoted, with the declared variables and the arguments after --', () => {
    const l = launch('npx', '-y', '-p', 'pkg', 'serve', "it's", '/a dir')!;
    expect(auditCommandOf(l, ['API_KEY'])).toBe(
      `mcp-posture scan --npm pkg --npm-bin serve --env API_KEY -- 'it'\\''s' '/a dir'`,
    );
    expect(auditCommandOf(launch('uvx', 'tool')!, [])).toBe('mcp-posture scan --pypi tool');
  });
});

describe('chooseBin', () => {
  it('the one asked, the only one, the one named like the package; else a usage error listing them', () => {
    expect(chooseBin(['a', 'b'], 'b', 'p', '--npm-bin')).toBe('b');
    expect(chooseBin(['only'], null, 'p', '--npm-bin')).toBe('only');
    expect(chooseBin(['other', 'server'], null, '@scope/server', '--npm-bin')).toBe('server');
    expect(() => chooseBin(['a', 'b'], null, 'p', '--npm-bin')).toThrow(
      /declares several commands \(a, b\): choose one with --npm-bin NAME/,
    );
    expect(() => chooseBin(['a'], 'z', 'p', '--npm-bin')).toThrow(PackageError);
  });
});
