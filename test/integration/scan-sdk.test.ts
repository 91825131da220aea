/**
 * The official SDK servers, scanned on loopback. Every failure asserted here is
 * a true finding about the SDK's default behaviour (read from the SDK's code and
 * observed on loopback; the reason is given beside each); anything else failing
 * would be a false positive.
 */
import { describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import { renderJson } from '../../src/report/json.js';
import { startSdk1 } from '../fixtures/servers/sdk1.js';
import { startSdk2 } from '../fixtures/servers/sdk2.js';
import { validateReport } from '../helpers/schema.js';

interface Case {
  readonly name: string;
  readonly start: () => Promise<{ url: string; close(): Promise<void> }>;
  readonly revision: string;
  readonly eras: string[];
  /** True findings, with the reason they are true. */
  readonly fails: Record<string, string>;
}

/** The test servers have no authentication, so their tool lists are public (SHOULD authenticate). */
const NO_AUTH = { 'MCPP-AUTHN01': 'tools listed without authentication' };

/** Neither SDK paginates tools/list: an invalid cursor gets the first page (SHOULD -32602, info). */
const CURSOR = { 'MCPP-TOOL19': 'invalid cursor ignored' };

const SDK1_TRUE = {
  ...NO_AUTH,
  // 1.x validates Host (with createMcpExpressApp) but never Origin: a foreign Origin is served.
  'MCPP-ACT01': 'SDK 1.x has no Origin validation',
  // 1.x processes batches on every legacy version; batching was removed in 2025-06-18 (low).
  'MCPP-LEG12': 'batches processed on a 2025-11-25 session',
  ...CURSOR,
  // McpServer wraps the unknown-tool error in a CallToolResult with isError (low).
  'MCPP-TOOL18': 'unknown tool answered with an isError result',
};

const CASES: Case[] = [
  {
    name: 'SDK 1.x, JSON responses, createMcpExpressApp host validation',
    start: () => startSdk1({ responseMode: 'json', hostValidation: true }),
    revision: '2025-11-25',
    eras: ['legacy'],
    fails: { ...SDK1_TRUE },
  },
  {
    name: 'SDK 1.x, SSE responses, createMcpExpressApp host validation',
    start: () => startSdk1({ responseMode: 'sse', hostValidation: true }),
    revision: '2025-11-25',
    eras: ['legacy'],
    // Without an event store the SSE replies carry no priming event (SHOULD, info).
    fails: { ...SDK1_TRUE, 'MCPP-LEG13': 'no priming event' },
  },
  {
    name: 'SDK 1.x, JSON responses, plain express (no host validation)',
    start: () => startSdk1({ responseMode: 'json', hostValidation: false }),
    revision: '2025-11-25',
    eras: ['legacy'],
    fails: { ...SDK1_TRUE, 'MCPP-ACT10': 'no Host validation on a loopback server' },
  },
  {
    name: 'SDK 2.x createMcpHandler behind the express adapter (stateless legacy fallback)',
    start: () => startSdk2({ variant: 'express', legacy: 'stateless' }),
    revision: '2026-07-28',
    eras: ['modern', 'legacy'],
    fails: {
      ...NO_AUTH,
      ...CURSOR,
      'MCPP-LEG12': 'legacy path processes batches',
      'MCPP-LEG13': 'legacy SSE replies without priming',
    },
  },
  {
    name: 'SDK 2.x createMcpHandler on the node adapter (stateless legacy fallback)',
    start: () => startSdk2({ variant: 'node', legacy: 'stateless' }),
    revision: '2026-07-28',
    eras: ['modern', 'legacy'],
    fails: {
      ...NO_AUTH,
      ...CURSOR,
      'MCPP-LEG12': 'legacy path processes batches',
      'MCPP-LEG13': 'legacy SSE replies without priming',
    },
  },
  {
    name: "SDK 2.x createMcpHandler with legacy: 'reject' (modern only)",
    start: () => startSdk2({ variant: 'express', legacy: 'reject' }),
    revision: '2026-07-28',
    eras: ['modern'],
    // Its tools are now listed over the modern wire, so AUTHN01 sees them too. No MOD check fails on
    // either SDK 2.x variant: the handler validates headers, _meta and versions as 2026-07-28 asks.
    fails: { ...NO_AUTH, ...CURSOR },
  },
];

describe.concurrent('official SDK servers', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const server = await c.start();
      try {
        const out = await scan({ url: server.url });
        const r = out.report;
        expect(r.outcome).toBe('graded');
        expect(r.target.revision).toMatchObject({ value: c.revision, source: 'negotiated', eras: c.eras });
        const fails = [
          ...new Set(
            r.results.filter((x) => x.status === 'fail' && x.checkId !== 'MCPP-TRN16').map((x) => x.checkId),
          ),
        ];
        expect(fails.sort()).toEqual(Object.keys(c.fails).sort());
        expect(r.results.filter((x) => x.status === 'error').map((x) => x.message)).toEqual([]);
        expect(validateReport(renderJson(r))).toEqual([]);
      } finally {
        await server.close();
      }
    });
  }
});
