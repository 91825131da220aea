/** The scope set SCP01 and SCP04 judge, gathered the same way for both. */
import type { AuthDiscovery } from '../../evidence/auth-types.js';
import type { ExchangeId } from '../../evidence/types.js';
import { challengeScopes, firstPrm, stringArray } from '../authn/discovery.js';

/** Scopes the resource advertises (PRM `scopes_supported`, challenge `scope`), each with the exchanges naming it. */
export function advertisedScopes(oauth: AuthDiscovery): Map<string, ExchangeId[]> {
  const scopes = new Map<string, ExchangeId[]>();
  const prm = firstPrm(oauth);
  for (const s of stringArray(prm?.doc['scopes_supported']) ?? []) scopes.set(s, [...(prm?.exchanges ?? [])]);
  for (const [s, ids] of challengeScopes(oauth)) scopes.set(s, [...(scopes.get(s) ?? []), ...ids]);
  return scopes;
}
