/**
 * A Client ID Metadata Document fetched as an authorization server fetches it: one GET, the
 * redirect not followed, through the scan's HTTP client (address policy, size cap, recording), or
 * read from a file with the URL it will be served at. What `cimd lint` and the login lint.
 */
import { readFileSync } from 'node:fs';

import type { ClientMetadataSource } from '../evidence/cimd-types.js';
import { parseMediaType } from '../evidence/parse/media-type.js';
import type { HttpClient } from '../probe/http/types.js';

export async function fetchClientMetadata(
  client: HttpClient,
  url: string,
): Promise<{ source: ClientMetadataSource; exchange: string }> {
  const r = await client.send({
    method: 'GET',
    url,
    headers: { accept: 'application/json' },
    probe: 'l.cimd',
    purpose:
      'the client metadata document given with --client-metadata-url, fetched as an authorization server fetches it',
    source: 'learned',
    attachCredentials: false,
  });
  const res = r.response;
  let document: unknown = null;
  let parseError: string | null = null;
  if (res) {
    try {
      document = JSON.parse(res.text);
    } catch (err) {
      parseError = (err as Error).message.slice(0, 200);
    }
  } else parseError = r.error?.message ?? 'no response';
  return {
    exchange: r.exchangeId,
    source: {
      url,
      served: res
        ? {
            status: res.status,
            location: res.headers['location']?.[0] ?? null,
            mediaType: parseMediaType(res.headers['content-type'])?.essence ?? null,
            bytes: Buffer.byteLength(res.text),
            exchange: r.exchangeId,
          }
        : null,
      document,
      parseError,
    },
  };
}

/** A document from a file; `url` is where it will be served (null: the URL rules are not applicable). */
export function readClientMetadata(file: string, url: string | null): ClientMetadataSource {
  const text = readFileSync(file, 'utf8');
  let document: unknown = null;
  let parseError: string | null = null;
  try {
    document = JSON.parse(text);
  } catch (err) {
    parseError = (err as Error).message.slice(0, 200);
  }
  return { url, served: null, document, parseError };
}
