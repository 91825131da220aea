/**
 * What the migration report says, derived from a ScanReport alone: for a
 * legacy server, what a client that speaks only 2026-07-28 would hit (each item
 * tied to what the scan observed, when it did); for a dual-era server, the
 * checks whose verdicts differ between its two eras.
 */
import type { Status } from '../checks/define-check.js';
import { summaryStatus } from '../engine/merge-revisions.js';
import type { HttpExchange } from '../evidence/types.js';
import type { Citation } from '../spec/citations.js';
import { mcp } from '../spec/citations.js';
import type { ReportResult, ScanReport } from './model.js';

export type MigrationKind = 'legacy' | 'dual-era' | 'modern-only' | 'unknown';

export interface MigrationItem {
  readonly id: string;
  readonly title: string;
  /** What a 2026-07-28-only client meets, and what the server must change. */
  readonly text: string;
  /** What this scan saw that makes the item concrete (plain text from the report; escape when rendering). */
  readonly observed: string | null;
  readonly exchanges: readonly string[];
  readonly citations: readonly Citation[];
}

export interface EraDifference {
  readonly checkId: string;
  readonly title: string;
  readonly legacy: Status;
  readonly modern: Status;
  /** Messages of the era(s) that failed. */
  readonly detail: string;
}

export interface MigrationSummary {
  readonly kind: MigrationKind;
  readonly items: readonly MigrationItem[];
  readonly differences: readonly EraDifference[];
}

const CHANGELOG = mcp('2026-07-28', 'changelog');
const STREAMABLE = 'basic/transports/streamable-http';

export function migrationKind(report: ScanReport): MigrationKind {
  const eras = report.target.revision.eras;
  if (eras.includes('modern') && eras.includes('legacy')) return 'dual-era';
  if (eras.includes('modern')) return 'modern-only';
  if (eras.includes('legacy') || report.target.transport === 'http+sse') return 'legacy';
  return 'unknown';
}

function exchangesOf(report: ScanReport, probe: RegExp): HttpExchange[] {
  return report.exchanges.filter((x) => probe.test(x.probe));
}

/** The JSON-RPC error code in a recorded body excerpt, when it parses. */
function errorCode(x: HttpExchange): number | null {
  try {
    const body: unknown = JSON.parse(x.response?.body ?? '');
    const err =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['error'] : undefined;
    const code =
      typeof err === 'object' && err !== null ? (err as Record<string, unknown>)['code'] : undefined;
    return typeof code === 'number' ? code : null;
  } catch {
    return null;
  }
}

/** What became of a request, as a sentence: "was answered 404 …" or "got no answer (timeout)". */
function answer(x: HttpExchange): string {
  if (!x.response) return `got no answer (${x.error?.code ?? 'error'})`;
  const code = errorCode(x);
  return `was answered ${x.response.status}${code !== null ? ` with JSON-RPC error ${code}` : ''}`;
}

