/**
 * Client profiles as data: what an MCP client does when it connects and logs in, each behaviour a
 * rule with the evidence that decides it (a requirement from ./requirements.ts), what its failure
 * costs (`blocks` or `degrades`), the server operator's fix, and the public source it was read
 * from with the date and version it was checked against (docs/clients.md).
 */
import type { RedirectShape } from '../evidence/shape-types.js';
import type { ExchangeId, Transport } from '../evidence/types.js';

export type { RedirectShape } from '../evidence/shape-types.js';

/** What a failed rule costs the user of that client. */
export type RuleVerdict = 'blocks' | 'degrades';

/** The layer a rule belongs to, for grouping in reports and `doctor`. */
export type RuleKind =
  | 'network'
  | 'transport'
  | 'discovery'
  | 'registration'
  | 'redirect'
  | 'pkce'
  | 'scope'
  | 'token-auth'
  | 'tool-surface';

/**
 * Where a rule was read. `source`: the client's own code at a tag or commit; `doc`: the vendor's
 * documentation; `issue`: a public issue or pull request; `secondary`: a third-party page that
 * quotes the vendor (used only where no primary source could be read; docs/clients.md lists them).
 */
export interface RuleSource {
  readonly url: string;
  readonly kind: 'source' | 'doc' | 'issue' | 'secondary';
  /** The day the source was read (YYYY-MM-DD). */
  readonly checked: string;
  /** The client version, tag or commit the rule holds for, when the source names one. */
  readonly version?: string;
}

export type RegistrationMechanism = 'cimd' | 'dcr';

/**
 * The shared library of requirements, as data: each names a typed predicate over the evidence
 * (./requirements.ts) and its parameters. A rule never carries code.
 */
export type Requirement =
  /** The client reaches the server from its vendor's cloud: the endpoint must be publicly reachable. */
  | { readonly kind: 'public-endpoint' }
  /** The endpoint (and its PRM) must be https. */
  | { readonly kind: 'https-endpoint' }
  /** The transports the client speaks. */
  | { readonly kind: 'transport'; readonly accepts: readonly Transport[] }
  /** On an HTTP+SSE server, which answers to the first POST make the client try the legacy GET stream. */
  | { readonly kind: 'legacy-sse-fallback'; readonly on: 'any-4xx' | readonly number[] }
  /** The client opens with `initialize`: a server that speaks only the 2026-07-28 wire refuses it. */
  | { readonly kind: 'initialize-handshake' }
  /** Protected-resource metadata must be found (challenge URL, path-inserted or root). */
  | { readonly kind: 'prm-published' }
  /** Where the client looks for authorization-server metadata when PRM is absent or its AS fails. */
  | {
      readonly kind: 'as-metadata';
      readonly fallback: 'none' | 'origin-metadata' | 'origin-defaults';
    }
  /** The PRM `resource` must equal the server URL (scheme, host, port, path). */
  | { readonly kind: 'prm-resource-matches' }
  /** The AS metadata `issuer` must equal the issuer the PRM named. */
  | { readonly kind: 'issuer-matches' }
  /** A cross-origin `resource_metadata` in the challenge is ignored: PRM must be at a well-known URI. */
  | { readonly kind: 'same-origin-resource-metadata' }
  /** The registration mechanisms the client uses, in its order of preference. */
  | { readonly kind: 'registration'; readonly mechanisms: readonly RegistrationMechanism[] }
  /** `code_challenge_methods_supported` must list S256; `absent` says what the client does without it. */
  | { readonly kind: 'pkce-s256'; readonly absent: 'accept' | 'refuse' }
  /** The client registers as a public client with this token endpoint auth method. */
  | { readonly kind: 'token-auth-method'; readonly method: string }
  /** Without a challenge `scope`, the client requests every PRM `scopes_supported` scope. */
  | { readonly kind: 'requested-scopes-known' }
  /** The authorization server must accept this redirect URI shape (decided by a registration only). */
  | { readonly kind: 'redirect-accepted'; readonly shape: RedirectShape; readonly example: string }
  /** Tool names outside this pattern or length are renamed or dropped. */
  | {
      readonly kind: 'tool-names';
      readonly pattern: string;
      readonly maxLength: number;
      readonly prefix?: string;
    }
  /** More tools than this and the client drops some. */
  | { readonly kind: 'tool-count'; readonly max: number }
  /** The primitives the client uses; a server offering only others is of no use to it. */
  | {
      readonly kind: 'primitives-used';
      readonly uses: readonly ('tools' | 'prompts' | 'resources')[];
    };

export type RequirementKind = Requirement['kind'];

export interface ClientRule {
  /** Stable within the profile (`claude.registration`). */
  readonly id: string;
  readonly kind: RuleKind;
  /** What the client does, in our own words. */
  readonly does: string;
  readonly requirement: Requirement;
  readonly verdict: RuleVerdict;
  /** What the server operator changes when the rule fails. */
  readonly fix: string;
  readonly source: RuleSource;
}

export interface ClientProfile {
  /** `claude`, `claude-code`, `chatgpt`, … (what `--clients` will take). */
  readonly id: string;
  readonly name: string;
  /** The surfaces the profile covers (claude.ai, Desktop, mobile). */
  readonly covers: string;
  readonly rules: readonly ClientRule[];
  /** What could not be verified for this client (shown in docs/clients.md). */
  readonly unverified: readonly string[];
}

// ---------------------------------------------------------------------------
// What a requirement decides, and the matrix
// ---------------------------------------------------------------------------

export type OutcomeStatus = 'met' | 'unmet' | 'unknown' | 'not_applicable';

export interface Outcome {
  readonly status: OutcomeStatus;
  /** Why, in words (server-supplied values quoted as received). */
  readonly detail: string;
  /** The exchanges that decided it. */
  readonly evidence: readonly ExchangeId[];
}

/**
 * What an intrusive registration of one redirect shape showed (phase B fills it from the registration
 * probes; until then the redirect rules are `unknown`).
 */
export interface RedirectShapeObservation {
  readonly shape: RedirectShape;
  /** The registration (or CIMD authorization request) with this shape was accepted. */
  readonly accepted: boolean;
  /** A loopback port other than the registered one was accepted (RFC 8252 §7.3); null when not tried. */
  readonly anyLoopbackPort: boolean | null;
  readonly evidence: readonly ExchangeId[];
}

export interface RuleResult {
  readonly rule: string;
  readonly kind: RuleKind;
  readonly verdict: RuleVerdict;
  readonly status: OutcomeStatus;
  readonly detail: string;
  readonly evidence: readonly ExchangeId[];
  readonly fix: string;
  readonly source: RuleSource;
}

export type CellStatus = 'connects' | 'blocked' | 'degraded' | 'unknown';

export interface ClientCell {
  readonly client: string;
  readonly name: string;
  readonly status: CellStatus;
  /** One sentence: why this status. */
  readonly reason: string;
  /** The rules that decided the status (failed, or undecided for `unknown`). */
  readonly deciding: readonly string[];
  /** Every exchange the deciding rules cite. */
  readonly evidence: readonly ExchangeId[];
  /** The fixes of the deciding rules, in rule order, without repeats. */
  readonly fixes: readonly string[];
  /** Every rule's result, in profile order. */
  readonly rules: readonly RuleResult[];
}

export interface ClientMatrix {
  /** Bumped when the cell shape changes (the report schema pins it). */
  readonly version: 1;
  readonly cells: readonly ClientCell[];
}
