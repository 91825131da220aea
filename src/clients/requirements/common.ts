/**
 * What every requirement predicate shares: its signature, the outcome constructor, and the
 * preconditions and URL helpers of the OAuth requirements.
 */
import type { Evidence, ExchangeId } from '../../evidence/types.js';
import type { ClientView } from '../evidence-view.js';
import type { Outcome, RedirectShapeObservation, Requirement, RequirementKind } from '../types.js';

/** What a predicate reads besides the requirement itself. */
export interface PredicateInput {
  readonly view: ClientView;
  /** Phase B: intrusive registrations per redirect shape (absent until then: redirect rules stay unknown). */
  readonly shapes: readonly RedirectShapeObservation[];
}

export type Predicate<K extends RequirementKind> = (
  req: Extract<Requirement, { kind: K }>,
  input: PredicateInput,
) => Outcome;

export const out = (
  status: Outcome['status'],
  detail: string,
  evidence: readonly ExchangeId[] = [],
): Outcome => ({
  status,
  detail,
  evidence,
});

/** Not applicable without authorization; unknown when authorization is in use but no chain was recorded. */
export function oauthPrecondition(ev: Evidence): Outcome | null {
  if (ev.target.kind !== 'http') return out('not_applicable', 'A stdio server has no OAuth login.');
  if (!ev.auth.inUse) return out('not_applicable', 'The server asks for no login (no authorization signal).');
  if (!ev.oauth) {
    return out(
      'unknown',
      'Authorization is in use but the OAuth discovery chain was not recorded (passive mode, or an older bundle).',
    );
  }
  return null;
}

/** The authorization server a client would use: the PRM's, else the MCP origin as its own AS. */
export function usedAs(view: ClientView) {
  return view.as ?? view.originAs;
}

export function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** scheme://host[:port]/path of a URL, the way several clients compare resources. */
export function resourceKey(u: string): string | null {
  try {
    const url = new URL(u);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}

/** The reason to give when something is hidden: behind an authorization wall, or simply not seen. */
export function wallOr(ev: Evidence, what: string, otherwise: string): string {
  return ev.detection.authWall
    ? `Every MCP request was answered 401/403 and no token was given, so ${what} cannot be seen.`
    : otherwise;
}
