/**
 * The shared library of requirement predicates: one typed function per requirement kind, each a
 * pure function of the evidence (through ../evidence-view.ts). A predicate answers `met`, `unmet`,
 * `not_applicable` or `unknown` with the reason; it never guesses what the evidence cannot show
 * (behind a 401 without a token, passive mode, a shape only a registration would show).
 */
import type { Outcome, Requirement, RequirementKind } from '../types.js';
import type { Predicate, PredicateInput } from './common.js';
import {
  asMetadata,
  issuerMatches,
  prmPublished,
  prmResourceMatches,
  sameOriginResourceMetadata,
} from './discovery.js';
import { pkceS256, redirectAccepted, registration, requestedScopesKnown, tokenAuthMethod } from './login.js';
import { primitivesUsed, toolCount, toolNames } from './tools.js';
import {
  httpsEndpoint,
  initializeHandshake,
  legacySseFallback,
  publicEndpoint,
  transport,
} from './transport.js';

export type { PredicateInput } from './common.js';

/** The library: every requirement kind has exactly one predicate (the type checks it). */
const PREDICATES: { readonly [K in RequirementKind]: Predicate<K> } = {
  'public-endpoint': publicEndpoint,
  'https-endpoint': httpsEndpoint,
  transport,
  'legacy-sse-fallback': legacySseFallback,
  'initialize-handshake': initializeHandshake,
  'prm-published': prmPublished,
  'as-metadata': asMetadata,
  'prm-resource-matches': prmResourceMatches,
  'issuer-matches': issuerMatches,
  'same-origin-resource-metadata': sameOriginResourceMetadata,
  registration,
  'pkce-s256': pkceS256,
  'token-auth-method': tokenAuthMethod,
  'requested-scopes-known': requestedScopesKnown,
  'redirect-accepted': redirectAccepted,
  'tool-names': toolNames,
  'tool-count': toolCount,
  'primitives-used': primitivesUsed,
};

export function judgeRequirement(req: Requirement, input: PredicateInput): Outcome {
  const predicate = PREDICATES[req.kind] as Predicate<typeof req.kind>;
  return predicate(req, input);
}
