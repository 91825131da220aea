import { defineCheck } from '../define-check.js';
import type { CheckContext, Given, Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { isRevision, MODERN_REVISION, newest, revisionRange } from '../../spec/revisions.js';
import { noLegacy } from './preamble.js';
import { asObject } from '../../evidence/parse/json-value.js';
import type { ExchangeId, RpcMessage } from '../../evidence/types.js';

const BOGUS = '1900-01-01';
const VERSION_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Versions named in structured error data (`data.supported`, or `data` itself as a list). */
function versionsInData(data: unknown): string[] {
  const list = Array.isArray(data) ? data : asObject(data)?.['supported'];
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}

/** Why s.init.bogus was not sent: another transport, or no legacy session. */
function noBogusInit(ev: Given<readonly ['detection']>, ctx: CheckContext): Verdict {
  if (ev.detection.transport === 'http+sse') {
    return ctx.inconclusive(
      'probe_unavailable',
      `The bogus-version initialize (s.init.bogus) is sent only over Streamable HTTP; this target speaks ${ev.detection.transport}.`,
    );
  }
  return noLegacy(
    ev,
    ctx,
    'No initialize returned an InitializeResult over Streamable HTTP, so the bogus-version initialize was not sent.',
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-LEG02',
    title: 'Unsupported versions answered with a supported one',
    requirement:
      '`initialize` with an unknown version (`1900-01-01`) gets a version the server supports (SHOULD be its latest), or a JSON-RPC error naming the supported versions.',
    keyword: 'MUST',
    revisions: revisionRange('2024-11-05', '2025-11-25'),
    transports: ['streamable-http', 'http+sse', 'stdio'],
    mode: 'safe',
    requires: ['detection', 'sessions?', 'stdio?'],
    rating: { scope: 'protocol' },
    keys: {
      echo: 'initialize accepted the unknown version 1900-01-01 by echoing it',
      unsupported:
        'initialize with the unknown version was answered with a protocolVersion that is not a version',
      'not-latest':
        'initialize with the unknown version was answered with a supported version other than the newest (low)',
      'error-without-versions':
        'initialize with the unknown version was refused without naming the supported versions in the error data (low)',
      '5xx': 'initialize with the unknown version was answered with a server error',
      timeout: 'initialize with the unknown version was not answered before the timeout',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/lifecycle', 'Version Negotiation'),
      mcp('2025-11-25', 'basic/lifecycle', 'Error Handling'),
    ],
    rationale:
      'A client newer than the server requests a version the server does not know. If the server echoes it, the client believes a revision is in force that the server does not implement; if it errors without naming its versions, the client cannot fall back.',
    remediation:
      'When the requested protocolVersion is not supported, answer the InitializeResult with the newest version the server supports. If you must refuse instead, return a JSON-RPC error with `data.supported` listing the supported versions.',
    evidence:
      '`s.init.bogus`: `initialize` with protocolVersion 1900-01-01 — the `protocolVersion` of the result, or the error code and `data`; compared with the legacy versions in K. Over stdio it is sent on a launch of its own (`x.launch.bogus`).',
    traps:
      'HTTP+SSE servers answer on the SSE stream, not in the POST response (the scanner sends this probe over Streamable HTTP and, on a fresh launch, over stdio). The -32602 "Unsupported protocol version" error shown in the lifecycle page is tolerated.',
    notes:
      'Supported versions are read only from the error `data` (`data.supported` as in the lifecycle example, or `data` as a list), never from the human-readable message: a message is not a contract a client can parse. A date-shaped version the scanner does not know is treated as `not-latest` with medium confidence; a string that is not a version fails as `unsupported`. A timeout fails as `timeout` (catalogue "5xx/timeout").',
  },
  evaluate(ev, ctx) {
    if (ev.detection.authWall) {
      return ctx.inconclusive(
        'auth_wall',
        'Every MCP request was answered 401/403; the bogus-version initialize was not judged.',
      );
    }
    if (ev.detection.transport === 'stdio') return overStdio(ev, ctx);
    const leg = ev.sessions;
    if (!leg) return noBogusInit(ev, ctx);
    const p = leg.initBogus;
    if (p.kind === 'failed' && p.error.code === 'timeout') {
      return ctx.fail(`initialize with ${BOGUS} was not answered before the timeout.`, p.exchanges, {
        key: 'timeout',
        confidence: 'medium',
      });
    }
    if (p.kind !== 'ok')
      return ctx.fromProbe(p, `The initialize with protocolVersion ${BOGUS} (s.init.bogus)`);
    const r = p.value;
    const ex = [r.exchange];
    if (r.status === 401 || r.status === 403) {
      return ctx.inconclusive('auth_wall', `initialize with ${BOGUS} was answered ${r.status}.`, ex);
    }
    if (r.status === 429)
      return ctx.inconclusive('rate_limited', `initialize with ${BOGUS} was answered 429.`, ex);
    if (r.status >= 500) {
      return ctx.fail(
        `initialize with ${BOGUS} was answered ${r.status} instead of a supported version.`,
        ex,
        { key: '5xx' },
      );
    }
    return judgeAnswer(ev, ctx, r.response, ex, r.status);
  },
});

