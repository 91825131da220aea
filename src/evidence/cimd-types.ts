/**
 * A client's own Client ID Metadata Document, as the `cimd lint` command and the login fetch it
 * (`l.cimd`: one GET, the redirect not followed) or read it from a file: the evidence of the CIMD
 * lint checks (CIMD50–CIMD57).
 */
import type { AuthzAnswer } from './authz-answer-types.js';
import type { Probe } from './primitives.js';

/** A client metadata document as fetched from its URL (or read from a file with the URL it will have). */
export interface ClientMetadataSource {
  /** The URL the document is (or will be) served at: its client ID. Null for a file without a URL. */
  readonly url: string | null;
  /** How the URL answered; null when the document came from a file. */
  readonly served: {
    readonly status: number;
    /** The `Location` of a redirect answer (not followed). */
    readonly location: string | null;
    readonly mediaType: string | null;
    readonly bytes: number;
    readonly exchange: string | null;
  } | null;
  /** The parsed JSON, or null when it did not parse (`parseError` says why). */
  readonly document: unknown;
  readonly parseError: string | null;
}

/**
 * The authorization server's side of Client ID Metadata Documents (`i.cimd(variant)`, intrusive,
 * CIMD10–CIMD19): authorization requests whose `client_id` is a URL naming one of the document
 * variants (src/cimd/variants.ts), first answer only, never followed.
 */
export interface CimdFetch {
  /** The variant the path names, or null for any other path. */
  readonly variant: string | null;
  readonly path: string;
  readonly method: string;
  /** Milliseconds after the variants server started. */
  readonly atMs: number;
  /** The status it was answered with. */
  readonly status: number;
}

export interface CimdRequest {
  /** `valid`, `bad-redirect`, `mismatch`, …, `url-shape:<name>`, `special-use:<name>`, `cache-1`… */
  readonly name: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly answer: Probe<AuthzAnswer>;
  /** Requests the variants server received while this request was answered; null without a log. */
  readonly fetches: number | null;
  /** Wall-clock time of the request, ms (the timing signal of CIMD11). */
  readonly durationMs: number;
}

export interface CimdProbes {
  /** The authorization server probed (the first one discovered). */
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  /** Its metadata has `client_id_metadata_document_supported: true`. */
  readonly advertised: boolean;
  /** `loopback`: the scanner's own variants server on 127.0.0.1; `base`: documents the user hosts (`--cimd-base`). */
  readonly host: 'loopback' | 'base';
  /** The variants' base URL. */
  readonly base: string;
  /** The base is https (a CIMD client ID must be). */
  readonly https: boolean;
  readonly requests: readonly CimdRequest[];
  /** Every request the variants server received, in order; null without a logging host (`--cimd-base`). */
  readonly log: readonly CimdFetch[] | null;
}
