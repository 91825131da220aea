/**
 * The request plan `--plan` prints: every request a scan may send, with its
 * tier and the condition under which it is sent. Nothing is sent. A test keeps
 * it honest: every probe ID a real scan records must appear here.
 */
import type { Mode } from '../evidence/types.js';
import { LEGACY_REVISIONS_NEWEST_FIRST } from '../spec/revisions.js';
import { AUTH_PLAN, AUTHZ_PLAN, DCR_PLAN, TOKEN_PLAN } from './auth/plan.js';
import { LISTS, MAX_PAGES } from './inventory.js';
import { MODERN_PLAN } from './modern/plan.js';
import { FOREIGN_HOST, FOREIGN_ORIGIN, LOOKALIKE_ORIGIN } from './origin.js';
import { cleartextUrl } from './plain.js';

export interface PlanEntry {
  readonly probe: string;
  /** `token`: sent only with a token the user supplied (never in passive mode). */
  readonly tier: 'passive' | 'safe' | 'token' | 'intrusive';
  readonly method: string;
  readonly url: string;
  readonly purpose: string;
  /** When it is sent; empty when always. */
  readonly when: string;
}

export function buildPlan(url: string, mode: Mode): PlanEntry[] {
  const u = new URL(url);
  const e = (
    probe: string,
    tier: PlanEntry['tier'],
    method: string,
    purpose: string,
    when = '',
    target = url,
  ): PlanEntry => ({
    probe,
    tier,
    method,
    url: target,
    purpose,
    when,
  });
  const session = 'when the server issued a session';
  const plan: PlanEntry[] = [
    e('p.discover', 'passive', 'POST', 'server/discover (2026-07-28 wire): detect the modern era'),
    e(
      'p.discover.resend',
      'passive',
      'POST',
      'server/discover re-sent once',
      'when it answered -32020/-32021',
    ),
    ...LEGACY_REVISIONS_NEWEST_FIRST.map((v) =>
      e(`p.init(${v})`, 'passive', 'POST', `initialize with protocolVersion ${v}`),
    ),
    e(
      'p.sse',
      'passive',
      'GET',
      'open the HTTP+SSE stream (Accept: text/event-stream)',
      'when every POST failed with 400/404/405',
    ),
    e(
      'p.sse.init',
      'passive',
      'POST',
      'initialize over the announced message endpoint',
      'when an endpoint event arrived',
      '<endpoint URI>',
    ),
    e(
      'p.sse.initialized',
      'passive',
      'POST',
      'notifications/initialized over HTTP+SSE',
      'after p.sse.init',
      '<endpoint URI>',
    ),
    e('p.sse.list', 'passive', 'POST', 'tools/list over HTTP+SSE', 'after p.sse.init', '<endpoint URI>'),
    e(
      's.sse.badsession',
      'safe',
      'POST',
      'ping with an unknown session parameter',
      'when the endpoint URI has one',
      '<endpoint URI>',
    ),
    e(
      'p.initialized',
      'passive',
      'POST',
      'notifications/initialized on the session',
      'after a successful initialize',
    ),
    e(
      'p.init2',
      'passive',
      'POST',
      'a second initialize (second session-ID sample)',
      'after a successful initialize',
    ),
    e('p.list.baseline', 'passive', 'POST', 'tools/list on the session', 'after a successful initialize'),
    ...LISTS.map((l) =>
      e(
        `p.list(${l.method})`,
        'passive',
        'POST',
        `${l.method} (≤${MAX_PAGES} pages)`,
        'after a successful initialize',
      ),
    ),
    e('s.get', 'safe', 'GET', 'GET the standalone SSE stream (read ≤2 s)', 'after a successful initialize'),
    e('s.session.none', 'safe', 'POST', 'tools/list without Mcp-Session-Id', session),
    e('s.session.unknown', 'safe', 'POST', 'tools/list with a random, never-issued session ID', session),
    e(
      's.version.bad',
      'safe',
      'POST',
      'tools/list with MCP-Protocol-Version: 1900-01-01',
      'after a successful initialize',
    ),
    e(
      's.version.none',
      'safe',
      'POST',
      'tools/list without MCP-Protocol-Version',
      'after a successful initialize',
    ),
    e('s.batch', 'safe', 'POST', 'a two-element batch of tools/list', 'after a successful initialize'),
    e(
      's.version.bad.modern',
      'safe',
      'POST',
      'server/discover with version 1900-01-01 in the header and in _meta',
      'when the server speaks 2026-07-28',
    ),
    e(
      's.init.bogus',
      'safe',
      'POST',
      'initialize with protocolVersion 1900-01-01',
      'after a successful initialize',
    ),
    e('s.origin.foreign', 'safe', 'POST', `the first answered request with Origin: ${FOREIGN_ORIGIN}`),
    e('s.origin.null', 'safe', 'POST', 'the first answered request with Origin: null'),
    e('s.origin.lookalike', 'safe', 'POST', `the first answered request with Origin: ${LOOKALIKE_ORIGIN}`),
    e('s.preflight', 'safe', 'OPTIONS', 'CORS preflight from a foreign origin'),
    e(
      's.host',
      'safe',
      'POST',
      `the first answered request with Host: ${FOREIGN_HOST}`,
      'loopback and private targets only',
    ),
    e(
      'p.delete.cleanup',
      'passive',
      'DELETE',
      'close extra sessions the scanner opened',
      'for each extra session',
    ),
    e('p.delete', 'passive', 'DELETE', "close the scanner's session", session),
    e(
      's.session.reuse',
      'safe',
      'POST',
      'tools/list with the deleted session ID (one retry after 500 ms)',
      'after a 2xx DELETE',
    ),
  ];
  if (u.protocol === 'https:') {
    plan.push(
      e(
        'p.tls',
        'passive',
        'TLS',
        'verified handshake, then TLS 1.0-only and TLS 1.1-only handshakes (no data)',
        '',
        u.origin,
      ),
      e('p.plain', 'passive', 'GET', 'the cleartext counterpart of the https URL', '', cleartextUrl(url)),
      e(
        'p.plain.post',
        'passive',
        'POST',
        'server/discover over cleartext',
        'when the GET answered 2xx, 401 or 405',
        cleartextUrl(url),
      ),
    );
  }
  // The modern wire's probes, sent when the server speaks 2026-07-28.
  plan.push(...MODERN_PLAN.map((p) => ({ ...p, url })));
  // The OAuth discovery chain, walked when the target shows authorization.
  plan.push(
    ...[...AUTH_PLAN, ...TOKEN_PLAN, ...AUTHZ_PLAN, ...DCR_PLAN].map((p) => ({
      ...p,
      when: p.when ? `authorization in use; ${p.when}` : 'authorization in use',
    })),
  );
  const tiers: Record<Mode, readonly PlanEntry['tier'][]> = {
    passive: ['passive'],
    safe: ['passive', 'safe', 'token'],
    intrusive: ['passive', 'safe', 'token', 'intrusive'],
  };
  return plan.filter((p) => tiers[mode].includes(p.tier));
}
