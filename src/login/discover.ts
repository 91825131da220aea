/**
 * The login's discovery, on the scan's own chain (src/probe/auth): the anonymous 401 challenge,
 * protected-resource metadata in client order (p.prm), then the first listed authorization
 * server's metadata in client order (p.as(0)). Every request goes through the scan's HTTP client:
 * the address policy, the size caps and the redacted recording apply.
 */
import type { HttpClient } from '../probe/http/types.js';
import { discoverAsMetadata } from '../probe/auth/as-metadata.js';
import { jsonObject } from '../probe/auth/document.js';
import { createPrmFetcher, firstFoundPrm, wellKnownPrmUrls } from '../probe/auth/prm.js';
import type { CandidateUrl } from '../probe/auth/prm.js';
import { parseWwwAuthenticate } from '../evidence/parse/www-authenticate.js';
import { TOOL_VERSION } from '../version.js';
import type { LoginFailure, StepRecord } from './diagnosis.js';
import { failure } from './diagnosis.js';

export interface Discovered {
  readonly resource: string;
  readonly issuer: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** From the challenge, else the PRM `scopes_supported`; null when neither names any. */
  readonly scope: string | null;
}

export type DiscoveryOutcome =
  | { readonly ok: true; readonly value: Discovered; readonly steps: StepRecord[] }
  | { readonly ok: false; readonly failure: LoginFailure; readonly steps: StepRecord[] };

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'mcp-posture', version: TOOL_VERSION },
  },
});

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/** The PRM `resource` is the endpoint, or the endpoint's origin or a path prefix of it (RFC 9728 §3.3 as MCP SDKs apply it). */
function resourceCovers(resource: string, endpoint: string): boolean {
  try {
    const r = new URL(resource);
    const e = new URL(endpoint);
    if (r.origin !== e.origin) return false;
    const rp = r.pathname.endsWith('/') ? r.pathname : `${r.pathname}/`;
    const ep = e.pathname.endsWith('/') ? e.pathname : `${e.pathname}/`;
    return ep.startsWith(rp);
  } catch {
    return false;
  }
}

type Part<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: LoginFailure };

/** What the anonymous initialize showed: its answer's status and the challenge's parameters. */
interface Challenge {
  readonly status: number;
  readonly exchangeId: string;
  readonly resourceMetadata: string | null;
  readonly scope: string | null;
}

/** 1. The challenge to an anonymous initialize. */
async function challengeStep(client: HttpClient, url: string, steps: StepRecord[]): Promise<Part<Challenge>> {
  const probe = await client.send({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: INITIALIZE,
    probe: 'l.challenge',
    purpose: 'anonymous initialize, for the 401 challenge a client starts its login from',
    source: 'user',
    attachCredentials: false,
  });
  const res = probe.response;
  if (!res) {
    steps.push({
      step: 'challenge',
      status: 'failed',
      url,
      detail: 'no answer',
      exchanges: [probe.exchangeId],
    });
    return {
      ok: false,
      failure: failure(
        'target-unreachable',
        `${url} did not answer: ${probe.error?.message ?? 'no response'}`,
        probe.exchangeId,
      ),
    };
  }
  let resourceMetadata: string | null = null;
  let challengeScope: string | null = null;
  if (res.status === 401 || res.status === 403) {
    const parsed = parseWwwAuthenticate(res.headers['www-authenticate'] ?? []);
    const bearer = 'error' in parsed ? undefined : parsed.challenges.find((c) => c.scheme === 'bearer');
    resourceMetadata = bearer?.params['resource_metadata'] ?? null;
    challengeScope = bearer?.params['scope'] ?? null;
  }
  steps.push({
    step: 'challenge',
    status: 'ok',
    url,
    detail:
      res.status === 401 || res.status === 403
        ? `${res.status}${resourceMetadata ? ' with resource_metadata' : ' without resource_metadata'}${challengeScope ? `, scope "${challengeScope}"` : ''}`
        : `answered ${res.status} without a challenge`,
    exchanges: [probe.exchangeId],
  });
  return {
    ok: true,
    value: { status: res.status, exchangeId: probe.exchangeId, resourceMetadata, scope: challengeScope },
  };
}

