/**
 * The probes a scan planned but did not send because detection ended it early (an unreachable or
 * non-MCP target): recorded as skipped, with the reason, so the evidence says what was not tried.
 */
import type { Evidence, NotSentProbe } from '../evidence/types.js';
import type { PlanEntry } from './plan-entry.js';

/** Why detection stopped the scan, from what the ladder saw. */
function whyStopped(ev: Evidence): string | null {
  switch (ev.detection.targetClass) {
    case 'reachable':
      return null;
    case 'unreachable': {
      const codes = new Set(ev.exchanges.flatMap((x) => (x.error ? [x.error.code] : [])));
      return `the target is unreachable${codes.size ? ` (${[...codes].sort().join(', ')})` : ''}`;
    }
    case 'not_mcp':
      return 'the target does not speak MCP';
    case 'redirected':
      return 'the endpoint redirects elsewhere';
  }
}

/**
 * The probes not sent to a server that stopped answering mid-scan (./http/stopped-answering.ts):
 * each is an exchange with the `stopped-answering` error, which says after how many timeouts.
 */
function cutProbes(ev: Evidence): NotSentProbe[] {
  const seen = new Set<string>();
  return ev.exchanges.flatMap((x) => {
    if (x.error?.code !== 'stopped-answering' || seen.has(x.probe)) return [];
    seen.add(x.probe);
    return [
      {
        probe: x.probe,
        reason: 'dependency_failed' as const,
        detail: x.error.message.replace(/; not sent$/, ''),
      },
    ];
  });
}

export function notSentProbes(ev: Evidence, plan: readonly PlanEntry[], tokenGiven: boolean): NotSentProbe[] {
  const why = whyStopped(ev);
  if (why === null) return cutProbes(ev);
  const sent = new Set(ev.exchanges.map((x) => x.probe));
  return plan
    .filter((p) => !sent.has(p.probe) && (p.tier !== 'token' || tokenGiven))
    .map((p) => ({ probe: p.probe, reason: 'dependency_failed', detail: why }));
}
