/**
 * What a scan cannot observe (docs/model/README.md#what-a-scan-cannot-observe), as data: requirements no unauthenticated scan can verify, why,
 * and which tier (if any) reaches them. The compliance report closes with this
 * list so that a clean pre-login scan is never read as "fully compliant".
 */
import type { Citation } from '../spec/citations.js';
import { mcp, oauth21, rfc } from '../spec/citations.js';

export interface UnobservableItem {
  readonly requirement: string;
  readonly citations: readonly Citation[];
  /** Why a scan without the user's login cannot verify it. */
  readonly reason: string;
  /** The tier and checks that reach it, or "not observable" with what would be needed. */
  readonly reachedBy: string;
}

const AUTHZ_SEC = 'basic/authorization/security-considerations';
const SBP = 'basic/security_best_practices';

export const UNOBSERVABLE_BEFORE_LOGIN: readonly UnobservableItem[] = [
  {
    requirement:
      'Every MCP-level behaviour of an endpoint that requires authorization (version negotiation, sessions, headers, result shapes, caching hints, tool surface)',
    citations: [mcp('2025-11-25', 'basic/lifecycle'), mcp('2025-11-25', 'basic/transports')],
    reason: 'The 401 comes from the authorization layer before any MCP processing.',
    reachedBy: "token: the wire checks (LEG, MOD, TRN08/09/13/14, TOOL, PIN) re-run with the user's token",
  },
  {
    requirement: 'Insufficient scope is answered 403 with an `insufficient_scope` step-up challenge',
    citations: [mcp('2025-11-25', 'basic/authorization', 'Runtime Insufficient Scope Errors')],
    reason: 'Needs a valid token that lacks a scope.',
    reachedBy: 'token (narrow token): SCP03',
  },
  {
    requirement: 'All required scopes in one challenge; a consistent scope strategy',
    citations: [mcp('2026-07-28', 'basic/authorization', 'Runtime Insufficient Scope Errors')],
    reason: 'Needs repeated step-ups across operations, that is real tool calls.',
    reachedBy: 'not observable (would require calling tools)',
  },
  {
    requirement: 'Audience validation: tokens issued for other resources are rejected',
    citations: [mcp('2025-11-25', 'basic/authorization', 'Token Handling'), rfc(8707, '2')],
    reason: 'Needs a second valid token minted for another resource.',
    reachedBy: 'token (second token): ACT03',
  },
  {
    requirement: 'No token passthrough to upstream APIs',
    citations: [mcp('2026-07-28', SBP, 'Token Passthrough')],
    reason: 'Upstream calls are invisible to a scanner.',
    reachedBy: 'not observable',
  },
  {
    requirement: 'Tokens are not accepted in the query string',
    citations: [mcp('2025-06-18', 'basic/authorization', 'Token Requirements'), rfc(6750, '2.3')],
    reason: 'Needs a valid token.',
    reachedBy: 'token + intrusive: ACT02 (passive signal: PRM06)',
  },
  {
    requirement: 'Scope hierarchies are honoured',
    citations: [mcp('2026-07-28', 'basic/authorization', 'Step-Up Authorization Flow')],
    reason: "Needs a broad-scope token and knowledge of the server's scope hierarchy.",
    reachedBy: 'not observable in practice (a broad token passing SCP03 is weak evidence only)',
  },
  {
    requirement: 'Sessions are not used as authentication',
    citations: [mcp('2025-11-25', SBP, 'Session Hijacking')],
    reason: 'Needs a session established with a valid token.',
    reachedBy: 'token: AUTHN10 (safe mode gives an indicator only)',
  },
  {
    requirement: 'State handles are not treated as authentication and are bound to the user (2026-07-28)',
    citations: [mcp('2026-07-28', SBP, 'State Handle Hijacking')],
    reason: 'Needs a handle-issuing tool call and the tokens of two users.',
    reachedBy: 'not observable',
  },
  {
    requirement: 'Access tokens are short-lived',
    citations: [mcp('2026-07-28', AUTHZ_SEC, 'Token Theft')],
    reason: 'Needs a token.',
    reachedBy: 'token: ASM18 (JWT access tokens only)',
  },
  {
    requirement: 'Refresh tokens of public clients are rotated',
    citations: [mcp('2026-07-28', AUTHZ_SEC, 'Token Theft'), oauth21('4.3.1')],
    reason: "Needs a refresh token, and a replay that would revoke the user's grant.",
    reachedBy: 'not observable',
  },
  {
    requirement: 'The authorization server restricts token audiences to the requested `resource`',
    citations: [rfc(8707, '2'), rfc(9728, '7.4')],
    reason: 'Needs a token or a completed authorization flow.',
    reachedBy: 'token: ASM08; intrusive: ACT06 (rejection path only)',
  },
  {
    requirement: '`cacheScope: "public"` only on lists that do not depend on the caller',
    citations: [mcp('2026-07-28', 'server/utilities/caching', 'Choosing a Cache Scope')],
    reason: 'Needs two authorization contexts.',
    reachedBy: 'token: MOD06',
  },
  {
    requirement: 'A missing client capability is answered with `-32021`',
    citations: [mcp('2026-07-28', 'basic/index', '_meta')],
    reason: 'Needs a call to a tool that requires elicitation, sampling or roots.',
    reachedBy: 'intrusive with a designated tool: MOD31',
  },
  {
    requirement: '`Mcp-Param-*` headers are validated',
    citations: [mcp('2026-07-28', 'basic/transports/streamable-http', 'Server Behavior for Custom Headers')],
    reason: 'Needs a call to a tool with `x-mcp-header` parameters.',
    reachedBy: 'intrusive with a designated tool: MOD30',
  },
  {
    requirement:
      '`structuredContent` conforms to `outputSchema`; tool input validation, access control, rate limiting and output sanitisation',
    citations: [
      mcp('2025-11-25', 'server/tools', 'Output Schema'),
      mcp('2025-11-25', 'server/tools', 'Security Considerations'),
    ],
    reason: 'Requires calling tools (side effects) or flooding the server.',
    reachedBy: 'not observable (the scanner never calls tools it was not pointed at)',
  },
  {
    requirement: 'Multi round-trip `requestState` integrity and replay binding',
    citations: [mcp('2026-07-28', 'basic/patterns/mrtr')],
    reason: 'Requires tool calls that ask for input.',
    reachedBy: 'not observable',
  },
  {
    requirement:
      'Cancellation by closing the stream; no message broadcast across streams; correct resumability and redelivery',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'Multiple Connections'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Cancellation'),
    ],
    reason: 'Needs forced disconnects during long-running requests.',
    reachedBy: 'not observable',
  },
  {
    requirement: 'Only negotiated capabilities are used',
    citations: [mcp('2025-11-25', 'basic/lifecycle', 'Operation')],
    reason: 'Server-to-client requests happen only while tools execute.',
    reachedBy: 'not observable (weak signals only)',
  },
  {
    requirement: 'Idle sessions expire with 404',
    citations: [mcp('2025-11-25', 'basic/transports', 'Session Management')],
    reason: "Idle timeouts exceed a scan's duration.",
    reachedBy: 'not observable (LEG08 covers explicit termination)',
  },
  {
    requirement:
      'PKCE enforcement; exact redirect URI matching; `iss` in authorization responses; CIMD fetch behaviour; DCR redirect validation; proxy consent and consent-page protections',
    citations: [oauth21('4.1.1'), mcp('2026-07-28', AUTHZ_SEC, 'Open Redirection'), rfc(9207, '2')],
    reason:
      'Observable before login, but only by driving OAuth flows, which leaves state on the authorization server.',
    reachedBy: 'intrusive: ACT07–ACT09, ACT11–ACT13, CIMD10–CIMD19',
  },
  {
    requirement: 'Local servers bind to 127.0.0.1',
    citations: [mcp('2025-11-25', 'basic/transports', 'Security Warning')],
    reason:
      "The bind address is invisible; a scan of the host's network address can only refute it if that address answers.",
    reachedBy: 'not observable',
  },
  {
    requirement: 'Tokens are stored securely by clients and servers',
    citations: [mcp('2026-07-28', AUTHZ_SEC, 'Token Theft')],
    reason: 'Storage is internal.',
    reachedBy: 'not observable',
  },
  {
    requirement: 'stdio servers take credentials from the environment, not from the HTTP authorization flow',
    citations: [mcp('2025-11-25', 'basic/authorization', 'Protocol Requirements')],
    reason: 'Process-internal.',
    reachedBy: 'not observable',
  },
  {
    requirement:
      'Every client-side requirement (resource parameter, PKCE use, `iss` validation, token isolation per server, `application_type`, step-up, credentials keyed by issuer, standard headers, `x-mcp-header` mirroring, era probing)',
    citations: [mcp('2026-07-28', 'basic/authorization')],
    reason: 'They constrain clients, and this tool scans servers.',
    reachedBy: "not observable; a client's own CIMD document is covered by CIMD50–CIMD57",
  },
];