/** The initialize exchanges that succeeded: the ladder's, or the one over HTTP+SSE. */
function negotiated(report: ScanReport): HttpExchange[] {
  const ok = (x: HttpExchange) => x.response !== undefined && x.response.status < 300;
  const ladder = exchangesOf(report, /^p\.init\(/).filter(ok);
  return ladder.length ? ladder : exchangesOf(report, /^p\.sse\.init$/).filter(ok);
}

/** The changes every legacy server makes, whatever the scan observed: a data table. */
const STANDING_ITEMS: readonly MigrationItem[] = [
  {
    id: 'headers',
    title: 'Standard request headers must be validated',
    text: 'Modern clients send `MCP-Protocol-Version` on every request, `Mcp-Method`, and `Mcp-Name` for `tools/call`, `prompts/get` and `resources/read` (Base64-sentinel encoded when needed). The server must reject a missing or mismatching header with 400 and -32020 before executing anything, and an unsupported version with 400 and -32022 listing the supported ones.',
    observed: null,
    exchanges: [],
    citations: [
      mcp('2026-07-28', STREAMABLE, 'Standard Request Headers'),
      mcp('2026-07-28', STREAMABLE, 'Server Validation'),
      mcp('2026-07-28', STREAMABLE, 'Value Encoding'),
    ],
  },
  {
    id: 'results',
    title: '`resultType` and caching hints on results',
    text: 'Every result carries `resultType`; results of `server/discover`, the list methods and `resources/read` carry `ttlMs` and `cacheScope` (`private` unless the result is the same for every caller).',
    observed: null,
    exchanges: [],
    citations: [
      mcp('2026-07-28', 'basic/index', 'ResultType'),
      mcp('2026-07-28', 'server/utilities/caching'),
    ],
  },
  {
    id: 'methods',
    title: 'Removed methods and renumbered errors',
    text: '`ping`, `logging/setLevel`, `resources/subscribe` and `resources/unsubscribe` are gone (404 with -32601 on the modern wire); logging is chosen per request in `_meta`. A missing resource is -32602 (not -32002), and the -32020…-32099 range is reserved for the codes the revision defines.',
    observed: null,
    exchanges: [],
    citations: [CHANGELOG, mcp('2026-07-28', 'basic/index', 'Error Codes')],
  },
];

function legacyItems(report: ScanReport): MigrationItem[] {
  const items: MigrationItem[] = [];
  const sse = report.target.transport === 'http+sse';
  const discover = exchangesOf(report, /^p\.discover$/)[0];
  items.push({
    id: 'discover',
    title: 'No `server/discover`',
    text: 'A 2026-07-28 client starts with `server/discover` (or any request carrying `_meta`). It falls back to `initialize` only if it also speaks a legacy revision and the answer is a 400/404/405 without a modern error; a 2026-07-28-only client cannot connect. Implement `server/discover` and serve requests statelessly from their `_meta`.',
    observed: discover ? `server/discover ${answer(discover)}.` : null,
    exchanges: discover ? [discover.id] : [],
    citations: [
      mcp('2026-07-28', 'server/discover'),
      mcp('2026-07-28', STREAMABLE, 'Backward Compatibility'),
      CHANGELOG,
    ],
  });
  const known = report.target.revision.known;
  items.push({
    id: 'initialize',
    title: 'The `initialize` handshake is gone',
    text: 'There is no negotiation handshake in 2026-07-28: every request carries the protocol version and client capabilities in `_meta`, and the server must not rely on an earlier `initialize` (or any earlier request). A dual-era server keeps answering `initialize` for legacy clients.',
    observed: known.length ? `The server negotiates ${known.join(', ')} through initialize.` : null,
    exchanges: negotiated(report).map((x) => x.id),
    citations: [
      mcp('2026-07-28', 'basic/versioning', 'Backward Compatibility with Initialization-Based Versions'),
      mcp('2026-07-28', 'basic/index', 'Statelessness'),
      CHANGELOG,
    ],
  });
  const sessions = report.exchanges.filter((x) => (x.response?.headers['mcp-session-id'] ?? []).length > 0);
  if (sessions.length > 0 || sse) {
    items.push({
      id: 'sessions',
      title: 'Protocol sessions are gone',
      text: '2026-07-28 has no `Mcp-Session-Id` (and no HTTP+SSE session parameter): servers must not mint or require one on modern requests. State that spans requests moves into explicit handles the server returns and the client passes as ordinary tool arguments.',
      observed: sessions.length
        ? `${sessions.length} response(s) carried an Mcp-Session-Id.`
        : 'The HTTP+SSE transport keys every message to its stream session.',
      exchanges: sessions.slice(0, 5).map((x) => x.id),
      citations: [
        mcp('2026-07-28', 'basic/index', 'Statelessness'),
        mcp('2026-07-28', STREAMABLE, 'Earlier Streamable HTTP Revisions'),
        CHANGELOG,
      ],
    });
  }
  const stream = exchangesOf(report, /^s\.get$/).filter(
    (x) =>
      x.response?.status === 200 &&
      (x.response.headers['content-type'] ?? []).some((v) => v.includes('event-stream')),
  );
  if (stream.length > 0 || sse) {
    items.push({
      id: 'get-stream',
      title: 'The GET stream is replaced by `subscriptions/listen`',
      text: 'The 2026-07-28 transport is POST only: a modern-only server answers GET and DELETE with 405. Server-to-client notifications move to `subscriptions/listen` (only the requested types, after an acknowledgment), and server-to-client requests to `input_required` results (MRTR).',
      observed: stream.length
        ? 'GET on the endpoint opened an SSE stream.'
        : 'The HTTP+SSE transport delivers every message on a GET stream.',
      exchanges: stream.map((x) => x.id),
      citations: [
        mcp('2026-07-28', 'basic/patterns/subscriptions'),
        mcp('2026-07-28', 'basic/patterns/mrtr'),
        mcp('2026-07-28', STREAMABLE, 'Earlier Streamable HTTP Revisions'),
      ],
    });
  }
  const batch = report.results.find((r) => r.checkId === 'MCPP-LEG12' && r.status === 'fail');
  if (batch) {
    items.push({
      id: 'batching',
      title: 'JSON-RPC batches',
      text: 'Every 2026-07-28 POST carries exactly one message, described by its standard headers; a batch cannot be validated against them and must be rejected with 400.',
      observed: 'The server processes JSON-RPC batches (MCPP-LEG12).',
      exchanges: batch.evidence,
      citations: [mcp('2026-07-28', STREAMABLE, 'Sending Messages'), mcp('2025-06-18', 'changelog')],
    });
  }
  if (sse) {
    items.push({
      id: 'http-sse',
      title: 'HTTP+SSE is deprecated',
      text: 'The 2024-11-05 HTTP+SSE transport is deprecated and scheduled for removal; 2026-07-28 clients speak Streamable HTTP on a single POST endpoint.',
      observed: `The endpoint ${report.target.url} speaks only HTTP+SSE.`,
      exchanges: exchangesOf(report, /^p\.sse$/).map((x) => x.id),
      citations: [
        mcp('2026-07-28', 'deprecated'),
        mcp('2026-07-28', STREAMABLE, 'HTTP+SSE Transport (2024-11-05)'),
      ],
    });
  }
  items.push(...STANDING_ITEMS);
  return items;
}

function byEra(results: readonly ReportResult[], era: 'legacy' | 'modern'): ReportResult[] {
  return results.filter((r) => r.era === era);
}

/** Checks evaluated in both eras whose summary verdicts differ. */
export function eraDifferences(report: ScanReport): EraDifference[] {
  const ids = [...new Set(report.results.map((r) => r.checkId))];
  const out: EraDifference[] = [];
  for (const id of ids) {
    const own = report.results.filter((r) => r.checkId === id);
    const legacy = byEra(own, 'legacy');
    const modern = byEra(own, 'modern');
    if (legacy.length === 0 || modern.length === 0) continue;
    const l = summaryStatus(legacy.map((r) => r.status));
    const m = summaryStatus(modern.map((r) => r.status));
    if (l === m) continue;
    const failing = own.filter((r) => r.status === 'fail' || r.status === 'inconclusive');
    out.push({
      checkId: id,
      title: own[0]!.title,
      legacy: l,
      modern: m,
      detail: failing.map((r) => `${r.era}: ${r.message}`).join(' '),
    });
  }
  return out;
}

export function migrationSummary(report: ScanReport): MigrationSummary {
  const kind = migrationKind(report);
  return {
    kind,
    items: kind === 'legacy' ? legacyItems(report) : [],
    differences: kind === 'dual-era' ? eraDifferences(report) : [],
  };
}

/** The migration section of the text report (plain lines; the caller escapes them). Empty for modern-only and unknown servers. */
export function migrationLines(report: ScanReport): string[] {
  const s = migrationSummary(report);
  if (s.kind === 'legacy') {
    return [
      `A client that speaks only 2026-07-28 cannot use this server; ${s.items.length} changes (details: --format migration):`,
      ...s.items.map(
        (i) => `- ${i.title.replace(/`/g, '')}${i.observed ? `: ${i.observed.replace(/`/g, '')}` : ''}`,
      ),
    ];
  }
  if (s.kind === 'dual-era') {
    if (s.differences.length === 0)
      return ['Dual-era server: no check reached different verdicts in the two eras.'];
    return [
      `Dual-era server: ${s.differences.length} check(s) differ between the eras:`,
      ...s.differences.map(
        (d) => `- ${d.checkId} ${d.title.replace(/`/g, '')}: legacy ${d.legacy}, modern ${d.modern}`,
      ),
    ];
  }
  return [];
}
