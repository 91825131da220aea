/** The client identity a login uses, and the checks that go with choosing it (docs/login.md#client-identity). */
import * as oauth from 'oauth4webapi';

import type { ClientIdentity } from './diagnosis.js';

export interface Identity {
  readonly client: oauth.Client;
  readonly auth: oauth.ClientAuth;
  readonly identity: ClientIdentity;
  readonly registration?: { readonly clientUri: string; readonly accessToken: string };
}

export function clientAuth(
  metadata: Readonly<Record<string, unknown>>,
  secret: string | undefined,
): oauth.ClientAuth {
  if (secret === undefined) return oauth.None();
  const methods = metadata['token_endpoint_auth_methods_supported'];
  const list = Array.isArray(methods) ? methods : [];
  return list.length > 0 && !list.includes('client_secret_basic') && list.includes('client_secret_post')
    ? oauth.ClientSecretPost(secret)
    : oauth.ClientSecretBasic(secret);
}

/** The loopback redirect matches a registered one: exactly, or loopback http with any port (RFC 8252 §7.3). */
export function redirectListed(registered: readonly string[], ours: string): boolean {
  const o = new URL(ours);
  return registered.some((r) => {
    if (r === ours) return true;
    try {
      const u = new URL(r);
      return (
        u.protocol === 'http:' && u.hostname === o.hostname && u.pathname === o.pathname && u.search === ''
      );
    } catch {
      return false;
    }
  });
}
