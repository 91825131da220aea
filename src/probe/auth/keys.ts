/**
 * Finding the keys of a `signed_metadata` signer: the `jwks_uri` of the
 * authorization server its `iss` names (already fetched, or looked up now), or
 * the PRM's own `jwks_uri` when the resource signed its own metadata. Every URL
 * is learned, so the address policy applies; each JWKS is fetched once.
 */
import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import type { HttpClient } from '../http/types.js';
import { discoverAsMetadata } from './as-metadata.js';
import { fetchDocument, jsonObject } from './document.js';
import { AUTH_PROBES } from './plan.js';
import type { KeyLookup } from './signed-metadata.js';

export interface KeySources {
  readonly client: HttpClient;
  readonly targetOrigin: string;
  readonly servers: readonly AuthorizationServerObservation[];
}

export function createKeyLookup(src: KeySources): (prm: Readonly<Record<string, unknown>>) => KeyLookup {
  const jwksCache = new Map<string, Promise<{ jwks: unknown; from: string } | { error: string }>>();
  const issuerCache = new Map<string, Promise<Readonly<Record<string, unknown>> | null>>();

  const fetchJwks = (uri: string) => {
    let pending = jwksCache.get(uri);
    if (!pending) {
      pending = fetchDocument(src.client, {
        url: uri,
        probe: AUTH_PROBES.signedJwks,
        purpose: 'the signer keys, to verify signed_metadata',
        source: 'learned',
        targetOrigin: src.targetOrigin,
      }).then((fetch) => {
        const jwks = jsonObject(fetch);
        if (jwks) return { jwks, from: uri };
        const why = fetch.kind === 'ok' ? `status ${fetch.value.status}, no JSON object` : fetch.kind;
        return { error: `the JWKS at ${uri} could not be read (${why})` };
      });
      jwksCache.set(uri, pending);
    }
    return pending;
  };

  const issuerMetadata = (iss: string) => {
    const listed = src.servers.find((s) => s.issuer === iss);
    if (listed) return Promise.resolve(listed.found?.metadata ?? null);
    let pending = issuerCache.get(iss);
    if (!pending) {
      pending = discoverAsMetadata(src.client, iss, AUTH_PROBES.signedIssuer, src.targetOrigin).then(
        (d) => d.found?.metadata ?? null,
      );
      issuerCache.set(iss, pending);
    }
    return pending;
  };

  return (prm) => async (iss) => {
    // The resource attesting its own metadata publishes its keys in the PRM itself.
    if (iss === prm['resource'] && typeof prm['jwks_uri'] === 'string') return fetchJwks(prm['jwks_uri']);
    const metadata = await issuerMetadata(iss);
    if (metadata === null) return { error: `no authorization-server metadata found for the signer ${iss}` };
    const uri = metadata['jwks_uri'];
    if (typeof uri !== 'string') return { error: `the metadata of the signer ${iss} has no jwks_uri` };
    return fetchJwks(uri);
  };
}
