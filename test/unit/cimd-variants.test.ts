/** The CIMD document variants (src/cimd/variants.ts) and `mcp-posture cimd variants`. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  cimdVariants,
  CIMD_REDIRECT_URI,
  normaliseBase,
  OVERSIZED_BYTES,
  SPECIAL_USE_CLIENT_IDS,
} from '../../src/cimd/variants.js';
import type { DocumentVariantName } from '../../src/cimd/variants.js';
import { runCli } from '../helpers/cli.js';

const BASE = 'https://variants.example/mcp';
const set = cimdVariants(BASE);
const doc = (n: DocumentVariantName) => set.documents.find((d) => d.name === n)!;
const json = (n: DocumentVariantName) => JSON.parse(doc(n).body) as Record<string, unknown>;

describe('CIMD variants', () => {
  it('the valid document is its own client_id, registers the loopback redirect URI, and is small', () => {
    const v = json('valid');
    expect(v['client_id']).toBe(`${BASE}/valid.json`);
    expect(v['redirect_uris']).toEqual([CIMD_REDIRECT_URI]);
    expect(v['token_endpoint_auth_method']).toBe('none');
    expect(Buffer.byteLength(doc('valid').body)).toBeLessThan(1024);
  });

  it('each broken variant breaks exactly one thing', () => {
    expect(json('mismatch')['client_id']).toBe(`${BASE}/valid.json`);
    expect(doc('mismatch').url).toBe(`${BASE}/mismatch.json`);
    expect(json('no-redirects')).not.toHaveProperty('redirect_uris');
    expect(json('no-redirects')['client_id']).toBe(doc('no-redirects').url);
    expect(() => JSON.parse(doc('invalid-json').body) as unknown).toThrow();
    expect(Buffer.byteLength(doc('oversized').body)).toBe(OVERSIZED_BYTES);
    expect(json('oversized')['client_id']).toBe(doc('oversized').url);
    expect(doc('redirecting').status).toBe(302);
    expect(doc('redirecting').headers['location']).toBe(doc('redirect-target').url);
    // Only a server that follows the redirect accepts the target: its client_id is the redirecting URL.
    expect(json('redirect-target')['client_id']).toBe(doc('redirecting').url);
    expect(doc('cache').headers['cache-control']).toBe('max-age=3600');
    expect(doc('error-then-valid').status).toBe(404);
    expect(doc('error-then-valid').later?.status).toBe(200);
  });

  it('the malformed client IDs are kept as written (no URL normalisation)', () => {
    expect(Object.fromEntries(set.shapes.map((s) => [s.name, s.clientId]))).toEqual({
      'http-scheme': 'http://variants.example/mcp/valid.json',
      'no-path': 'https://variants.example',
      userinfo: 'https://mcp-posture@variants.example/mcp/valid.json',
      fragment: 'https://variants.example/mcp/valid.json#fragment',
      'dot-segment': 'https://variants.example/mcp/mcp-posture/../valid.json',
    });
    expect(SPECIAL_USE_CLIENT_IDS.map((s) => new URL(s.clientId).hostname)).toEqual([
      '127.0.0.1',
      '169.254.169.254',
      '10.0.0.1',
      '[::1]',
    ]);
  });

  it('normalises the base', () => {
    expect(normaliseBase('https://variants.example/mcp/')).toEqual({ base: BASE });
    expect(normaliseBase('https://u@variants.example/')).toHaveProperty('error');
    expect(normaliseBase('ftp://variants.example/')).toHaveProperty('error');
    expect(normaliseBase('nope')).toHaveProperty('error');
  });
});

describe('mcp-posture cimd variants', () => {
  it('writes every static variant and a manifest of how to serve them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpp-cimd-'));
    try {
      const r = await runCli(['cimd', 'variants', '--base', `${BASE}/`, '--output-dir', dir]);
      expect(r.code).toBe(0);
      expect(readdirSync(dir).sort()).toEqual([
        'cache.json',
        'invalid-json.json',
        'localhost-only.json',
        'manifest.json',
        'mismatch.json',
        'no-redirects.json',
        'oversized.json',
        'redirect-target.json',
        'valid.json',
      ]);
      expect(statSync(join(dir, 'oversized.json')).size).toBe(OVERSIZED_BYTES);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
        base: string;
        documents: { path: string; status: number }[];
      };
      expect(manifest.base).toBe(BASE);
      expect(manifest.documents.find((d) => d.path === 'redirecting.json')?.status).toBe(302);
      expect(r.stdout).toContain(`--cimd-base ${BASE}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a base that is not https (the old --out still names the directory, with a deprecation line)', async () => {
    const r = await runCli(['cimd', 'variants', '--base', 'http://variants.example/', '--out', tmpdir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/https/);
    expect(r.stderr).toContain(
      '--out is deprecated and will be removed in the next minor version; use --output-dir',
    );
  });

  it('scan refuses --cimd-base without https, and a certificate without its key', async () => {
    const a = await runCli(['scan', 'http://127.0.0.1:1/mcp', '--cimd-base', 'http://x.example/']);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/--cimd-base must be an https URL/);
    const b = await runCli(['scan', 'http://127.0.0.1:1/mcp', '--cimd-tls-cert', 'cert.pem']);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/go together/);
  });
});
