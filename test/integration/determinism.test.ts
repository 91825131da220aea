/**
 * Two scans of one server give the same JSON report and the same evidence bundle, byte for
 * byte, once the values that legitimately change between runs are normalised. Each
 * normalisation is narrow (named fields, or exact values collected from known places) and
 * listed here:
 *
 *  1. Clock: `generatedAt` (report) and `startedAt` (evidence) become `<time>`; every
 *     `durationMs` becomes 0; the values of `date` response headers become `<date>`.
 *  2. Session IDs the server issued: every value of an `mcp-session-id` response header, and
 *     every `sessionId`-like query parameter value in an endpoint URI the server announced
 *     (HTTP+SSE), becomes `<session-N>`, N counted in order of first appearance, wherever
 *     the exact value occurs.
 *  3. Values the scanner invents at random: the never-issued session ID of
 *     `s.session.unknown`, the foreign session of `s.sse.badsession` (exact values, taken
 *     from those exchanges), the nonexistent tool name `mcp-posture-probe-<12 hex>` of
 *     `s.methods.noauth(tools/call)`, and the tool name `mcp-posture-nonexistent-<12 hex>`
 *     and cursor `mcp-posture-cursor-<12 hex>` of `s.tool.unknown` and `s.cursor`. (The
 *     random bearer token of `s.token.garbage` is redacted when recorded, so it needs no
 *     normalisation.)
 *
 * Nothing else is normalised: exchange ids, their order, JSON-RPC ids, key order, results
 * and messages must be identical. The last case puts a random-latency proxy in front of
 * the server so concurrent probes finish in a different order on every run.
 */
import { describe, expect, it } from 'vitest';

import { startFixtureServer } from '../../src/demo/fixture-server.js';
import type { FixtureOptions } from '../../src/demo/fixture-server.js';
import { scan } from '../../src/index.js';
import type { CollectOptions } from '../../src/probe/scan.js';
import { serializeEvidence } from '../../src/evidence/bundle.js';
import type { HttpExchange } from '../../src/evidence/types.js';
import { renderJson } from '../../src/report/json.js';
import { HOSTILE_NAMES, hostileLookup, startHostileServer } from '../fixtures/servers/hostile.js';
import type { HostileBehaviour } from '../fixtures/servers/hostile.js';
import { startLatencyProxy } from '../helpers/hostile-latency-proxy.js';

const TOKEN = 'determinism-token-5b0c9e';

interface Target {
  readonly url: string;
  readonly scan?: Partial<CollectOptions>;
  close(): Promise<void>;
}

/** The exact values to rename (normalisations 2 and 3), collected from the exchanges. */
function volatileValues(exchanges: readonly HttpExchange[]): Map<string, string> {
  const renames = new Map<string, string>();
  let sessions = 0;
  const session = (v: string): void => {
    if (v !== '' && !renames.has(v)) renames.set(v, `<session-${++sessions}>`);
  };
  for (const x of exchanges) {
    for (const v of x.response?.headers['mcp-session-id'] ?? []) session(v);
    if (x.probe === 'p.sse.init') {
      for (const [k, v] of new URL(x.request.url).searchParams) if (/session|sid/i.test(k)) session(v);
    }
  }
  for (const x of exchanges) {
    if (x.probe === 's.session.unknown') {
      const v = x.request.headers['mcp-session-id'];
      if (v !== undefined && !renames.has(v)) renames.set(v, '<random-session>');
    }
    if (x.probe === 's.sse.badsession') {
      for (const [k, v] of new URL(x.request.url).searchParams)
        if (/session|sid/i.test(k) && !renames.has(v)) renames.set(v, '<random-session>');
    }
  }
  return renames;
}

const CLOCK_KEYS = new Set(['generatedAt', 'startedAt']);

