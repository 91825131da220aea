import { defineCheck } from '../define-check.js';
import type { Given, Verdict } from '../define-check.js';
import type { ExchangeId, RpcMessage } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { isRevision, revisionRange } from '../../spec/revisions.js';
import { failedInit } from './preamble.js';
import { asObject } from '../../evidence/parse/json-value.js';

/** Protocol versions are date strings; anything else cannot be a version a client could accept. */
const VERSION_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

type Key = 'unknown-version' | 'unstable' | 'listed-not-echoed' | 'missing';

interface Observation {
  readonly requested: string;
  readonly exchange: ExchangeId;
  readonly response: Extract<RpcMessage, { kind: 'response' }> | null;
  /** True for the HTTP ladder (several versions requested); false for the single HTTP+SSE initialize. */
  readonly ladder: boolean;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Versions the server itself names as supported: DiscoverResult, -32022 data, or `data.supported` of an initialize error. */
type Read = Given<readonly ['detection', 'exchanges', 'sse?']>;

function listedVersions(ev: Read, observations: readonly Observation[]): Set<string> {
  const listed = new Set<string>();
  const d = ev.detection.discover;
  if (d.kind === 'ok' && d.value.response) {
    const res = d.value.response;
    for (const v of strings(asObject(res.result)?.['supportedVersions'])) listed.add(v);
    if (res.error?.code === -32022)
      for (const v of strings(asObject(res.error.data)?.['supported'])) listed.add(v);
  }
  for (const o of observations) {
    for (const v of strings(asObject(o.response?.error?.data)?.['supported'])) listed.add(v);
  }
  return listed;
}

/** The `protocolVersion` the scanner sent, read from the recorded request body. */
function requestedIn(ev: Read, exchange: ExchangeId): string | null {
  const body = ev.exchanges.find((x) => x.id === exchange)?.request.body;
  if (!body) return null;
  try {
    const v = asObject(asObject(asObject(JSON.parse(body))?.['params']))?.['protocolVersion'];
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

function observe(ev: Read): Observation[] {
  const out: Observation[] = [];
  for (const a of ev.detection.inits) {
    if (a.probe.kind !== 'ok') continue;
    out.push({
      requested: a.requested,
      exchange: a.probe.value.exchange,
      response: a.probe.value.response,
      ladder: true,
    });
  }
  const sse = ev.sse?.init;
  if (sse?.kind === 'ok') {
    const exchange = sse.value.post.exchange;
    const requested = requestedIn(ev, exchange);
    const message = sse.value.message;
    if (requested !== null && message?.kind === 'response') {
      out.push({ requested, exchange, response: message, ladder: false });
    }
  }
  return out;
}

export default defineCheck({
  meta: {
    id: 'MCPP-LEG01',
    title: '`initialize` negotiates versions correctly',
    requirement:
      'When the client requests a version the server supports, the InitializeResult carries that same version; otherwise it carries another version the server supports.',
    keyword: 'MUST',
    revisions: revisionRange('2024-11-05', '2025-11-25'),
    transports: ['streamable-http', 'http+sse', 'stdio'],
    mode: 'passive',
    requires: ['detection', 'exchanges', 'sse?'],
    rating: { scope: 'protocol' },
    keys: {
      'unknown-version':
        'an InitializeResult answered a requested version with a string that is not a protocol version',
      unstable:
        'a counter-offered version, when requested itself, was answered with another version or an error',
      'listed-not-echoed':
        'a version the server lists as supported was answered with another version or an error',
      missing: 'an InitializeResult has no string protocolVersion',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/lifecycle', 'Version Negotiation'),
      mcp('2025-03-26', 'basic/lifecycle', 'Version Negotiation'),
    ],
    rationale:
      'Clients decide which protocol rules, headers and features apply from the version in the InitializeResult. A server that answers a supported version with another one, or with a string that is not a version, makes conforming clients disconnect or speak the wrong revision.',
    remediation:
      'Echo the requested protocolVersion whenever it is supported; otherwise answer with the newest version the server supports, and answer that version with itself when it is requested.',
    evidence:
      '`p.init(v)` for 2025-11-25, 2025-06-18, 2025-03-26 and 2024-11-05 (the `protocolVersion` of each InitializeResult); the HTTP+SSE `initialize` when the target speaks HTTP+SSE; versions the server lists in a DiscoverResult, a -32022 error or an initialize error `data.supported`.',
    traps:
      'A counter-offer is legal (for example 2025-06-18 offered when 2025-11-25 is requested); only an unstable counter-offer, a non-version string or a listed version that is not echoed fails. "SHOULD be the latest" is judged by LEG02.',
    notes:
      'An error answer to a known version the server does not list is not judged here (LEG02 judges error answers to unsupported versions). Over HTTP+SSE only one initialize is sent, so a counter-offer there cannot be tested for stability and passes with medium confidence; so does a date-shaped version the scanner does not know. A counter-offer w is also judged against the initialize that requested w: answering w with something else is `unstable`.',
  },
  evaluate(ev, ctx) {
    if (ev.detection.authWall) {
      return ctx.inconclusive(
        'auth_wall',
        'Every initialize was answered 401/403; version negotiation could not be observed.',
      );
    }
    const observations = observe(ev);
    const listed = listedVersions(ev, observations);
    const fails = new Map<Key, { readonly lines: string[]; readonly exchanges: ExchangeId[] }>();
    const fail = (key: Key, line: string, exchanges: readonly ExchangeId[]) => {
      const f = fails.get(key) ?? { lines: [], exchanges: [] };
      f.lines.push(line);
      f.exchanges.push(...exchanges.filter((x) => !f.exchanges.includes(x)));
      fails.set(key, f);
    };
    const judged: { readonly line: string; readonly exchange: ExchangeId }[] = [];
    let unverified = false;

    for (const o of observations) {
      const result = asObject(o.response?.result);
      if (!result) {
        // An error for a version the server names as supported is a refusal of a supported version.
        if (o.response?.error && listed.has(o.requested)) {
          fail(
            'listed-not-echoed',
            `${o.requested} is listed as supported but initialize answered an error`,
            [o.exchange],
          );
        }
        continue;
      }
      const offered = result['protocolVersion'];
      if (typeof offered !== 'string') {
        fail('missing', `the InitializeResult for ${o.requested} has no string protocolVersion`, [
          o.exchange,
        ]);
        continue;
      }
      if (offered === o.requested) {
        judged.push({ line: `${o.requested} → ${offered}`, exchange: o.exchange });
        continue;
      }
      if (!VERSION_SHAPE.test(offered)) {
        fail('unknown-version', `${o.requested} → "${offered}", which is not a protocol version`, [
          o.exchange,
        ]);
        continue;
      }
      if (listed.has(o.requested)) {
        fail(
          'listed-not-echoed',
          `${o.requested} is listed as supported but initialize answered ${offered}`,
          [o.exchange],
        );
        continue;
      }
      // A counter-offer must itself be stable: requesting it must return it.
      const counter = observations.find((x) => x.ladder && x.requested === offered);
      const counterResult = asObject(counter?.response?.result);
      const counterVersion = counterResult?.['protocolVersion'];
      if (counter && (counter.response?.error || (counterResult && counterVersion !== offered))) {
        const got =
          typeof counterVersion === 'string'
            ? counterVersion
            : counter.response?.error
              ? 'an error'
              : 'no version';
        fail('unstable', `${o.requested} → ${offered}, but requesting ${offered} returned ${got}`, [
          o.exchange,
          counter.exchange,
        ]);
        continue;
      }
      if (!counterResult || !isRevision(offered)) unverified = true;
      judged.push({ line: `${o.requested} → ${offered} (counter-offer)`, exchange: o.exchange });
    }

    const verdicts: Verdict[] = [];
    for (const [key, f] of fails) {
      verdicts.push(
        ctx.fail(`initialize version negotiation is wrong: ${f.lines.join('; ')}.`, f.exchanges, { key }),
      );
    }
    if (verdicts.length > 0) return verdicts;
    if (judged.length === 0) {
      const failed = failedInit(ev, ctx);
      if (failed) return failed;
      const seen = observations.map((o) => o.exchange);
      return ctx.inconclusive(
        seen.length ? 'ambiguous' : 'probe_unavailable',
        seen.length
          ? 'No initialize request returned an InitializeResult, so version negotiation could not be judged.'
          : 'No initialize exchange was recorded for this target.',
        seen,
      );
    }
    return ctx.pass(
      `initialize answered every requested version with itself or a stable supported version: ${judged.map((j) => j.line).join('; ')}.`,
      judged.map((j) => j.exchange),
      unverified ? { confidence: 'medium' } : {},
    );
  },
});
