/**
 * p.prm: protected-resource metadata (RFC 9728) where MCP clients look, in
 * their order: the challenge's `resource_metadata`, the path-inserted
 * well-known URL (terminating "/" removed, query kept as the SDK does), the root
 * well-known URL. One URL is fetched once even when two candidates name it.
 */
import type { DocumentFetch, PrmCandidate } from '../../evidence/auth-types.js';
import type { Probe } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import { fetchDocument, jsonObject } from './document.js';
import { AUTH_PROBES } from './plan.js';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

export interface CandidateUrl {
  readonly source: PrmCandidate['source'];
  readonly url: string;
}

/** The well-known candidates for an endpoint URL: path-inserted (when it has a path), then root. */
export function wellKnownPrmUrls(endpoint: string | Readonly<URL>): CandidateUrl[] {
  const u = typeof endpoint === 'string' ? new URL(endpoint) : endpoint;
  const path = u.pathname.endsWith('/') ? u.pathname.slice(0, -1) : u.pathname;
  const root = `${u.origin}${WELL_KNOWN}`;
  if (path === '') return [{ source: 'root', url: root }];
  return [
    { source: 'path-inserted', url: `${u.origin}${WELL_KNOWN}${path}${u.search}` },
    { source: 'root', url: root },
  ];
}

export type PrmFetch = (candidate: CandidateUrl) => Promise<Probe<DocumentFetch>>;

export function createPrmFetcher(client: HttpClient, targetOrigin: string): PrmFetch {
  const cache = new Map<string, Promise<Probe<DocumentFetch>>>();
  return (candidate) => {
    let pending = cache.get(candidate.url);
    if (!pending) {
      pending = fetchDocument(client, {
        url: candidate.url,
        probe: AUTH_PROBES.prm,
        purpose:
          candidate.source === 'challenge'
            ? 'protected-resource metadata at the resource_metadata URL of the challenge'
            : `protected-resource metadata at the ${candidate.source} well-known URL`,
        // The challenge URL came from the server; the well-known URLs are derived from the target.
        source: candidate.source === 'challenge' ? 'learned' : 'user',
        targetOrigin,
        // The authorization servers, and every check of the chain, wait on this document.
        priority: true,
      });
      cache.set(candidate.url, pending);
    }
    return pending;
  };
}

/** The PRM clients use: the first candidate, in order, that yielded a JSON object. */
export function firstFoundPrm<C extends { readonly fetch: Probe<DocumentFetch> }>(
  candidates: readonly C[],
): { candidate: C; document: Record<string, unknown> } | null {
  for (const candidate of candidates) {
    const document = jsonObject(candidate.fetch);
    if (document) return { candidate, document };
  }
  return null;
}
