/**
 * Every HttpReply in an evidence bundle, labelled with the probe that produced it
 * and what the request carried, so checks that judge "every reply" (TRN07, TRN12,
 * TRN13, TRN14) gather the same set. Pure: reads the evidence, nothing else.
 */
import type { Evidence, ExchangeId, HttpExchange, Probe, HttpReply } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { httpReplyOf } from '../shared/replies.js';

/** The sections `listReplies` reads: a check that calls it spreads these into its `requires`. */
export const REPLY_SECTIONS = [
  'detection',
  'exchanges',
  'endpoint?',
  'sessions?',
  'sse?',
  'inventory?',
  'modern?',
  'origin?',
  'plain',
] as const;

/** What `listReplies` reads of the evidence. */
export type ReplySections = Pick<
  Evidence,
  'detection' | 'exchanges' | 'endpoint' | 'sessions' | 'sse' | 'inventory' | 'modern' | 'origin' | 'plain'
>;

/** What the HTTP request that produced a reply carried. */
export type RequestKind = 'request' | 'notification' | 'batch' | 'none' | 'unknown';

export interface LabelledReply {
  /** Catalogue probe ID (`p.init(2025-11-25)`, `s.origin.foreign`, `p.list(tools)` ...). */
  readonly label: string;
  readonly reply: HttpReply;
  /** A safe-tier probe with crafted headers or body (not what an ordinary client sends). */
  readonly crafted: boolean;
  /** `plain`: the cleartext counterpart of an https endpoint (may be a different server). */
  readonly channel: 'mcp' | 'plain';
  readonly requestKind: RequestKind;
  /** JSON-RPC method of the request, when one can be told. */
  readonly method: string | null;
}

interface Seed {
  readonly label: string;
  readonly reply: HttpReply;
  readonly crafted: boolean;
  readonly channel: 'mcp' | 'plain';
  /** What the probe sends, used when the recorded request body is absent or unreadable. */
  readonly fallback: { readonly kind: RequestKind; readonly method: string | null };
}

const REQUEST = (method: string) => ({ kind: 'request' as const, method });
const NONE = { kind: 'none' as const, method: null };
const UNKNOWN = { kind: 'unknown' as const, method: null };

function okValue<T>(p: Probe<T>): T | null {
  return p.kind === 'ok' ? p.value : null;
}

/**
 * Several checks read the same derived views of one evidence: each is built once per evidence,
 * keyed by its exchanges array (checks never change evidence), so a scan's checks share it.
 */
const indexes = new WeakMap<readonly HttpExchange[], ReadonlyMap<ExchangeId, HttpExchange>>();

/** Index of exchanges by id. */
export function exchangeIndex(ev: Pick<Evidence, 'exchanges'>): ReadonlyMap<ExchangeId, HttpExchange> {
  let index = indexes.get(ev.exchanges);
  if (!index) {
    index = new Map(ev.exchanges.map((x) => [x.id, x]));
    indexes.set(ev.exchanges, index);
  }
  return index;
}

/** All values of a response header (lower-case name) of one exchange. */
export function responseHeader(
  index: ReadonlyMap<ExchangeId, HttpExchange>,
  id: ExchangeId,
  name: string,
): readonly string[] {
  return index.get(id)?.response?.headers[name.toLowerCase()] ?? [];
}

/** Reads the JSON-RPC shape of a recorded request body; null when there is none or it cannot be read. */
function describeBody(x: HttpExchange | undefined): { kind: RequestKind; method: string | null } | null {
  if (!x) return null;
  if (x.request.method !== 'POST') return NONE;
  if (x.request.body === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(x.request.body);
  } catch {
    return null; // redacted or cut: fall back to what the probe sends
  }
  if (Array.isArray(parsed)) return { kind: 'batch', method: null };
  if (typeof parsed !== 'object' || parsed === null) return null;
  const o = parsed as Record<string, unknown>;
  if (typeof o['method'] !== 'string') return UNKNOWN;
  return { kind: 'id' in o ? 'request' : 'notification', method: o['method'] };
}

