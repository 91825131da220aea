import { describe, expect, it } from 'vitest';

import {
  identityOf,
  isTargetError,
  parseHttpTarget,
  stdioCommandLine,
  stdioTarget,
} from '../../../src/targets/target.js';

function ok(input: string) {
  const t = parseHttpTarget(input);
  if (isTargetError(t)) throw new Error(`expected a target for ${input}: ${t.error}`);
  return t;
}

describe('parseHttpTarget', () => {
  it('parses once into the canonical form: lower-case host, default port dropped, fragment gone', () => {
    const t = ok('  HTTPS://MCP.Example.COM:443/mcp#part ');
    expect(t.href).toBe('https://mcp.example.com/mcp');
    expect(t.identity).toBe(t.href);
    expect(t.origin).toBe('https://mcp.example.com');
    expect(t.scheme).toBe('https');
    expect(t.hostname).toBe('mcp.example.com');
    expect(Object.isFrozen(t)).toBe(true);
  });

  it('keeps the path as typed: a trailing slash names another resource', () => {
    expect(ok('http://127.0.0.1:8080/mcp').identity).not.toBe(ok('http://127.0.0.1:8080/mcp/').identity);
    expect(ok('http://127.0.0.1:8080').href).toBe('http://127.0.0.1:8080/');
  });

  it('refuses credentials, other schemes and over-long URLs', () => {
    expect(parseHttpTarget('https://u:p@example.com/mcp')).toEqual({
      error: 'the URL carries credentials (user:password@)',
    });
    expect(isTargetError(parseHttpTarget('ftp://example.com/'))).toBe(true);
    expect(isTargetError(parseHttpTarget(`https://example.com/${'a'.repeat(2100)}`))).toBe(true);
  });

  it('suggests the scheme for a URL typed without one', () => {
    expect(parseHttpTarget('127.0.0.1:8080/mcp')).toEqual({
      error: 'not a URL: 127.0.0.1:8080/mcp',
      hint: 'did you mean http://127.0.0.1:8080/mcp?',
    });
    expect(parseHttpTarget('mcp.example.com/mcp')).toMatchObject({
      hint: 'did you mean https://mcp.example.com/mcp?',
    });
    expect(parseHttpTarget('not a url')).toEqual({ error: 'not a URL: not a url' });
  });
});

describe('stdio targets', () => {
  it('redacts declared secrets and secret-shaped arguments in the identity', () => {
    const t = stdioTarget({
      command: 'npx',
      args: ['-y', 'server', '--api-key', 'abcd1234', 'sk-0123456789abcdef0123'],
      env: { TOKEN: 'hunter22' },
      cwd: null,
    });
    expect(t.identity).toBe('stdio:npx -y server --api-key [REDACTED] [REDACTED]');
    expect(t.href).toBe(t.identity);
    expect(stdioCommandLine({ command: 'run', args: ['hunter22'], env: { T: 'hunter22' }, cwd: null })).toBe(
      'stdio:run [REDACTED]',
    );
  });
});

describe('identityOf', () => {
  it('agrees with the parsed identity for URLs and passes stdio command lines through', () => {
    expect(identityOf('HTTP://LOCALHOST:80/mcp#x')).toBe(ok('http://localhost/mcp').identity);
    expect(identityOf('stdio:node server.js')).toBe('stdio:node server.js');
  });
});
