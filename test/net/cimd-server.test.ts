/**
 * src/net/cimd-server.ts over plain http on a real socket: it serves the variants of
 * src/cimd/variants.ts under a fresh random prefix, 404s everything else (and non-GET requests),
 * answers `error-then-valid` with its later form on the second fetch, and logs every request.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { startCimdServer } from '../../src/net/cimd-server.js';
import type { CimdVariantsServer } from '../../src/net/cimd-server.js';

let open: CimdVariantsServer | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe('the CIMD variants server', () => {
  it('serves every variant under a random loopback prefix, and only those', async () => {
    open = await startCimdServer(null);
    const other = await startCimdServer(null);
    try {
      expect(open.tls).toBe(false);
      expect(open.set.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp-posture-[0-9a-f]{16}$/);
      expect(new URL(other.set.base).pathname).not.toBe(new URL(open.set.base).pathname);
    } finally {
      await other.close();
    }
    const valid = open.set.documents.find((d) => d.name === 'valid')!;
    const res = await fetch(valid.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(valid.body);
    expect((await fetch(`${open.set.base}/nope.json`)).status).toBe(404);
    expect((await fetch(valid.url, { method: 'POST', body: 'x' })).status).toBe(404);
    const log = open.log();
    expect(log.map((e) => [e.variant, e.method, e.status])).toEqual([
      ['valid', 'GET', 200],
      [null, 'GET', 404],
      [null, 'POST', 404],
    ]);
  });

  it('answers error-then-valid with an error first and the valid document after', async () => {
    open = await startCimdServer(null);
    const v = open.set.documents.find((d) => d.name === 'error-then-valid')!;
    expect(v.later).not.toBeNull();
    expect((await fetch(v.url)).status).toBe(v.status);
    const second = await fetch(v.url);
    expect(second.status).toBe(v.later!.status);
    expect(await second.text()).toBe(v.later!.body);
  });
});
