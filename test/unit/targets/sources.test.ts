import { describe, expect, it } from 'vitest';

import { collectTargets } from '../../../src/targets/sources/collect.js';
import { listSource, parseTargetsFile, TargetsFileError } from '../../../src/targets/sources/file.js';
import { parseServerEntry, templateVariables } from '../../../src/targets/sources/registry-entry.js';
import type { HttpTarget } from '../../../src/targets/target.js';
import { isTargetError, parseHttpTarget } from '../../../src/targets/target.js';

/** A parsed entry as the canonical URL and the name (the sources hand over parsed targets). */
const urls = (list: readonly { target: HttpTarget; name: string | null }[]) =>
  list.map((p) => ({ url: p.target.href, name: p.name }));
const target = (url: string): HttpTarget => {
  const t = parseHttpTarget(url);
  if (isTargetError(t)) throw new Error(t.error);
  return t;
};
const canonicalTargetUrl = (url: string) => {
  const t = parseHttpTarget(url);
  return isTargetError(t) ? { error: t.error } : { url: t.href };
};

describe('targets files', () => {
  it('reads one URL per line with comments, blank lines and trailing comments', () => {
    const text =
      '# inventory\n\nhttps://A.example.com:443/mcp  # prod\nhttp://127.0.0.1:8080/mcp#frag\r\nhttps://b.example/mcp\n';
    expect(urls(parseTargetsFile(text, 't.txt'))).toEqual([
      { url: 'https://a.example.com/mcp', name: null },
      { url: 'http://127.0.0.1:8080/mcp', name: null },
      { url: 'https://b.example/mcp', name: null },
    ]);
  });

  it('reads a JSON list of strings and of {url, name} objects', () => {
    const text = JSON.stringify([
      'https://a.example/mcp',
      { url: 'https://b.example/mcp', name: 'b' },
      { url: 'https://c.example/x' },
    ]);
    expect(urls(parseTargetsFile(text, 't.json'))).toEqual([
      { url: 'https://a.example/mcp', name: null },
      { url: 'https://b.example/mcp', name: 'b' },
      { url: 'https://c.example/x', name: null },
    ]);
  });

  it('reports every bad line at once, with its number', () => {
    const text = 'https://ok.example/mcp\nftp://x.example/\nnot a url\nhttps://user:pw@x.example/mcp\n';
    let err: unknown;
    try {
      parseTargetsFile(text, 't.txt');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TargetsFileError);
    const problems = (err as TargetsFileError).problems;
    expect(problems).toEqual([
      'line 2: the URL must be http:// or https://',
      'line 3: not a URL: not a url',
      'line 4: the URL carries credentials (user:password@)',
    ]);
  });

  it('refuses JSON entries of the wrong shape, naming the index and key', () => {
    expect(() =>
      parseTargetsFile(
        '[1, {"url": "https://a.example/", "extra": 1}, {"url": "https://b.example/", "name": ""}]',
        'x',
      ),
    ).toThrow(/\[0\]: expected a URL string[\s\S]*\[1\]: unknown key "extra"[\s\S]*\[2\]\.name/);
    expect(() => parseTargetsFile('{"url": "https://a.example/"}', 'x')).toThrow(/expected a JSON list/);
    expect(() => parseTargetsFile('# nothing\n', 'x')).toThrow(/no targets in the file/);
  });

  it('de-duplicates by identity (the canonical URL) across sources, first occurrence wins', async () => {
    const a = listSource('config', 'config', [
      { target: target('https://A.example:443/mcp'), name: 'a' },
      { target: target('https://b.example/mcp'), name: null },
    ]);
    const b = listSource('cli', 'url', [{ target: target('https://a.example/mcp#x'), name: 'again' }]);
    const c = await collectTargets([a, b]);
    expect(c.targets.map((t) => [t.target.identity, t.name, t.source])).toEqual([
      ['https://a.example/mcp', 'a', 'config'],
      ['https://b.example/mcp', null, 'config'],
    ]);
    expect(c.duplicates).toBe(1);
  });

  it('canonical URLs drop the default port and the fragment, keep the query', () => {
    expect(canonicalTargetUrl('HTTPS://Example.COM:443/mcp?x=1#y')).toEqual({
      url: 'https://example.com/mcp?x=1',
    });
    expect(canonicalTargetUrl('http://example.com:8080')).toEqual({ url: 'http://example.com:8080/' });
    expect(canonicalTargetUrl('javascript:alert(1)')).toHaveProperty('error');
  });
});

describe('registry entries', () => {
  const entry = (server: Record<string, unknown>, meta?: Record<string, unknown>) => ({
    server: { name: 'io.example/s', version: '1.2.0', description: 'd', ...server },
    ...(meta ? { _meta: { 'io.modelcontextprotocol.registry/official': meta } } : {}),
  });

  it('turns each streamable-http or sse remote into a target that keeps its name and version', () => {
    const r = parseServerEntry(
      entry(
        {
          remotes: [
            { type: 'streamable-http', url: 'https://a.example/mcp' },
            { type: 'sse', url: 'https://a.example/sse' },
          ],
        },
        { status: 'active', isLatest: true },
      ),
    );
    expect(r).toEqual([
      {
        kind: 'target',
        url: 'https://a.example/mcp',
        registry: { name: 'io.example/s', version: '1.2.0', status: 'active' },
      },
      {
        kind: 'target',
        url: 'https://a.example/sse',
        registry: { name: 'io.example/s', version: '1.2.0', status: 'active' },
      },
    ]);
  });

  it('skips deleted entries, templated URLs, packages-only entries and old versions, with the reason', () => {
    expect(
      parseServerEntry(entry({ remotes: [{ type: 'sse', url: 'https://a/' }] }, { status: 'deleted' }))[0],
    ).toMatchObject({
      kind: 'skipped',
      reason: 'deleted in the registry',
    });
    expect(
      parseServerEntry(
        entry({ remotes: [{ type: 'streamable-http', url: 'https://{tenant}.example/mcp/{region}' }] }),
      )[0],
    ).toMatchObject({
      kind: 'skipped',
      reason: expect.stringContaining('templated URL: needs {tenant}, {region}'),
    });
    expect(parseServerEntry(entry({ packages: [{ registryType: 'npm' }] }))[0]).toMatchObject({
      reason: 'no remote endpoint (packages only)',
    });
    expect(
      parseServerEntry(entry({ remotes: [{ type: 'sse', url: 'https://a/' }] }, { isLatest: false }))[0],
    ).toMatchObject({
      reason: 'version 1.2.0 is not the latest',
    });
    expect(parseServerEntry(entry({ remotes: [{ type: 'stdio', url: 'https://a/' }] }))[0]).toMatchObject({
      reason: 'remote transport "stdio" is not scanned',
    });
    expect(parseServerEntry({ nope: 1 })[0]).toMatchObject({
      kind: 'skipped',
      reason: 'not a registry server entry',
    });
    expect(templateVariables('https://x/{a}/{b}')).toEqual(['a', 'b']);
  });
});
