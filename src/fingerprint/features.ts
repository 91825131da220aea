/**
 * The observations framework signatures are matched against, read from evidence a scan already
 * holds: the initialize answer and its headers, the session probes' error texts, the tool probes,
 * the GET and Host answers, the 401 challenge. Values are normalised (the scanner's random tool
 * name and URLs replaced) so that they compare across scans.
 */
import type { Evidence, ExchangeId, HttpExchange, Probe, RpcReply } from '../evidence/types.js';
import { isHttpReply } from '../evidence/types.js';
import { isObject } from '../evidence/parse/json-value.js';
import type { Feature, FeatureName } from './types.js';

type Sink = (name: FeatureName, value: string | null | undefined, evidence: readonly ExchangeId[]) => void;

function exchangeOf(ev: Evidence, id: ExchangeId): HttpExchange | undefined {
  return ev.exchanges.find((x) => x.id === id);
}

function header(x: HttpExchange | undefined, name: string): string | null {
  return x?.response?.headers[name]?.join(', ') ?? null;
}

/** The first JSON object key of a body (after `data: ` for an event stream). */
function firstKey(body: string): string | null {
  return /\{\s*"([^"]+)"/.exec(body)?.[1] ?? null;
}

function okHttp(p: Probe<RpcReply> | null | undefined) {
  return p && p.kind === 'ok' && isHttpReply(p.value) ? p.value : null;
}

/** `status error-code message` of an answer, or `status result` / `status <body start>`. */
function answerShape(ev: Evidence, p: Probe<RpcReply> | null | undefined): [string, ExchangeId[]] | null {
  if (!p || p.kind !== 'ok') return null;
  const r = p.value;
  const status = isHttpReply(r) ? `${r.status} ` : '';
  const err = r.response?.error;
  if (err) return [`${status}${String(err.code)} ${String(err.message)}`, [r.exchange]];
  if (r.response) return [`${status}result`, [r.exchange]];
  const body = exchangeOf(ev, r.exchange)?.response?.body.trim().slice(0, 120) ?? '';
  return [`${status}${body}`, [r.exchange]];
}

function initFeatures(ev: Evidence, add: Sink): void {
  const init = ev.detection.inits.map((i) => okHttp(i.probe)).find((r) => r && r.status === 200);
  if (!init) return;
  const x = exchangeOf(ev, init.exchange);
  const ids = [init.exchange];
  add('header.server', header(x, 'server'), ids);
  add('header.x-powered-by', header(x, 'x-powered-by'), ids);
  add('header.access-control-allow-headers', header(x, 'access-control-allow-headers'), ids);
  add('init.content-type', header(x, 'content-type'), ids);
  add('init.first-key', firstKey(x?.response?.body ?? ''), ids);
  add('init.sse-event-id', init.sseEvents.find((e) => e.id !== undefined)?.id, ids);
  const result = init.response?.result;
  if (!isObject(result)) return;
  const first = ev.detection.inits[0];
  if (first && okHttp(first.probe) === init) add('init.protocol-version', first.offered, ids);
  add('capabilities', JSON.stringify(result['capabilities'] ?? null), ids);
  const info = result['serverInfo'];
  if (isObject(info)) {
    add('server-info.version', typeof info['version'] === 'string' ? info['version'] : null, ids);
    add('server-info.keys', Object.keys(info).sort().join(','), ids);
  }
  const sid = init.sessionId;
  if (sid !== null) {
    const format = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sid)
      ? 'uuid'
      : /^[0-9a-f]{32}$/i.test(sid)
        ? 'hex32'
        : 'other';
    add('session.id-format', format, ids);
  }
}

function sessionFeatures(ev: Evidence, add: Sink): void {
  const s = ev.sessions;
  if (!s) return;
  const pairs: [FeatureName, Probe<RpcReply>][] = [
    ['error.session-missing', s.sessionNone],
    ['error.session-unknown', s.sessionUnknown],
    ['error.version-bad', s.versionBad],
    ['error.batch', s.batch],
  ];
  for (const [name, probe] of pairs) {
    const shape = answerShape(ev, probe);
    if (shape) add(name, shape[0], shape[1]);
  }
  const get = okHttp(s.get);
  if (get) {
    add('get.status', String(get.status), [get.exchange]);
    add('get.body', exchangeOf(ev, get.exchange)?.response?.body.trim().slice(0, 160), [get.exchange]);
  }
}

function toolFeatures(ev: Evidence, add: Sink): void {
  const tp = ev.toolProbes;
  if (tp && tp.toolUnknown.kind === 'ok') {
    const r = tp.toolUnknown.value;
    const err = r.response?.error;
    const result = r.response?.result;
    const text = err
      ? `error ${String(err.code)} ${String(err.message)}`
      : isObject(result) && Array.isArray(result['content'])
        ? `result ${JSON.stringify(result['content'][0] ?? null)}`
        : null;
    add('error.tool-unknown', text?.split(tp.unknownTool).join('<tool>'), [r.exchange]);
  }
  const tools = ev.inventory?.tools;
  if (tools?.kind === 'ok') {
    const first = tools.value.items[0];
    const meta =
      isObject(first) && isObject(first['_meta']) ? Object.keys(first['_meta']).sort().join(',') : null;
    add('tools.meta-keys', meta, tools.exchanges);
  }
}

function edgeFeatures(ev: Evidence, add: Sink): void {
  add('eras', [...ev.detection.revision.eras].sort().join('+') || null, []);
  const host = ev.origin?.host;
  if (host?.kind === 'ok') add('host-probe.status', String(host.value.status), [host.value.exchange]);
  const challenge = ev.oauth?.challenges.find((c) => !c.credentialsSent);
  if (challenge) {
    const value = challenge.header.join(', ').replace(/https?:\/\/[^"\s,]+/g, '<url>');
    add('challenge', value, [challenge.exchange]);
    add('challenge.body', exchangeOf(ev, challenge.exchange)?.response?.body.trim() ?? '', [
      challenge.exchange,
    ]);
  }
}

/** Every observable feature of the evidence, in a fixed order. */
export function extractFeatures(ev: Evidence): Feature[] {
  const out: Feature[] = [];
  const add: Sink = (name, value, evidence) => {
    if (value !== null && value !== undefined) out.push({ name, value, evidence });
  };
  initFeatures(ev, add);
  sessionFeatures(ev, add);
  toolFeatures(ev, add);
  edgeFeatures(ev, add);
  return out;
}