/** What the protected-resource metadata gave: the resource, its first authorization server, the scope. */
interface ResourceFound {
  readonly resource: string;
  readonly issuer: string;
  readonly scope: string | null;
}

/** 2. Protected-resource metadata, in client order. */
async function resourceStep(
  client: HttpClient,
  url: string,
  c: Challenge,
  steps: StepRecord[],
): Promise<Part<ResourceFound>> {
  const stop = (f: LoginFailure): Part<ResourceFound> => ({ ok: false, failure: f });
  const fetchPrm = createPrmFetcher(client, new URL(url).origin);
  const resourceMetadata = c.resourceMetadata;
  const candidates: CandidateUrl[] = [
    ...(resourceMetadata && URL.canParse(resourceMetadata)
      ? [{ source: 'challenge' as const, url: resourceMetadata }]
      : []),
    ...wellKnownPrmUrls(url),
  ].filter((c, i, all) => all.findIndex((o) => o.url === c.url) === i);
  const fetched: { candidate: CandidateUrl; fetch: Awaited<ReturnType<typeof fetchPrm>> }[] = [];
  for (const candidate of candidates) {
    const fetch = await fetchPrm(candidate);
    fetched.push({ candidate, fetch });
    if (jsonObject(fetch)) break;
  }
  const prmExchanges = fetched.flatMap((f) => ('exchanges' in f.fetch ? f.fetch.exchanges : []));
  const found = firstFoundPrm(fetched);
  if (!found) {
    if (c.status !== 401 && c.status !== 403) {
      // The login stops for want of a challenge: that step, not only the metadata, failed.
      const at = steps.findIndex((s) => s.step === 'challenge');
      if (at >= 0) steps[at] = { ...steps[at]!, status: 'failed' };
      steps.push({
        step: 'resource-metadata',
        status: 'skipped',
        url: null,
        detail: 'no metadata',
        exchanges: prmExchanges,
      });
      return stop(
        failure(
          'no-challenge',
          `${url} answered ${c.status} to an anonymous initialize and publishes no protected-resource metadata`,
          c.exchangeId,
        ),
      );
    }
    steps.push({
      step: 'resource-metadata',
      status: 'failed',
      url: candidates[0]?.url ?? null,
      detail: 'not found',
      exchanges: prmExchanges,
    });
    return stop(
      failure(
        'no-resource-metadata',
        `no protected-resource metadata at ${candidates.map((x) => x.url).join(', ')}`,
        prmExchanges.at(-1) ?? null,
      ),
    );
  }
  const prm = found.document;
  const prmUrl = found.candidate.candidate.url;
  const prmExchange = found.candidate.fetch.kind === 'ok' ? found.candidate.fetch.value.exchange : null;
  const resource = typeof prm['resource'] === 'string' ? prm['resource'] : url;
  if (!resourceCovers(resource, url)) {
    steps.push({
      step: 'resource-metadata',
      status: 'failed',
      url: prmUrl,
      detail: 'resource mismatch',
      exchanges: prmExchanges,
    });
    return stop(
      failure('resource-mismatch', `the metadata names resource ${resource}, not ${url}`, prmExchange),
    );
  }
  const issuer = strings(prm['authorization_servers'])[0];
  if (issuer === undefined) {
    steps.push({
      step: 'resource-metadata',
      status: 'failed',
      url: prmUrl,
      detail: 'no authorization server',
      exchanges: prmExchanges,
    });
    return stop(
      failure(
        'no-authorization-server',
        `the metadata at ${prmUrl} lists no authorization server`,
        prmExchange,
      ),
    );
  }
  const prmScopes = strings(prm['scopes_supported']);
  const scope = c.scope ?? (prmScopes.length > 0 ? prmScopes.join(' ') : null);
  steps.push({
    step: 'resource-metadata',
    status: 'ok',
    url: prmUrl,
    detail: `resource ${resource}, authorization server ${issuer}`,
    exchanges: prmExchanges,
  });
  return { ok: true, value: { resource, issuer, scope } };
}

