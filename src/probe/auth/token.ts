/**
 * t.decode: what the user's token says about itself, decoded locally (never
 * verified, never sent anywhere by this step). The token is not kept: only its
 * claims, and only when it is a JWT.
 */
import { decodeJwt } from 'jose';
import type { AuthDiscovery } from '../../evidence/auth-types.js';

export function decodeUserToken(token: string | null): Pick<AuthDiscovery, 'tokenClaims' | 'tokenKind'> {
  if (token === null || token === '') return { tokenClaims: null, tokenKind: 'none' };
  try {
    return { tokenClaims: { ...decodeJwt(token) }, tokenKind: 'jwt' };
  } catch {
    return { tokenClaims: null, tokenKind: 'opaque' };
  }
}
