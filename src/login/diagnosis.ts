/**
 * What a login records, step by step, and how a failure is explained: every failure is data (a
 * code from the table below, the step it stopped at, the exchanges that show it), never a thrown
 * string. The CLI renders it (docs/login.md#how-failures-are-explained); `login --format json`
 * prints it as it is.
 */
import type { HttpExchange } from '../evidence/types.js';

/** The hops of the MCP authorization flow, in the order a client walks them. */
export const LOGIN_STEPS = [
  'challenge',
  'resource-metadata',
  'as-metadata',
  'client',
  'authorization',
  'callback',
  'token',
  'refresh',
] as const;

export type LoginStep = (typeof LOGIN_STEPS)[number];

export type StepStatus = 'ok' | 'failed' | 'skipped';

export interface StepRecord {
  readonly step: LoginStep;
  readonly status: StepStatus;
  /** The URL the step talked to (or the redirect URI, for the callback). */
  readonly url: string | null;
  /** One line: what happened. */
  readonly detail: string;
  /** The recorded exchanges of this step (ids into `LoginReport.exchanges`). */
  readonly exchanges: readonly string[];
}

/** Every way a login can stop, with the spec clause it rests on and what fixes it. */
export const FAILURES = {
  'target-unreachable': {
    step: 'challenge',
    clause: 'RFC 9728 §5.1: a client learns the resource metadata from the 401 challenge',
    fix: 'Check the URL and that the server is running.',
  },
  'no-challenge': {
    step: 'challenge',
    clause: '2025-11-25/basic/authorization#Authorization Server Location: protected servers answer 401',
    fix: 'The endpoint answered without asking for authorization; there is nothing to log in to.',
  },
  'no-resource-metadata': {
    step: 'resource-metadata',
    clause: 'RFC 9728 §3; 2025-11-25/basic/authorization#Protected Resource Metadata Discovery Requirements',
    fix: 'Serve protected-resource metadata at the resource_metadata URL of the challenge or at the well-known URL.',
  },
  'resource-mismatch': {
    step: 'resource-metadata',
    clause: 'RFC 9728 §3.3: the resource identifier must match the URL the metadata was requested for',
    fix: 'Set the metadata `resource` to the MCP endpoint URL.',
  },
  'no-authorization-server': {
    step: 'resource-metadata',
    clause: 'RFC 9728 §2: `authorization_servers`',
    fix: 'List the authorization server issuer in `authorization_servers`.',
  },
  'no-as-metadata': {
    step: 'as-metadata',
    clause: 'RFC 8414 §3; 2025-11-25/basic/authorization#Authorization Server Metadata Discovery',
    fix: 'Publish RFC 8414 or OpenID Connect discovery metadata for the issuer.',
  },
  'issuer-mismatch': {
    step: 'as-metadata',
    clause: 'RFC 8414 §3.3: the `issuer` must be identical to the issuer the metadata URL was built from',
    fix: 'Make the metadata `issuer` identical to the entry in `authorization_servers`.',
  },
  'pkce-s256-missing': {
    step: 'as-metadata',
    clause:
      '2025-11-25/basic/authorization#Authorization Code Protection: clients MUST refuse to proceed when `code_challenge_methods_supported` lacks S256',
    fix: 'Support PKCE and list "S256" in `code_challenge_methods_supported`.',
  },
  'no-code-flow': {
    step: 'as-metadata',
    clause: 'RFC 8414 §2: `authorization_endpoint`, `token_endpoint`, `response_types_supported`',
    fix: 'Offer the authorization code flow: authorization and token endpoints, response type "code".',
  },
  'endpoint-not-allowed': {
    step: 'as-metadata',
    clause: '2026-07-28/basic/security_best_practices#OAuth Authorization URL Validation',
    fix: 'Serve the authorization server endpoints over https (http only on loopback).',
  },
  'no-client-identity': {
    step: 'client',
    clause: '2025-11-25/basic/authorization#Client Registration Approaches',
    fix: 'Give a pre-registered client (--oauth-client-id), a client metadata document (--client-metadata-url), or open registration at the authorization server.',
  },
  'cimd-lint-failed': {
    step: 'client',
    clause: '2026-07-28/basic/authorization/client-registration#Implementation Requirements',
    fix: 'Fix the client metadata document findings listed (see `mcp-posture cimd lint`).',
  },
  'cimd-not-supported': {
    step: 'client',
    clause: '2026-07-28/basic/authorization/client-registration#Advertising CIMD Support',
    fix: 'The authorization server does not advertise `client_id_metadata_document_supported`; use another client identity.',
  },
  'registration-rejected-redirect': {
    step: 'client',
    clause: 'RFC 7591 §3.2.2: `invalid_redirect_uri`',
    fix: 'Allow loopback redirect URIs (http://127.0.0.1 with any port, RFC 8252 §7.3) for native clients, or use --callback-host / --callback-port to match what the server allows.',
  },
  'registration-rejected': {
    step: 'client',
    clause: 'RFC 7591 §3.2.2',
    fix: 'See the error the registration endpoint returned.',
  },
  'authorization-refused': {
    step: 'authorization',
    clause: 'RFC 6749 §4.1.2.1: errors the authorization server shows instead of redirecting',
    fix: 'See the error page text; the request never reached a login.',
  },
  'redirect-mismatch': {
    step: 'authorization',
    clause:
      'RFC 6749 §3.1.2; 2026-07-28/basic/authorization/security-considerations#Open Redirection: redirect URIs match exactly',
    fix: 'Register the redirect URI shown (or pass --callback-port and --callback-host to use the registered one).',
  },
  'authorization-error': {
    step: 'callback',
    clause: 'RFC 6749 §4.1.2.1',
    fix: 'See the error and description the authorization server returned.',
  },
  'callback-timeout': {
    step: 'callback',
    clause: 'RFC 8252 §7.3: the loopback redirect',
    fix: 'Complete the login in the browser before the timeout (--login-timeout), or check that the browser can reach the callback.',
  },
  'state-mismatch': {
    step: 'callback',
    clause: 'RFC 6749 §10.12; RFC 9700 §2.1: `state`',
    fix: 'The callback did not carry the state this login sent: a stale or forged callback.',
  },
  'iss-mismatch': {
    step: 'callback',
    clause:
      'RFC 9207 §2.4; 2026-07-28/basic/authorization#Authorization Response Validation: clients MUST compare `iss` with the issuer',
    fix: 'Emit `iss` equal to the metadata `issuer` in every authorization response.',
  },
  'iss-missing': {
    step: 'callback',
    clause: 'RFC 9207 §2.4: an AS advertising `authorization_response_iss_parameter_supported` sends `iss`',
    fix: 'Emit `iss` in authorization responses, or stop advertising the flag.',
  },
  'token-rejected': {
    step: 'token',
    clause: 'RFC 6749 §5.2',
    fix: 'See the token endpoint error (an expired or replayed code gives invalid_grant).',
  },
  'token-invalid': {
    step: 'token',
    clause: 'RFC 6749 §5.1',
    fix: 'The token response is not a valid OAuth token response.',
  },
  'refresh-failed': {
    step: 'refresh',
    clause: 'RFC 6749 §6',
    fix: 'Log in again: mcp-posture login URL.',
  },
} as const satisfies Record<string, { step: LoginStep; clause: string; fix: string }>;

