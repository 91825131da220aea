/**
 * One request, one era (docs/model/revisions.md): a `server/discover` sent without
 * `MCP-Protocol-Version` to a server that also speaks 2025-03-26 may be handled as a legacy
 * request. The official Python SDK and FastMCP (Python) do so, minting a session for it: TRN09
 * (no sessions on modern requests) and MOD09 (the missing header handled) must read the same
 * decision about that exchange, and agree.
 */
import { afterAll, describe, expect, it } from 'vitest';

import { evaluateAll } from '../../src/engine/run.js';
import { collectEvidence } from '../../src/probe/scan.js';
import { startFramework } from '../fingerprint/frameworks.js';
import type { RunningFramework } from '../fingerprint/frameworks.js';

const running: RunningFramework[] = [];
afterAll(async () => {
  await Promise.all(running.map((r) => r.close()));
});

describe('one request, one era: TRN09 and MOD09 agree on the real Python servers', () => {
  for (const name of ['python-sdk', 'fastmcp-python'] as const) {
    it(
      name,
      async () => {
        const server = await startFramework(name);
        running.push(server);
        const ev = await collectEvidence({ url: server.url, requestTimeoutMs: 5_000 });
        const results = evaluateAll(ev);
        const of = (id: string) =>
          results.filter((r) => r.checkId === id).map((r) => `${r.status}:${r.key ?? ''}`);
        // The server speaks 2025-03-26 and 2026-07-28, and answers the header-less server/discover
        // with a legacy error and a session ID.
        expect(ev.detection.revision.known).toEqual(expect.arrayContaining(['2025-03-26', '2026-07-28']));
        const none = ev.modern!.versionNone;
        expect(none.kind === 'ok' && none.value.sessionId !== null).toBe(true);
        // Before: TRN09 failed `mint` on it (a modern request) while MOD09 passed it as legacy.
        expect(of('MCPP-MOD09')).toEqual(['pass:']);
        expect(of('MCPP-TRN09')).toEqual(['pass:']);
        const trn09 = results.find((r) => r.checkId === 'MCPP-TRN09')!;
        const exchange = none.kind === 'ok' ? none.value.exchange : null;
        expect(trn09.evidence).not.toContain(exchange);
      },
      120_000,
    );
  }
});