function seeds(ev: ReplySections): Seed[] {
  const out: Seed[] = [];
  const add = (
    label: string,
    reply: HttpReply | null,
    fallback: Seed['fallback'],
    crafted = false,
    channel: Seed['channel'] = 'mcp',
  ) => {
    if (reply) out.push({ label, reply, crafted, channel, fallback });
  };
  const d = ev.detection;
  // Only HTTP replies have the envelope these checks judge; a reply over another transport is left out.
  add('p.discover', httpReplyOf(d.discover), REQUEST('server/discover'));
  for (const a of d.inits) add(`p.init(${a.requested})`, httpReplyOf(a.probe), REQUEST('initialize'));
  if (ev.endpoint) add('p.sse', okValue(ev.endpoint.sseGet), NONE);

  const l = ev.sessions;
  if (l) {
    add('p.init', l.init, REQUEST('initialize'));
    add('p.initialized', okValue(l.initialized), {
      kind: 'notification',
      method: 'notifications/initialized',
    });
    add('p.init2', okValue(l.init2), REQUEST('initialize'));
    add('p.list(baseline)', okValue(l.baseline), REQUEST('tools/list'));
    add('p.delete', okValue(l.delete), NONE);
    add('s.get', okValue(l.get), NONE, true);
    add('s.session.none', okValue(l.sessionNone), REQUEST('tools/list'), true);
    add('s.session.unknown', okValue(l.sessionUnknown), REQUEST('tools/list'), true);
    add('s.session.reuse', okValue(l.sessionReuse), REQUEST('tools/list'), true);
    add('s.version.bad', okValue(l.versionBad), REQUEST('tools/list'), true);
    add('s.version.none', okValue(l.versionNone), REQUEST('tools/list'), true);
    add('s.batch', okValue(l.batch), { kind: 'batch', method: null }, true);
    add('s.init.bogus', okValue(l.initBogus), REQUEST('initialize'), true);
  }

  const s = ev.sse;
  if (s) {
    add('p.sse', s.get, NONE);
    add('p.sse.init', okValue(s.init)?.post ?? null, REQUEST('initialize'));
    add('s.sse.badsession', okValue(s.badSession), REQUEST('ping'), true);
  }

  const inv = ev.inventory;
  if (inv) {
    const lists = [
      ['tools', 'tools/list', inv.tools],
      ['prompts', 'prompts/list', inv.prompts],
      ['resources', 'resources/list', inv.resources],
      ['resourceTemplates', 'resources/templates/list', inv.resourceTemplates],
    ] as const;
    for (const [name, method, probe] of lists) {
      for (const r of okValue(probe)?.replies ?? [])
        if (isHttpReply(r)) add(`p.list(${name})`, r, REQUEST(method));
    }
  }

  const m = ev.modern;
  if (m) {
    // The modern wire's probes: the ordinary requests first, then the crafted variants.
    add('p.tool.unknown', okValue(m.toolUnknown), REQUEST('tools/call'));
    add('p.resource.missing', okValue(m.resourceMissing), REQUEST('resources/read'));
    for (const l of m.lists)
      for (const r of okValue(l.probe)?.replies ?? [])
        if (isHttpReply(r)) add('p.list', r, REQUEST(l.method));
    for (const r of okValue(m.fresh.probe)?.replies ?? [])
      if (isHttpReply(r)) add('p.list.fresh', r, REQUEST(m.fresh.method));
    add('s.listen', okValue(m.listen.probe), REQUEST('subscriptions/listen'));
    add('s.version.bad', okValue(m.versionBad), REQUEST('server/discover'), true);
    add('s.version.none', okValue(m.versionNone), REQUEST('server/discover'), true);
    for (const [name, p] of Object.entries(m.headers) as [string, Probe<HttpReply>][])
      add(`s.header.${name}`, okValue(p), UNKNOWN, true);
    for (const [name, p] of Object.entries(m.meta) as [string, Probe<HttpReply>][])
      add(`s.meta.${name}`, okValue(p), UNKNOWN, true);
    for (const x of m.methods) add('s.method.unknown', okValue(x.probe), REQUEST(x.method), true);
    add('s.session.bogus', okValue(m.bogusSession), REQUEST('server/discover'), true);
    add('s.last-event-id', okValue(m.lastEventId), REQUEST('server/discover'), true);
    add('s.batch', okValue(m.batch), { kind: 'batch', method: null }, true);
    add('p.get', okValue(m.get), NONE, true);
    add('p.delete', okValue(m.delete), NONE, true);
    const d = m.designated?.kind === 'ok' ? m.designated.value : null;
    if (d) {
      add('i.tool.control', okValue(d.control), REQUEST('tools/call'));
      add('i.tool.param-missing', okValue(d.paramMissing), REQUEST('tools/call'), true);
      add('i.tool.param-mismatch', okValue(d.paramMismatch), REQUEST('tools/call'), true);
      add('i.tool.no-capabilities', okValue(d.noCapabilities), REQUEST('tools/call'), true);
    }
  }

  const o = ev.origin;
  if (o) {
    // The s.origin probes repeat the baseline request; its recorded body (or label) tells the method.
    add('s.origin.baseline', o.baseline, UNKNOWN);
    add('s.origin.foreign', okValue(o.foreign), UNKNOWN, true);
    add('s.origin.null', okValue(o.nullOrigin), UNKNOWN, true);
    add('s.origin.lookalike', okValue(o.lookalike), UNKNOWN, true);
    add('s.preflight', okValue(o.preflight), NONE, true);
    add('s.host', okValue(o.host), UNKNOWN, true);
  }

  for (const p of ev.plain) {
    add('p.plain', okValue(p.get), NONE, false, 'plain');
    add('p.plain.post', okValue(p.post), REQUEST('server/discover'), false, 'plain');
  }
  return out;
}

