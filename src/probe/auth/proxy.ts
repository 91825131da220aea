/**
 * `i.proxy` (intrusive, ACT12): two fresh anonymous registrations at the first authorization
 * server's `registration_endpoint`, and one correct S256 authorization request with each
 * (`i.proxy.authorize(n)`), first answer only, never followed. An MCP server that proxies to a
 * third-party authorization server with one static upstream client, and shows no consent of its
 * own, redirects both fresh clients at once to the upstream with the same upstream `client_id`.
 * Each client is deleted through RFC 7592 right after its request (`i.proxy.cleanup(n)`), where the
 * server allows it. The registration access tokens stay in memory, redacted from the record.
 */
import { createHash, randomBytes } from 'node:crypto';

import type { AuthorizationServerObservation, ProxyAttempt, ProxyProbes } from '../../evidence/auth-types.js';
import type { Mode, Probe } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import { send } from './authz.js';
import { registerProbeClient } from './client-identity.js';
import { PROXY_PROBES } from './plan.js';

export interface ProxyContext {
  readonly client: HttpClient;
  readonly mode: Mode;
  readonly server: AuthorizationServerObservation | undefined;
  readonly scopes: readonly string[];
  readonly resource: string;
}

type Skip = Extract<Probe<never>, { kind: 'skipped' }>;
const skipped = (reason: Skip['reason'], detail: string): Skip => ({ kind: 'skipped', reason, detail });

export async function probeProxy(ctx: ProxyContext): Promise<Probe<ProxyProbes>> {
  if (ctx.mode !== 'intrusive')
    return skipped('mode_disabled', 'needs --mode intrusive (two registrations create clients)');
  const metadata = ctx.server?.found?.metadata;
  if (!ctx.server || !metadata) return skipped('not_needed', 'no authorization server metadata was found');
  const endpoint = metadata['authorization_endpoint'];
  if (
    typeof endpoint !== 'string' ||
    !URL.canParse(endpoint) ||
    !/^https?:$/.test(new URL(endpoint).protocol)
  )
    return skipped('not_needed', `${ctx.server.issuer} publishes no http(s) authorization_endpoint`);
  if (typeof metadata['registration_endpoint'] !== 'string')
    return skipped('not_needed', `${ctx.server.issuer} publishes no registration_endpoint`);
  const authUrl = new URL(endpoint);
  const asOrigins = new Set([authUrl.origin]);
  try {
    asOrigins.add(new URL(ctx.server.issuer).origin);
  } catch {
    // an issuer that is not a URL adds nothing
  }
  const attempts: ProxyAttempt[] = [];
  const exchanges: string[] = [];
  // Sequential: registration endpoints are often rate-limited.
  for (const n of [1, 2]) {
    const reg = await registerProbeClient(ctx.client, ctx.server, {
      register: PROXY_PROBES.register(n),
      cleanup: PROXY_PROBES.cleanup(n),
    });
    if ('kind' in reg)
      return n === 1
        ? skipped('not_needed', reg.detail ?? 'registration refused')
        : { ...reg, reason: 'dependency_failed' };
    const { clientId, redirectUri } = reg.designation;
    const verifier = randomBytes(32).toString('base64url');
    const answer = await send(
      ctx,
      authUrl,
      asOrigins,
      PROXY_PROBES.authorize(n),
      `an S256 authorization request with fresh client ${n} (own consent, or an immediate redirect upstream?)`,
      {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        ...(ctx.scopes.length > 0 ? { scope: ctx.scopes.join(' ') } : {}),
        resource: ctx.resource,
        state: `mcp-posture-probe-${randomBytes(16).toString('base64url')}`,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      },
    );
    const registration = await reg.cleanup();
    attempts.push({ clientId, redirectUri, registration, answer });
    exchanges.push(
      registration.exchange,
      ...(answer.kind === 'skipped' ? [] : answer.exchanges),
      ...(registration.deletion ? [registration.deletion.exchange] : []),
    );
  }
  return {
    kind: 'ok',
    value: { issuer: ctx.server.issuer, authorizationEndpoint: authUrl.href, attempts },
    exchanges: exchanges as Extract<Probe<ProxyProbes>, { kind: 'ok' }>['exchanges'],
  };
}
