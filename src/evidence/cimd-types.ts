/**
 * A client's own Client ID Metadata Document, as the `cimd lint` command and the login fetch it
 * (`l.cimd`: one GET, the redirect not followed) or read it from a file: the evidence of the CIMD
 * lint checks (CIMD50–CIMD57).
 */
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
