/**
 * `i.shape(…)` (intrusive): the redirect URI shapes MCP clients register, tried live at the first
 * authorization server's open `registration_endpoint` (docs/clients.md#registration-shapes-verified-live).
 * One registration per shape, one authorization request with a loopback port other than the
 * registered one (first answer only, never followed), then the RFC 7592 deletion of the client.
 */
import type { AuthzAnswer } from './authz-answer-types.js';
import type { ExchangeId, Probe } from './primitives.js';

/** How a client's redirect URI is shaped: what the authorization server must accept. */
export type RedirectShape =
  | 'custom-scheme'
  | 'https-fixed'
  | 'loopback-random-port'
  | 'loopback-fixed-port'
  | 'loopback-per-server-path';

/** The RFC 7592 deletion of a client the scan registered. */
export interface ShapeDeletion {
  /** The answer's status; null when no answer came (the error is in the exchange). */
  readonly status: number | null;
  /** 2xx (204 per RFC 7592 §2.3). */
  readonly deleted: boolean;
  readonly exchange: ExchangeId;
}

/** The registration of one shape, as answered (the `registration_access_token` is never kept). */
export interface ShapeRegistration {
  readonly status: number;
  /** `error` / `error_description` of a JSON answer; null when absent. */
  readonly error: string | null;
  readonly errorDescription: string | null;
  /** A 2xx answer carrying a `client_id`: a client now exists at the authorization server. */
  readonly created: boolean;
  /** The answer carried `registration_client_uri` and `registration_access_token` (RFC 7592). */
  readonly manageable: boolean;
  readonly exchange: ExchangeId;
}

/** The first answer to the authorization request with the other loopback port. */
export interface ShapeAuthorization {
  /** The redirect URI the request named (the registered one with another port). */
  readonly redirectUri: string;
  readonly answer: AuthzAnswer;
  /** The answer's body names the redirect URI (`redirect_uri`, "redirect uri"): its likely reason. */
  readonly namesRedirectUri: boolean;
}

export interface ShapeAttempt {
  readonly shape: RedirectShape;
  /** The redirect URI registered. */
  readonly redirectUri: string;
  /** The registration; failed or skipped when no answer came. */
  readonly registration: Probe<ShapeRegistration>;
  /**
   * The authorization request with another loopback port: skipped for a shape that is not
   * loopback, or when no client was created.
   */
  readonly authorization: Probe<ShapeAuthorization>;
  /** The deletion; null when no client was created or the answer gave no way to delete it. */
  readonly deletion: ShapeDeletion | null;
}

export interface RedirectShapeProbes {
  readonly issuer: string;
  readonly registrationEndpoint: string;
  readonly authorizationEndpoint: string | null;
  readonly attempts: readonly ShapeAttempt[];
}