/**
 * Every HttpReply in the evidence, once per exchange (the first label wins: `origin.baseline`
 * and `legacy.init` usually repeat a detection reply), in a fixed order.
 */
export function listReplies(ev: ReplySections): readonly LabelledReply[] {
  const known = replyLists.get(ev.exchanges);
  if (known && REPLY_KEYS.every((k) => known.sections[k] === ev[k])) return known.replies;
  const replies = buildReplies(ev);
  replyLists.set(ev.exchanges, { sections: { ...ev }, replies });
  return replies;
}

const REPLY_KEYS = [
  'detection',
  'exchanges',
  'endpoint',
  'sessions',
  'sse',
  'inventory',
  'modern',
  'origin',
  'plain',
] as const satisfies readonly (keyof ReplySections)[];

/** The last list built for an exchanges array, with the sections it was built from. */
const replyLists = new WeakMap<
  readonly HttpExchange[],
  { readonly sections: ReplySections; readonly replies: readonly LabelledReply[] }
>();

function buildReplies(ev: ReplySections): LabelledReply[] {
  const index = exchangeIndex(ev);
  const seen = new Map<ExchangeId, LabelledReply>();
  const out: LabelledReply[] = [];
  let baselineShape: { kind: RequestKind; method: string | null } = UNKNOWN;
  for (const s of seeds(ev)) {
    const known = seen.get(s.reply.exchange);
    if (s.label === 's.origin.baseline' && known)
      baselineShape = { kind: known.requestKind, method: known.method };
    if (known) continue;
    const inherited =
      s.fallback.kind === 'unknown' && s.label !== 's.origin.baseline' ? baselineShape : s.fallback;
    const shape = describeBody(index.get(s.reply.exchange)) ?? inherited;
    const entry: LabelledReply = {
      label: s.label,
      reply: s.reply,
      crafted: s.crafted,
      channel: s.channel,
      requestKind: shape.kind,
      method: shape.method,
    };
    if (s.label === 's.origin.baseline') baselineShape = shape;
    seen.set(s.reply.exchange, entry);
    out.push(entry);
  }
  return out;
}

/**
 * True when a reply body is JSON-RPC (a parsed message, or a JSON value with a `jsonrpc`
 * member): an error page from a proxy, WAF or gateway is not an MCP message.
 */
export function carriesJsonRpc(reply: HttpReply, exchange: HttpExchange | undefined): boolean {
  const hasMember = (v: unknown) => typeof v === 'object' && v !== null && 'jsonrpc' in v;
  if (
    reply.messages.some(
      (m) => m.kind !== 'invalid' || hasMember(m.raw) || (Array.isArray(m.raw) && m.raw.some(hasMember)),
    )
  ) {
    return true;
  }
  const body = exchange?.response?.body.trim() ?? '';
  if (!body.startsWith('{') && !body.startsWith('[')) return false;
  try {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) ? parsed.some(hasMember) : hasMember(parsed);
  } catch {
    return false;
  }
}
