/** What a caller of `collectEvidence` (the library's `scan()`, the CLI) can ask of one scan. */
import type { CredentialContext, LockEntry, Mode } from '../evidence/types.js';
import type { Revision } from '../spec/revisions.js';

/**
 * What the probe stages read of the user's options: everything but the target (parsed once,
 * `HttpTarget`) and the credentials (one object, `ScanCredentials`).
 */
export type ProbeOptions = Omit<CollectOptions, 'url' | CredentialField>;

/** The options that carry a credential; they reach the stages only inside `ScanCredentials`. */
export type CredentialField = 'token' | 'secondToken' | 'narrowToken' | 'expiredToken' | 'headers';

export interface CollectOptions {
  readonly url: string;
  readonly mode?: Mode;
  readonly spec?: Revision | null;
  readonly allowPrivate?: boolean;
  /** The user's bearer token; sent only to the target's origin. */
  readonly token?: string;
  /** A second token, issued by the same AS for another resource (t.foreign, ACT03); target origin only. */
  readonly secondToken?: string;
  /** A valid token lacking a scope the endpoint needs (t.narrow, SCP03); target origin only. */
  readonly narrowToken?: string;
  /** An expired token from the same AS (i.jwt(expired), ACT04; intrusive only); target origin only. */
  readonly expiredToken?: string;
  /** A side-effect-free tool the user designated (i.tool.*, MOD30/MOD31); called only in intrusive mode. */
  readonly designatedTool?: { readonly name: string; readonly arguments?: Record<string, unknown> };
  /**
   * A pre-registered OAuth client at the first authorization server (i.client): its `client_id` and
   * a registered redirect URI. Used only in intrusive mode, for the i.authz requests (ACT07/08/11).
   */
  readonly oauthClient?: { readonly clientId: string; readonly redirectUri: string };
  /**
   * The intrusive CIMD requests (i.cimd, CIMD10–CIMD19): `base`, where the user hosts the document
   * variants (`cimd variants`); `specialUse`, the separate opt-in for the special-use host client
   * IDs (CIMD11); `tls`, a certificate for the scanner's own loopback variants server.
   */
  readonly cimd?: {
    readonly base?: string;
    readonly specialUse?: boolean;
    readonly tls?: { readonly key: string; readonly cert: string };
  };
  /** Extra headers (`--header`); sent only to the target's origin. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly requestTimeoutMs?: number;
  /** Overall scan budget in ms (default 120 000). */
  readonly scanTimeoutMs?: number;
  readonly maxBodyBytes?: number;
  readonly ca?: string;
  readonly onProgress?: (message: string) => void;
  /**
   * The lock this scan is compared against (`--lock FILE`): the entry recorded for this target in
   * this scan's credential context (null when it has none) and the contexts it records. With it,
   * the scan fetches the authorization servers' key sets and fills the `pin` section.
   */
  readonly lock?: {
    readonly file: string;
    readonly baseline: LockEntry | null;
    readonly recordedContexts: readonly CredentialContext[];
  };
  /** Test seam: resolve hostnames without DNS. */
  readonly lookup?: (hostname: string) => Promise<readonly string[]>;
}
