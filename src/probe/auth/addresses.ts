/**
 * Where URLs learned from metadata point (PRM14, ASM16): every address a host
 * resolves to, and the most private scope among them. Resolution only; nothing
 * is sent to the hosts.
 */
import type { AddressObservation } from '../../evidence/auth-types.js';
import type { AddressScope } from '../../evidence/types.js';
import { classifyAddress } from '../http/address-policy.js';
import { createResolver } from '../http/lookup.js';

export type Lookup = (hostname: string) => Promise<readonly string[]>;
export type ResolveRole = (role: string, url: string) => Promise<AddressObservation>;

// Most private first: one internal record is enough to make a host an SSRF indicator.
const PRIVACY_ORDER: readonly AddressScope[] = ['loopback', 'link-local', 'private', 'unknown', 'public'];

export function mostPrivate(addresses: readonly string[]): AddressScope | null {
  let best: AddressScope | null = null;
  for (const a of addresses) {
    const scope = classifyAddress(a);
    if (best === null || PRIVACY_ORDER.indexOf(scope) < PRIVACY_ORDER.indexOf(best)) best = scope;
  }
  return best;
}

function hostOf(url: string): string | null {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' ? u.hostname : null;
  } catch {
    return null;
  }
}

/** A resolver with a per-host cache, shared by every observation of one scan. */
export function createRoleResolver(lookup?: Lookup): ResolveRole {
  const resolve = createResolver(lookup);
  const cache = new Map<string, Promise<readonly string[]>>();
  return async (role, url) => {
    const host = hostOf(url);
    if (host === null) return { role, url, addresses: [], scope: null };
    let pending = cache.get(host);
    if (!pending) {
      pending = resolve(host).catch(() => [] as readonly string[]);
      cache.set(host, pending);
    }
    const addresses = [...(await pending)];
    return { role, url, addresses, scope: mostPrivate(addresses) };
  };
}
