import { defineCheck } from '../define-check.js';
import type { Given, Verdict } from '../define-check.js';
import type { ExchangeId, Probe, RpcReply } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { failedInit } from './preamble.js';
import { asObject } from '../../evidence/parse/json-value.js';

type Key =
  | 'result'
  | 'protocolVersion'
  | 'capabilities'
  | 'serverInfo'
  | 'serverInfo.name'
  | 'serverInfo.version'
  | 'instructions';

/** Members of one InitializeResult that are missing or mistyped. */
function problems(result: unknown): Key[] {
  const r = asObject(result);
  if (!r) return ['result'];
  const out: Key[] = [];
  if (typeof r['protocolVersion'] !== 'string') out.push('protocolVersion');
  if (!asObject(r['capabilities'])) out.push('capabilities');
  const info = asObject(r['serverInfo']);
  if (!info) out.push('serverInfo');
  else {
    if (typeof info['name'] !== 'string') out.push('serverInfo.name');
    if (typeof info['version'] !== 'string') out.push('serverInfo.version');
  }
  if ('instructions' in r && typeof r['instructions'] !== 'string') out.push('instructions');
  return out;
}

/** Every InitializeResult the scan received (success responses to `initialize`), once per exchange. */
function initializeResults(
  ev: Given<readonly ['detection', 'sessions?', 'sse?']>,
): { readonly exchange: ExchangeId; readonly result: unknown }[] {
  const out = new Map<ExchangeId, unknown>();
  // Over HTTP an error status is not an InitializeResult; a reply over another transport has no status.
  const add = (p: Probe<RpcReply> | undefined) => {
    if (p?.kind !== 'ok' || (isHttpReply(p.value) && p.value.status >= 300)) return;
    const res = p.value.response;
    if (res && 'result' in res && res.result !== undefined) out.set(p.value.exchange, res.result);
  };
  for (const a of ev.detection.inits) add(a.probe);
  add(ev.sessions?.init2);
  add(ev.sessions?.initBogus);
  if (ev.sessions && !out.has(ev.sessions.init.exchange) && ev.sessions.init.response?.result !== undefined) {
    out.set(ev.sessions.init.exchange, ev.sessions.init.response.result);
  }
  const sse = ev.sse?.init;
  if (
    sse?.kind === 'ok' &&
    sse.value.message?.kind === 'response' &&
    sse.value.message.result !== undefined
  ) {
    out.set(sse.value.post.exchange, sse.value.message.result);
  }
  return [...out].map(([exchange, result]) => ({ exchange, result }));
}

export default defineCheck({
  meta: {
    id: 'MCPP-LEG03',
    title: 'InitializeResult complete',
    requirement:
      'InitializeResult has string `protocolVersion`, object `capabilities`, `serverInfo` with string `name` and `version`; `instructions`, if present, is a string.',
    keyword: 'MUST',
    revisions: revisionRange('2024-11-05', '2025-11-25'),
    transports: ['streamable-http', 'http+sse', 'stdio'],
    mode: 'passive',
    requires: ['detection', 'sessions?', 'sse?'],
    rating: { scope: 'protocol' },
    keys: {
      result: 'an InitializeResult is not a JSON object',
      protocolVersion: 'protocolVersion is missing or not a string',
      capabilities: 'capabilities is missing or not an object',
      serverInfo: 'serverInfo is missing or not an object',
      'serverInfo.name': 'serverInfo.name is missing or not a string',
      'serverInfo.version': 'serverInfo.version is missing or not a string',
      instructions: 'instructions is present but not a string',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'schema', 'InitializeResult'),
      mcp('2025-11-25', 'basic/lifecycle', 'Initialization'),
    ],
    rationale:
      'Clients validate the InitializeResult against the schema; SDK clients reject a result without `capabilities` or `serverInfo`, so the handshake fails or features are silently disabled.',
    remediation:
      'Return `protocolVersion` (string), `capabilities` (object, `{}` when nothing is offered) and `serverInfo` with string `name` and `version`; send `instructions` only as a string.',
    evidence:
      'Every InitializeResult received: the `p.init(v)` ladder, `p.init2`, `s.init.bogus` and the HTTP+SSE initialize.',
    traps:
      'Extra members (`serverInfo.title`, `icons`, `websiteUrl`) are allowed in later revisions; unknown members are ignored.',
    notes:
      'The same members are required in every revision from 2024-11-05 on (the 2024-11-05 schema already defines `instructions` as an optional string), so the verdict does not depend on the revision. One result per missing or mistyped member (key = member path), listing every InitializeResult that has the problem.',
  },
  evaluate(ev, ctx) {
    if (ev.detection.authWall) {
      return ctx.inconclusive(
        'auth_wall',
        'Every initialize was answered 401/403; no InitializeResult was received.',
      );
    }
    const results = initializeResults(ev);
    if (results.length === 0) {
      const failed = failedInit(ev, ctx);
      if (failed) return failed;
      return ctx.inconclusive(
        'probe_unavailable',
        'No InitializeResult was received, so its members could not be checked.',
      );
    }
    const byKey = new Map<Key, ExchangeId[]>();
    for (const r of results) {
      for (const key of problems(r.result)) byKey.set(key, [...(byKey.get(key) ?? []), r.exchange]);
    }
    const verdicts: Verdict[] = [];
    for (const [key, exchanges] of byKey) {
      const what =
        key === 'result'
          ? 'the result is not a JSON object'
          : key === 'instructions'
            ? '`instructions` is present but not a string'
            : `\`${key}\` is missing or has the wrong type`;
      verdicts.push(
        ctx.fail(
          `InitializeResult incomplete: ${what} (${exchanges.length} of ${results.length} results).`,
          exchanges,
          { key },
        ),
      );
    }
    if (verdicts.length > 0) return verdicts;
    return ctx.pass(
      `All ${results.length} InitializeResults carry protocolVersion, capabilities and serverInfo (name, version) with the right types.`,
      results.map((r) => r.exchange),
    );
  },
});