export type FailureCode = keyof typeof FAILURES;

export interface LoginFailure {
  readonly code: FailureCode;
  readonly step: LoginStep;
  /** What went wrong, with the values seen (server text escaped by the renderer). */
  readonly message: string;
  readonly clause: string;
  readonly fix: string;
  /** The exchange that shows it, when one does. */
  readonly exchange: string | null;
}

export function failure(code: FailureCode, message: string, exchange: string | null = null): LoginFailure {
  const f = FAILURES[code];
  return { code, step: f.step, message, clause: f.clause, fix: f.fix, exchange };
}

/** The client identity the login used. */
export interface ClientIdentity {
  readonly kind: 'pre-registered' | 'metadata-document' | 'dynamic-registration';
  readonly clientId: string;
  /** For dynamic registration: whether the client can be deleted through RFC 7592. */
  readonly deletable?: boolean;
}

/** What `login` hands back: never a token (the tokens go to the store only). */
export interface LoginReport {
  readonly target: string;
  readonly ok: boolean;
  readonly resource: string | null;
  readonly issuer: string | null;
  readonly client: ClientIdentity | null;
  readonly redirectUri: string | null;
  readonly scope: string | null;
  /** Expiry of the access token (epoch ms), when the server said. */
  readonly expiresAt: number | null;
  readonly steps: readonly StepRecord[];
  readonly failure: LoginFailure | null;
  /** Every request of the login, redacted (codes, verifiers and tokens replaced). */
  readonly exchanges: readonly HttpExchange[];
}