function normalise(json: string, exchanges: readonly HttpExchange[]): string {
  const value: unknown = JSON.parse(json);
  let text = JSON.stringify(
    value,
    (key, v: unknown) => {
      if (CLOCK_KEYS.has(key) && typeof v === 'string') return '<time>';
      if (key === 'durationMs' && typeof v === 'number') return 0;
      if (key === 'date' && Array.isArray(v)) return v.map(() => '<date>');
      return v;
    },
    1,
  );
  // Longest first, so a value containing another is renamed whole.
  const renames = [...volatileValues(exchanges)].sort((a, b) => b[0].length - a[0].length);
  for (const [from, to] of renames) text = text.split(JSON.stringify(from).slice(1, -1)).join(to);
  return text
    .replace(/mcp-posture-probe-[0-9a-f]{12}/g, '<probe-tool>')
    .replace(/mcp-posture-nonexistent-[0-9a-f]{12}/g, '<unknown-tool>')
    .replace(/mcp-posture-cursor-[0-9a-f]{12}/g, '<invalid-cursor>');
}

async function normalisedScan(target: Target): Promise<{ report: string; evidence: string }> {
  const out = await scan({
    url: target.url,
    requestTimeoutMs: 3_000,
    scanTimeoutMs: 30_000,
    ...target.scan,
  });
  const ex = out.evidence.exchanges;
  return {
    report: normalise(renderJson(out.report), ex),
    evidence: normalise(serializeEvidence(out.evidence), ex),
  };
}

/** The first differing line with some context, for a readable failure. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  const la = a.split('\n');
  const lb = b.split('\n');
  const i = la.findIndex((line, k) => line !== lb[k]);
  const at = i === -1 ? Math.min(la.length, lb.length) : i;
  return `line ${at + 1}:\n  run 1: ${la.slice(Math.max(0, at - 3), at + 2).join('\n         ')}\n  run 2: ${lb.slice(Math.max(0, at - 3), at + 2).join('\n         ')}`;
}

async function expectDeterministic(start: () => Promise<Target>, runs = 2): Promise<void> {
  const target = await start();
  try {
    const first = await normalisedScan(target);
    for (let i = 1; i < runs; i++) {
      const next = await normalisedScan(target);
      expect(firstDifference(first.report, next.report), `report, run ${i + 1}`).toBeNull();
      expect(firstDifference(first.evidence, next.evidence), `evidence, run ${i + 1}`).toBeNull();
    }
  } finally {
    await target.close();
  }
}

function fixture(opts: Partial<FixtureOptions>, scanOpts: Partial<CollectOptions> = {}) {
  return async (): Promise<Target> => {
    const s = await startFixtureServer(opts);
    return { url: s.url, scan: scanOpts, close: () => s.close() };
  };
}

function hostile(behaviour: HostileBehaviour, publicTarget = false) {
  return async (): Promise<Target> => {
    const s = await startHostileServer(behaviour, {
      hostname: publicTarget ? HOSTILE_NAMES.target : '127.0.0.1',
    });
    const names = hostileLookup(publicTarget);
    return {
      url: s.url,
      scan: { token: TOKEN, lookup: async (host: string) => names[host] ?? [] },
      close: () => s.close(),
    };
  };
}

describe.concurrent('scans are deterministic', () => {
  it('the default fixture', () => expectDeterministic(fixture({})), 60_000);

  it('the HTTP+SSE fixture', () => expectDeterministic(fixture({ transport: 'http+sse' })), 60_000);

  it(
    'a hostile server with injected text and a token',
    () => expectDeterministic(hostile('terminal-injection')),
    60_000,
  );

  it(
    'a hostile authorization chain (50 issuers, 5 fetched concurrently)',
    () => expectDeterministic(hostile('many-issuers')),
    60_000,
  );

  it(
    'a hostile public-looking target whose metadata points at internal addresses',
    () => expectDeterministic(hostile('metadata-ssrf', true)),
    60_000,
  );

  it('a paging, token-protected fixture behind random latency (concurrent probes reorder)', async () => {
    const token = 'fixture-determinism-token';
    const s = await startFixtureServer({ requireAuth: token, tools: 120, pageSize: 20 });
    const proxy = await startLatencyProxy(s.origin, 40);
    try {
      await expectDeterministic(
        async () => ({ url: proxy.via(s.url), scan: { token }, close: async () => undefined }),
        3,
      );
    } finally {
      await proxy.close();
      await s.close();
    }
  }, 90_000);
});
