/**
 * Challenge observations: every 401 from the MCP endpoint, and every 403 that
 * carries `WWW-Authenticate`, with the header as received (read back from the
 * recorded exchange) and parsed strictly.
 */
import type { ChallengeObservation } from '../../evidence/auth-types.js';
import type { ExchangeId, HttpExchange, HttpReply } from '../../evidence/types.js';
import { parseWwwAuthenticate } from '../../evidence/parse/www-authenticate.js';
import type { HttpClient } from '../http/types.js';

function exchangeNumber(id: ExchangeId): number {
  return Number(id.slice(1));
}

export function observeChallenges(client: HttpClient, replies: readonly HttpReply[]): ChallengeObservation[] {
  const byId = new Map<ExchangeId, HttpExchange>(client.exchanges().map((x) => [x.id, x]));
  const seen = new Set<ExchangeId>();
  const out: ChallengeObservation[] = [];
  for (const reply of replies) {
    const ex = byId.get(reply.exchange);
    if (!ex?.response || seen.has(reply.exchange)) continue;
    const header = ex.response.headers['www-authenticate'] ?? [];
    if (reply.status !== 401 && !(reply.status === 403 && header.length > 0)) continue;
    seen.add(reply.exchange);
    const parsed = parseWwwAuthenticate(header);
    out.push({
      probe: ex.probe,
      exchange: reply.exchange,
      status: reply.status,
      header: [...header],
      challenges: 'error' in parsed ? null : parsed.challenges,
      parseError: 'error' in parsed ? parsed.error : null,
      credentialsSent: Object.hasOwn(ex.request.headers, 'authorization'),
    });
  }
  return out.sort((a, b) => exchangeNumber(a.exchange) - exchangeNumber(b.exchange));
}

/** The `resource_metadata` a client would use: from the first Bearer challenge that names one. */
export function advertisedResourceMetadata(challenges: readonly ChallengeObservation[]): string | null {
  // A challenge to an anonymous request is what a client sees first; crafted-token answers come after.
  const ordered = [
    ...challenges.filter((c) => !c.credentialsSent),
    ...challenges.filter((c) => c.credentialsSent),
  ];
  for (const c of ordered) {
    for (const ch of c.challenges ?? []) {
      const rm = ch.scheme === 'bearer' ? ch.params['resource_metadata'] : undefined;
      if (rm !== undefined) return rm;
    }
  }
  return null;
}
