/**
 * Evidence for the CIMD lint checks: the default evidence with a client metadata document in
 * `clientMetadata`, as `cimd lint` fetched it (200, JSON, 300 bytes) unless `served` says otherwise.
 */
import type { ClientMetadataSource } from '../../src/evidence/cimd-types.js';
import type { Evidence } from '../../src/evidence/types.js';
import { evidence } from './evidence.js';

export const CLIENT_URL = 'https://client.example/oauth/client.json';

export const GOOD_DOCUMENT = {
  client_id: CLIENT_URL,
  client_name: 'Example client',
  redirect_uris: ['https://client.example/cb', 'http://127.0.0.1/callback'],
  token_endpoint_auth_method: 'none',
};

export function lintEvidence(
  document: unknown,
  opts: {
    served?: Partial<NonNullable<ClientMetadataSource['served']>> | null;
    url?: string | null;
    parseError?: string;
  } = {},
): Evidence {
  return evidence((ev, b) => {
    const exchange = b.exchange({
      method: 'GET',
      url: opts.url ?? CLIENT_URL,
      status: opts.served?.status ?? 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(document),
      probe: 'l.cimd',
    });
    ev.clientMetadata = {
      url: opts.url === undefined ? CLIENT_URL : opts.url,
      served:
        opts.served === null
          ? null
          : {
              status: 200,
              location: null,
              mediaType: 'application/json',
              bytes: 300,
              exchange,
              ...opts.served,
            },
      document,
      parseError: opts.parseError ?? null,
    };
  });
}
