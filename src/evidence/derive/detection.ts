/**
 * The detection judgements (docs/model/revisions.md#the-detection-ladder), pure over what the ladder observed:
 * which transport the endpoint speaks, its target class, whether every MCP request hit an
 * authorization wall, whether it redirected, and which authorization signals it showed.
 * The same inputs always give the same answers, live or replayed.
 */
import { parseWwwAuthenticate } from '../parse/www-authenticate.js';
import type { HttpEndpoint } from '../http-types.js';
import type { HeaderMap, HttpReply, NetErrorCode, Probe, TargetClass, Transport } from '../primitives.js';

/** Failures that mean the network never carried an answer, as opposed to a malformed one. */
export const NETWORK_CODES: ReadonlySet<NetErrorCode> = new Set([
  'timeout',
  'deadline',
  'stopped-answering',
  'dns',
  'connect',
  'reset',
  'tls',
  'refused-address',
  'refused-scheme',
  'aborted',
]);

/** A reply that shows an MCP endpoint: it carries a JSON-RPC response. */
export function isMcpReply(p: Probe<HttpReply>): boolean {
  return p.kind === 'ok' && p.value.messages.some((m) => m.kind === 'response');
}

/**
 * The response carries a Bearer challenge, read with the strict RFC 9110 parser. Each field
 * line is parsed on its own, so one malformed line does not hide a well-formed Bearer challenge.
 */
export function hasBearerChallenge(headers: HeaderMap | undefined): boolean {
  const values = headers?.['www-authenticate'] ?? [];
  return values.some((v) => {
    const parsed = parseWwwAuthenticate([v]);
    return 'challenges' in parsed && parsed.challenges.some((c) => c.scheme === 'bearer');
  });
}

/** When the HTTP+SSE GET is worth sending: every POST failed with 400/404/405 and none spoke MCP. */
export function wantsSseFallback(posts: readonly Probe<HttpReply>[], modern: boolean): boolean {
  if (modern) return false;
  const failed = posts.every(
    (p) => p.kind !== 'ok' || ([400, 404, 405].includes(p.value.status) && !isMcpReply(p)),
  );
  const answered = posts.some((p) => p.kind === 'ok');
  return failed && (answered || posts.every((p) => p.kind === 'failed' && !NETWORK_CODES.has(p.error.code)));
}

export interface DetectionInputs {
  readonly targetOrigin: string;
  readonly url: string;
  /** The ladder's POSTs: `server/discover` and every `initialize`. */
  readonly posts: readonly Probe<HttpReply>[];
  readonly sseGet: Probe<HttpReply>;
  /** An HTTP+SSE stream announced its endpoint. */
  readonly sseSpoken: boolean;
  /** Positive 2026-07-28 evidence from the ladder. */
  readonly modern: boolean;
  /** An `initialize` returned an InitializeResult over Streamable HTTP. */
  readonly handshake: boolean;
  /** Response headers of an exchange, for the challenge. */
  readonly headersOf: (reply: HttpReply) => HeaderMap | undefined;
}

export interface DetectionJudgement {
  readonly transport: Transport | null;
  readonly targetClass: TargetClass;
  readonly authWall: boolean;
  readonly redirect: HttpEndpoint['redirect'];
  /** A 401 or challenge-bearing 403 carried a Bearer challenge. */
  readonly challenge: boolean;
  /** Authorization signals seen by the ladder (docs/model/authorization.md#signals). */
  readonly authSignals: readonly string[];
}

export function judgeDetection(d: DetectionInputs): DetectionJudgement {
  const all = [...d.posts, d.sseGet];
  const replies = all.flatMap((p) => (p.kind === 'ok' ? [p.value] : []));
  const challenge = replies.some(
    (r) => (r.status === 401 || r.status === 403) && hasBearerChallenge(d.headersOf(r)),
  );
  const authSignals: string[] = [];
  if (replies.some((r) => r.status === 401)) authSignals.push('401 from the MCP endpoint');
  if (challenge) authSignals.push('Bearer challenge');
  const authWall = d.posts.every(
    (p) => p.kind === 'ok' && (p.value.status === 401 || p.value.status === 403),
  );

  const redirectReply = replies.find((r) => r.status >= 300 && r.status < 400 && r.location);
  let redirect: HttpEndpoint['redirect'] = null;
  if (redirectReply?.location) {
    let sameOrigin = false;
    try {
      sameOrigin = new URL(redirectReply.location, d.url).origin === d.targetOrigin;
    } catch {
      sameOrigin = false;
    }
    redirect = { status: redirectReply.status, location: redirectReply.location, sameOrigin };
  }

  const transport: Transport | null = d.sseSpoken
    ? 'http+sse'
    : d.modern || d.handshake
      ? 'streamable-http'
      : null;

  const mcpSeen =
    replies.some((r) => r.messages.some((m) => m.kind === 'response')) ||
    challenge ||
    d.sseSpoken ||
    d.modern;
  let targetClass: TargetClass = 'reachable';
  if (
    replies.length === 0 &&
    all.every((p) => p.kind !== 'ok' && (p.kind === 'skipped' || NETWORK_CODES.has(p.error.code)))
  )
    targetClass = 'unreachable';
  else if (redirect && !redirect.sameOrigin && !mcpSeen) targetClass = 'redirected';
  else if (!mcpSeen && !authWall) targetClass = 'not_mcp';

  return { transport, targetClass, authWall, redirect, challenge, authSignals };
}
