/**
 * The hops of the authorization trust chain (issue 14, docs/html-report.md#the-trust-chain) and
 * how a check places its results on them: policy kept in each check's meta (`chain`), read by
 * the report's chain (src/report/chain.ts).
 */
export const HOPS = [
  'endpoint',
  'challenge',
  'resource-metadata',
  'as-metadata',
  'jwks',
  'registration',
  'authorization',
  'token',
] as const;

export type HopId = (typeof HOPS)[number];

/** Where a check's results sit on the trust chain; a check without one is not part of it. */
export interface ChainPolicy {
  /** The hop its results belong to. */
  readonly hop: HopId;
  /** A result located at protected-resource metadata (`prm:…`) belongs to that hop instead. */
  readonly prmLocated?: boolean;
  /**
   * A result about an authorization-server member that names a later hop's URL (`jwks_uri`,
   * `registration_endpoint`, `authorization_endpoint`, `token_endpoint`) moves to that hop: the
   * member read from an `as:<issuer>#<member>` location, or also from the result key (`key`).
   */
  readonly followsMember?: 'location' | 'key';
}