type Answer = Extract<RpcMessage, { kind: 'response' }> | null;

/** Over stdio: the answer on the launch of its own (x.launch.bogus), judged as over HTTP. */
function overStdio(ev: Given<readonly ['detection', 'stdio?']>, ctx: CheckContext): Verdict {
  const p = ev.stdio?.initBogus;
  if (!p)
    return ctx.inconclusive(
      'probe_unavailable',
      'The evidence holds no bogus-version initialize over stdio (recorded by an older scanner).',
    );
  if (p.kind === 'skipped' && p.reason === 'dependency_failed')
    return noLegacy(
      ev,
      ctx,
      'No initialize returned an InitializeResult over stdio, so the bogus-version initialize was not sent.',
    );
  if (p.kind === 'failed' && p.error.code === 'timeout') {
    return ctx.fail(`initialize with ${BOGUS} was not answered before the timeout.`, p.exchanges, {
      key: 'timeout',
      confidence: 'medium',
    });
  }
  if (p.kind !== 'ok') return ctx.fromProbe(p, `The initialize with protocolVersion ${BOGUS} (s.init.bogus)`);
  return judgeAnswer(ev, ctx, p.value.response, [p.value.exchange], null);
}

/** The JSON-RPC answer: a supported version, or an error naming the supported ones. `status`: HTTP only. */
function judgeAnswer(
  ev: Given<readonly ['detection']>,
  ctx: CheckContext,
  response: Answer,
  ex: ExchangeId[],
  status: number | null,
): Verdict {
  const r = { response, status: status ?? 200 };
  const knownLegacy = ev.detection.revision.known.filter((v) => v !== MODERN_REVISION);
  const latest = newest(knownLegacy);
  const result = asObject(r.response?.result);
  if (result && r.status < 300) {
    const offered = result['protocolVersion'];
    if (offered === BOGUS) {
      return ctx.fail(`initialize accepted the unknown version ${BOGUS} by echoing it.`, ex, {
        key: 'echo',
      });
    }
    if (typeof offered !== 'string' || !VERSION_SHAPE.test(offered)) {
      return ctx.fail(
        `initialize with ${BOGUS} was answered with protocolVersion ${JSON.stringify(offered) ?? 'absent'}, which is not a protocol version.`,
        ex,
        { key: 'unsupported' },
      );
    }
    if (latest === null || offered === latest) {
      return ctx.pass(
        `initialize with ${BOGUS} was answered with ${offered}${latest ? ', the newest legacy version the server offers' : ''}.`,
        ex,
        latest === null ? { confidence: 'medium' } : {},
      );
    }
    const proven = (knownLegacy as readonly string[]).includes(offered);
    return ctx.fail(
      `initialize with ${BOGUS} was answered with ${offered}, not the newest supported legacy version ${latest}.`,
      ex,
      {
        key: 'not-latest',
        severity: 'low',
        ...(proven && isRevision(offered) ? {} : { confidence: 'medium' as const }),
      },
    );
  }
  const error = r.response?.error;
  if (error) {
    const versions = versionsInData(error.data);
    if (versions.length > 0) {
      return ctx.pass(
        `initialize with ${BOGUS} was refused with error ${String(error.code)} listing the supported versions (${versions.join(', ')}).`,
        ex,
      );
    }
    return ctx.fail(
      `initialize with ${BOGUS} was refused with error ${String(error.code)} whose data names no supported versions, so a client cannot fall back.`,
      ex,
      { key: 'error-without-versions', severity: 'low' },
    );
  }
  if (status !== null && r.status >= 400) {
    return ctx.fail(
      `initialize with ${BOGUS} was answered HTTP ${r.status} without a JSON-RPC error naming the supported versions.`,
      ex,
      { key: 'error-without-versions', severity: 'low' },
    );
  }
  return ctx.inconclusive(
    'ambiguous',
    status === null
      ? `initialize with ${BOGUS} was answered without a JSON-RPC response.`
      : `initialize with ${BOGUS} was answered HTTP ${r.status} without a JSON-RPC response.`,
    ex,
  );
}
