/**
 * Every reply to a request that carried modern `_meta` (or was sent to the
 * modern wire), labelled with its probe and JSON-RPC method, so the checks that
 * judge "every modern result" or "every SSE reply" gather the same set.
 */
import type { ExchangeEraDecision } from '../../evidence/derive/exchange-era.js';
import { modernRequestEra } from '../../evidence/derive/exchange-era.js';
import type { Evidence, ModernEvidence, Probe, HttpReply, RpcReply } from '../../evidence/types.js';
import { asHttpProbe } from '../shared/replies.js';

export interface ModernReply {
  readonly label: string;
  /** JSON-RPC method of the request; null for batches, GET and DELETE. */
  readonly method: string | null;
  readonly reply: HttpReply;
  /** A crafted probe (wrong on purpose), not an ordinary client request. */
  readonly crafted: boolean;
  /** A POST carrying a JSON-RPC body with `_meta`; false for the GET and DELETE probes. */
  readonly post: boolean;
  /**
   * The era the request belongs to, decided once (../../evidence/derive/exchange-era.ts): a
   * request without MCP-Protocol-Version that a 2025-03-26-capable server handled as legacy is `legacy`.
   */
  readonly era: ExchangeEraDecision;
}

/** The one modern probe sent without `MCP-Protocol-Version` (MOD09). */
export const WITHOUT_VERSION_HEADER = 's.version.none.modern';

/**
 * The replies to requests of the modern era. A request the server handled as a 2025-03-26 request
 * (see `era`) is left out unless `includeLegacy`: the modern checks do not judge it.
 */
export function modernReplies(
  ev: Pick<Evidence, 'detection'>,
  m: ModernEvidence,
  opts: { readonly includeLegacy?: boolean } = {},
): ModernReply[] {
  const out: ModernReply[] = [];
  const seen = new Set<string>();
  const known = ev.detection.revision.known;
  // A reply that did not come over HTTP (none do on the modern wire yet) has no envelope to judge.
  const add = (label: string, method: string | null, probe: Probe<RpcReply>, crafted: boolean) => {
    const p = asHttpProbe(probe);
    if (p?.kind !== 'ok' || seen.has(p.value.exchange)) return;
    seen.add(p.value.exchange);
    const era = modernRequestEra(label !== WITHOUT_VERSION_HEADER, p.value, known);
    out.push({ label, method, reply: p.value, crafted, post: !/^s\.(get|delete)\.modern$/.test(label), era });
  };
  add('p.discover', 'server/discover', ev.detection.discover, false);
  for (const l of m.lists) {
    if (l.probe.kind !== 'ok') add(`p.list.modern(${l.method})`, l.method, l.probe, false);
    else for (const r of l.probe.value.replies) add(`p.list.modern(${l.method})`, l.method, ok(r), false);
  }
  if (m.fresh.probe.kind === 'ok')
    for (const r of m.fresh.probe.value.replies) add('p.list.fresh', m.fresh.method, ok(r), false);
  add('s.tool.unknown', 'tools/call', m.toolUnknown, false);
  add('s.resource.missing', 'resources/read', m.resourceMissing, false);
  add('s.meta.noclientinfo', 'server/discover', m.meta.noClientInfo, false);
  add('s.hdr.lowercase', 'server/discover', m.headers.lowercase, false);
  add('s.session.modern', 'server/discover', m.bogusSession, true);
  add('s.lei', 'server/discover', m.lastEventId, true);
  add('s.version.bad.modern', 'server/discover', m.versionBad, true);
  add(WITHOUT_VERSION_HEADER, 'server/discover', m.versionNone, true);
  add('s.hdr.version-mismatch', 'server/discover', m.headers.versionMismatch, true);
  add('s.hdr.method-missing', 'server/discover', m.headers.methodMissing, true);
  add('s.hdr.method-mismatch', 'server/discover', m.headers.methodMismatch, true);
  add('s.hdr.method-case', 'server/discover', m.headers.methodCase, true);
  add('s.hdr.name-missing', 'tools/call', m.headers.nameMissing, true);
  add('s.hdr.name-mismatch', 'tools/call', m.headers.nameMismatch, true);
  add('s.hdr.name-b64', 'tools/call', m.headers.nameB64, true);
  add('s.hdr.ows', 'tools/call', m.headers.ows, true);
  add('s.meta.missing', 'server/discover', m.meta.noCapabilities, true);
  add('s.meta.none', 'server/discover', m.meta.noMeta, true);
  for (const x of m.methods) add(`s.method.unknown(${x.method})`, x.method, x.probe, true);
  add('s.batch.modern', null, m.batch, true);
  add('s.get.modern', null, m.get, true);
  add('s.delete.modern', null, m.delete, true);
  add('s.listen', 'subscriptions/listen', m.listen.probe, true);
  const d = m.designated?.kind === 'ok' ? m.designated.value : null;
  if (d) {
    add('i.tool.control', 'tools/call', d.control, false);
    add('i.tool.param-missing', 'tools/call', d.paramMissing, true);
    add('i.tool.param-mismatch', 'tools/call', d.paramMismatch, true);
    add('i.tool.no-capabilities', 'tools/call', d.noCapabilities, true);
  }
  return opts.includeLegacy ? out : out.filter((r) => r.era.era === 'modern');
}

/** The era decided for the reply carried by `exchange` (null when no modern probe's reply is that exchange). */
export function eraOfReply(
  ev: Pick<Evidence, 'detection'>,
  m: ModernEvidence,
  exchange: string,
): ExchangeEraDecision | null {
  return (
    modernReplies(ev, m, { includeLegacy: true }).find((r) => r.reply.exchange === exchange)?.era ?? null
  );
}

function ok(reply: RpcReply): Probe<RpcReply> {
  return { kind: 'ok', value: reply, exchanges: [reply.exchange] };
}
