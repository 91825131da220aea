/**
 * An independent stage for https targets, started with the ladder: the TLS handshakes of the
 * endpoint's origin and its cleartext counterpart. It needs nothing the MCP stages learn.
 */
import { RpcIds } from '../mcp-messages.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import { cleartextUrl, probePlain } from '../plain.js';
import { probeTls } from '../tls.js';
import type { Stage } from '../stage.js';
import type { StageContext } from './context.js';
import type { HttpSofar, TransportSecurity } from './state.js';

/** Its own JSON-RPC id range: it runs beside the ladder, so shared ids would depend on timing. */
const PLAIN_FIRST_ID = 8_001;

export function transportSecurityPlan(url: Readonly<URL>): PlanEntry[] {
  if (url.protocol !== 'https:') return [];
  const plain = cleartextUrl(url);
  return [
    planEntry(
      'p.tls',
      'passive',
      'TLS',
      'verified handshake, then TLS 1.0-only and TLS 1.1-only handshakes (no data)',
      '',
      url.origin,
    ),
    planEntry('p.plain', 'passive', 'GET', 'the cleartext counterpart of the https URL', '', plain),
    planEntry(
      'p.plain.post',
      'passive',
      'POST',
      'server/discover over cleartext',
      'when the GET answered 2xx, 401 or 405',
      plain,
    ),
  ];
}

async function runTransportSecurity(ctx: StageContext): Promise<TransportSecurity> {
  if (ctx.target.scheme !== 'https') return { tls: [], plain: [] };
  ctx.progress('checking TLS and the cleartext counterpart');
  const [tls, plain] = await Promise.all([
    probeTls(ctx.target.url, {
      ...(ctx.address ? { address: ctx.address } : {}),
      ...(ctx.opts.ca ? { ca: ctx.opts.ca } : {}),
    }),
    probePlain(ctx.client, ctx.target.url, new RpcIds(PLAIN_FIRST_ID), 'user'),
  ]);
  return { tls: [tls], plain: [plain] };
}

export const TRANSPORT_SECURITY_STAGE: Stage<StageContext, HttpSofar, 'transportSecurity'> = {
  id: 'transport-security',
  plan: transportSecurityPlan,
  needs: [],
  produces: ['transportSecurity'],
  run: async (ctx) => ({ transportSecurity: await runTransportSecurity(ctx) }),
};
