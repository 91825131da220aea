/** The token store: where it lives per platform, its modes, the binding to resource and issuer, removal. */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { configDir, findLogin, removeLogins, sameResource, saveLogin } from '../../src/login/store.js';
import type { StoredLogin } from '../../src/login/store.js';
import { isTargetError, parseHttpTarget } from '../../src/targets/target.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempFile(): string {
  const d = mkdtempSync(join(tmpdir(), 'mcpp-store-'));
  dirs.push(d);
  return join(d, 'nested', 'tokens.json');
}

const login = (over: Partial<StoredLogin> = {}): StoredLogin => ({
  resource: 'https://mcp.example/mcp',
  target: 'https://mcp.example/mcp',
  issuer: 'https://as.example',
  tokenEndpoint: 'https://as.example/token',
  clientId: 'c1',
  clientKind: 'dynamic-registration',
  accessToken: 'access-1',
  createdAt: 1,
  ...over,
});

describe('configDir', () => {
  it('follows XDG on Linux, the platform folders elsewhere, and the override first', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/cfg' }, 'linux')).toBe('/x/cfg/mcp-posture');
    expect(configDir({}, 'linux')).toBe(join(homedir(), '.config', 'mcp-posture'));
    // A relative XDG_CONFIG_HOME is invalid per the spec and ignored.
    expect(configDir({ XDG_CONFIG_HOME: 'rel' }, 'linux')).toBe(join(homedir(), '.config', 'mcp-posture'));
    expect(configDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'mcp-posture'));
    expect(configDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32')).toBe(
      join('C:\\Users\\u\\AppData\\Roaming', 'mcp-posture'),
    );
    expect(configDir({ MCP_POSTURE_CONFIG_DIR: '/o', XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/o');
  });
});

describe('saveLogin, findLogin, removeLogins', () => {
  it('writes the file 0600 in a 0700 directory', () => {
    const file = tempFile();
    saveLogin(login(), file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
  });

  it('finds a login only for its own resource (a trailing slash aside), never for another path or origin', () => {
    const file = tempFile();
    saveLogin(login(), file);
    expect(findLogin('https://mcp.example/mcp/', file)?.accessToken).toBe('access-1');
    expect(findLogin('https://mcp.example/other', file)).toBeNull();
    expect(findLogin('https://evil.example/mcp', file)).toBeNull();
    expect(findLogin('http://mcp.example/mcp', file)).toBeNull();
  });

  it('replaces the login of the same resource and issuer, keeps others', () => {
    const file = tempFile();
    saveLogin(login(), file);
    saveLogin(
      login({ resource: 'https://b.example/mcp', target: 'https://b.example/mcp', accessToken: 'b' }),
      file,
    );
    saveLogin(login({ accessToken: 'access-2' }), file);
    expect(findLogin('https://mcp.example/mcp', file)?.accessToken).toBe('access-2');
    expect(findLogin('https://b.example/mcp', file)?.accessToken).toBe('b');
    expect(removeLogins('https://mcp.example/mcp', file).map((l) => l.accessToken)).toEqual(['access-2']);
    expect(findLogin('https://mcp.example/mcp', file)).toBeNull();
    expect(removeLogins(null, file).map((l) => l.accessToken)).toEqual(['b']);
  });

  it('finds a login by the target’s identity, also in a store written by an older version', () => {
    const file = tempFile();
    mkdirSync(dirname(file), { recursive: true });
    // Older versions stored the URL as the user typed it: a fragment, a default port, upper case.
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        logins: [
          login({
            target: 'HTTPS://MCP.Example:443/mcp#typed',
            resource: 'https://mcp.example/other-resource',
            accessToken: 'old',
          }),
        ],
      }),
    );
    const target = parseHttpTarget('https://mcp.example/mcp');
    if (isTargetError(target)) throw new Error(target.error);
    expect(findLogin(target, file)?.accessToken).toBe('old');
    // A trailing slash names another target; its resource does not match either.
    expect(findLogin('https://mcp.example/mcp/', file)).toBeNull();
    expect(removeLogins('https://mcp.example/mcp', file).map((l) => l.accessToken)).toEqual(['old']);
  });

  it('reads a damaged file as empty rather than failing', () => {
    const file = tempFile();
    saveLogin(login(), file);
    writeFileSync(file, '{not json');
    expect(findLogin('https://mcp.example/mcp', file)).toBeNull();
  });

  it('sameResource compares scheme, host, port and path', () => {
    expect(sameResource('https://a.example:443/mcp', 'https://a.example/mcp')).toBe(true);
    expect(sameResource('https://a.example/mcp#x', 'https://a.example/mcp')).toBe(true);
    expect(sameResource('https://a.example:8443/mcp', 'https://a.example/mcp')).toBe(false);
    expect(sameResource('not a url', 'not a url')).toBe(false);
  });
});