/** 3. The authorization server's metadata, in client order, fit for a code flow with PKCE S256. */
async function asStep(
  client: HttpClient,
  url: string,
  issuer: string,
  steps: StepRecord[],
): Promise<Part<Readonly<Record<string, unknown>>>> {
  const stop = (f: LoginFailure): Part<Readonly<Record<string, unknown>>> => ({ ok: false, failure: f });
  const as = await discoverAsMetadata(client, issuer, 'p.as(0)', new URL(url).origin);
  const asExchanges = as.attempts.flatMap((a) => ('exchanges' in a.fetch ? a.fetch.exchanges : []));
  if (!as.found) {
    steps.push({
      step: 'as-metadata',
      status: 'failed',
      url: as.attempts[0]?.url ?? issuer,
      detail: 'not found',
      exchanges: asExchanges,
    });
    return stop(
      failure(
        'no-as-metadata',
        `no metadata for ${issuer} at ${as.attempts.map((a) => a.url).join(', ')}`,
        asExchanges.at(-1) ?? null,
      ),
    );
  }
  const metadata = as.found.metadata;
  const attempt = as.attempts[as.found.attempt]!;
  const asExchange = attempt.fetch.kind === 'ok' ? attempt.fetch.value.exchange : null;
  const failAs = (f: LoginFailure): Part<Readonly<Record<string, unknown>>> => {
    steps.push({
      step: 'as-metadata',
      status: 'failed',
      url: attempt.url,
      detail: f.message,
      exchanges: asExchanges,
    });
    return stop(f);
  };
  if (metadata['issuer'] !== issuer) {
    return failAs(
      failure(
        'issuer-mismatch',
        `the metadata at ${attempt.url} names issuer ${JSON.stringify(metadata['issuer'] ?? null)}, not ${issuer}`,
        asExchange,
      ),
    );
  }
  if (!strings(metadata['code_challenge_methods_supported']).includes('S256')) {
    const listed = metadata['code_challenge_methods_supported'];
    return failAs(
      failure(
        'pkce-s256-missing',
        listed === undefined
          ? "the authorization server's metadata has no code_challenge_methods_supported, so PKCE S256 support cannot be confirmed"
          : `the authorization server's metadata does not list S256 (code_challenge_methods_supported: ${JSON.stringify(listed)})`,
        asExchange,
      ),
    );
  }
  const responseTypes = metadata['response_types_supported'];
  if (
    typeof metadata['authorization_endpoint'] !== 'string' ||
    typeof metadata['token_endpoint'] !== 'string' ||
    (Array.isArray(responseTypes) && !strings(responseTypes).includes('code'))
  ) {
    return failAs(
      failure(
        'no-code-flow',
        'the metadata lacks an authorization or token endpoint, or the "code" response type',
        asExchange,
      ),
    );
  }
  for (const member of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const) {
    const v = metadata[member];
    if (typeof v === 'string' && !endpointAllowed(v)) {
      return failAs(
        failure('endpoint-not-allowed', `${member} ${v} is neither https nor loopback http`, asExchange),
      );
    }
  }
  steps.push({
    step: 'as-metadata',
    status: 'ok',
    url: attempt.url,
    detail: `issuer ${issuer}, PKCE S256`,
    exchanges: asExchanges,
  });
  return { ok: true, value: metadata };
}

export async function discover(client: HttpClient, url: string): Promise<DiscoveryOutcome> {
  const steps: StepRecord[] = [];
  const challenge = await challengeStep(client, url, steps);
  if (!challenge.ok) return { ok: false, failure: challenge.failure, steps };
  const found = await resourceStep(client, url, challenge.value, steps);
  if (!found.ok) return { ok: false, failure: found.failure, steps };
  const { resource, issuer, scope } = found.value;
  const metadata = await asStep(client, url, issuer, steps);
  if (!metadata.ok) return { ok: false, failure: metadata.failure, steps };
  return { ok: true, value: { resource, issuer, metadata: metadata.value, scope }, steps };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, or http on a loopback host. */
export function endpointAllowed(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));
  } catch {
    return false;
  }
}
