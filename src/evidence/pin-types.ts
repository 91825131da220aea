/**
 * The `pin` section: what a lock file recorded for this target (the baseline) and the same
 * surface as this scan saw it, both in the lock's canonical shape (docs/pinning.md). It is
 * present only when the scan was given a lock (`--lock FILE`); the PIN checks compare the two.
 * Nothing here holds a credential: the lock records definitions and metadata, never tokens.
 */

/** Which credentials the surface was listed with: their lists can differ. */
export type CredentialContext = 'anonymous' | 'token';

/** A hash: `sha256:` and 64 lower-case hex digits over the RFC 8785 canonical JSON of a value. */
export type LockHash = `sha256:${string}`;

/** One tool, prompt, resource or template: its canonical definition and hashes. */
export interface LockItem {
  /** Hash of the whole definition. */
  readonly hash: LockHash;
  /** Hash per field group (`description`, `inputSchema`, `annotations`, …, `other`). */
  readonly fields: Readonly<Record<string, LockHash>>;
  /** The definition as served (JSON), bounded; no server strings are rewritten. */
  readonly definition: Readonly<Record<string, unknown>>;
}

export type ItemKind = 'tool' | 'prompt' | 'resource' | 'resourceTemplate';

export interface LockSurface {
  /** Items keyed by name (tools, prompts), `uri` (resources) or `uriTemplate` (templates). */
  readonly tools: Readonly<Record<string, LockItem>>;
  readonly prompts: Readonly<Record<string, LockItem>>;
  readonly resources: Readonly<Record<string, LockItem>>;
  readonly resourceTemplates: Readonly<Record<string, LockItem>>;
  readonly instructions: { readonly hash: LockHash; readonly text: string } | null;
  readonly serverInfo: { readonly hash: LockHash; readonly value: unknown } | null;
  /** Kinds not listed completely (the listing failed, or a cap stopped it): removals there are not judged. */
  readonly incomplete: readonly ItemKind[];
}

/** The protected-resource metadata members and challenge parameters the lock pins (RFC 9728). */
export interface LockProtectedResource {
  readonly hash: LockHash;
  /** `resource`, `authorization_servers`, `scopes_supported`, `bearer_methods_supported` (PRM), `resource_metadata`, `scope` (challenge). */
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface LockJwks {
  readonly uri: string;
  /** RFC 7638 SHA-256 thumbprints of the keys, sorted; null when the key set could not be read. */
  readonly thumbprints: readonly string[] | null;
}

export interface LockAuthorizationServer {
  readonly hash: LockHash;
  /** Issuer, endpoints, `jwks_uri`, PKCE methods, grant and response types, registration, CIMD and `iss` flags. */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly jwks: LockJwks | null;
}

export interface LockProtocol {
  readonly hash: LockHash;
  readonly revisions: readonly string[];
  readonly transport: string | null;
  readonly capabilities: unknown;
  readonly authRequired: boolean;
}

/** What the lock records for one target in one credential context. */
export interface LockEntry {
  readonly recordedAt: string;
  /** The surface could be listed (no auth wall, the target answered as MCP). */
  readonly listable: boolean;
  readonly surface: LockSurface | null;
  readonly protectedResource: LockProtectedResource | null;
  /** Keyed by issuer as listed. */
  readonly authorizationServers: Readonly<Record<string, LockAuthorizationServer>>;
  readonly protocol: LockProtocol;
}

/** A JWKS fetched for the lock (`p.pin.jwks`), with the key thumbprints computed at scan time. */
export interface JwksObservation {
  readonly issuer: string;
  readonly uri: string;
  /** Sorted RFC 7638 thumbprints; null when the key set could not be read (`error` says why). */
  readonly thumbprints: readonly string[] | null;
  readonly error: string | null;
  readonly exchanges: readonly string[];
}

export interface PinEvidence {
  /** The lock file as given. */
  readonly lockFile: string;
  readonly context: CredentialContext;
  /** The lock's entry for this target and context; null when it has none. */
  readonly baseline: LockEntry | null;
  /** The contexts the lock records for this target (to say why an entry is missing). */
  readonly recordedContexts: readonly CredentialContext[];
  /** This scan reached the target as an MCP server (target class `reachable`). */
  readonly reachable: boolean;
  /** The current surface in the lock's shape. */
  readonly current: LockEntry;
  readonly jwks: readonly JwksObservation[];
}
