/** The scopes an intrusive authorization request asks for, as an MCP client would choose them. */
import type { ChallengeObservation } from '../../evidence/auth-types.js';

/** PRM `scopes_supported`, else the `scope` of the first Bearer challenge naming one (no wildcards). */
export function advertisedScopes(
  prm: Readonly<Record<string, unknown>> | null,
  challenges: readonly ChallengeObservation[],
): string[] {
  const listed = prm?.['scopes_supported'];
  const fromPrm = Array.isArray(listed) ? listed.filter((s): s is string => typeof s === 'string') : [];
  const fromChallenge =
    challenges
      .flatMap((c) => c.challenges ?? [])
      .find((c) => c.scheme === 'bearer' && c.params['scope'] !== undefined)
      ?.params['scope']?.split(' ') ?? [];
  return (fromPrm.length > 0 ? fromPrm : fromChallenge)
    .filter((s) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s) && s !== '*')
    .slice(0, 20);
}
