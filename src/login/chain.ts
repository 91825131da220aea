/**
 * A login's steps as the trust chain (src/report/chain.ts), for `login --format html`: the
 * challenge step also stands for the MCP endpoint, `client` is the registration hop, the
 * authorization request and its callback are one hop, the token and refresh requests another.
 * A login fetches no key set, so the JWKS hop shows the advertised `jwks_uri`, not requested.
 * The step the login stopped at is the hop marked `stoppedHere`; its failure code is the failing
 * check on it.
 */
import type { Status } from '../checks/define-check.js';
import type { HttpExchange } from '../evidence/types.js';
import type { ChainCheck, HopId, Observed, TrustChain } from '../report/chain.js';
import { asMember, assembleChain } from '../report/chain.js';
import type { LoginReport, LoginStep, StepRecord, StepStatus } from './diagnosis.js';

const HOP_OF_STEP: Readonly<Record<LoginStep, HopId>> = {
  challenge: 'challenge',
  'resource-metadata': 'resource-metadata',
  'as-metadata': 'as-metadata',
  client: 'registration',
  authorization: 'authorization',
  callback: 'authorization',
  token: 'token',
  refresh: 'token',
};

const OUTCOME: Readonly<Record<StepStatus, Status>> = {
  ok: 'pass',
  failed: 'fail',
  skipped: 'not_applicable',
};

/** The hop a failure stops at: an endpoint that never answered stops before the challenge. */
function stopHop(r: LoginReport): HopId | null {
  if (!r.failure) return null;
  return r.failure.code === 'target-unreachable' ? 'endpoint' : HOP_OF_STEP[r.failure.step];
}

export function loginTrustChain(r: LoginReport): TrustChain {
  const byId = new Map<string, HttpExchange>(r.exchanges.map((x) => [x.id, x]));
  const answered = (s: StepRecord) =>
    [...s.exchanges]
      .reverse()
      .map((id) => byId.get(id))
      .find((x) => x?.response);
  const status = (s: StepRecord): string => {
    const answeredX = answered(s);
    if (answeredX?.response) return `HTTP ${answeredX.response.status}`;
    return s.status === 'ok' ? 'ok' : s.status;
  };
  const stoppedAt = stopHop(r);
  const observed = new Map<HopId, Observed>();
  const checks = new Map<HopId, ChainCheck[]>();
  const addCheck = (hop: HopId, c: ChainCheck) => checks.set(hop, [...(checks.get(hop) ?? []), c]);

  const challenge = r.steps.find((s) => s.step === 'challenge');
  const first = challenge?.exchanges.map((id) => byId.get(id)).find((x) => x !== undefined);
  if (stoppedAt === 'endpoint')
    observed.set('endpoint', {
      url: r.target,
      state: 'failed',
      status: 'no answer',
      detail: challenge?.detail ?? null,
    });
  else if (first)
    observed.set('endpoint', {
      url: first.request.url,
      state: 'ok',
      status: first.response ? `HTTP ${first.response.status}` : 'no answer',
    });

  for (const s of r.steps) {
    const hop = HOP_OF_STEP[s.step];
    if (hop === 'challenge' && stoppedAt === 'endpoint') continue;
    const prior = observed.get(hop);
    const state = s.status === 'ok' ? 'ok' : s.status === 'failed' ? 'failed' : 'not-requested';
    // Two steps on one hop (authorization and callback): the failed one, else the later one, shows.
    if (!prior || prior.state !== 'failed')
      observed.set(hop, {
        // A step that names no URL (the client step) shows the URL its answered request went to.
        url:
          prior && hop === 'authorization'
            ? (prior.url ?? s.url)
            : (s.url ?? answered(s)?.request.url ?? null),
        state,
        status: status(s),
        detail: `${s.step}: ${s.detail}`,
      });
    addCheck(hop, { id: s.step, title: s.detail, worst: OUTCOME[s.status], severity: null, results: 1 });
  }
  if (r.failure) {
    const hop = stoppedAt!;
    addCheck(hop, {
      id: r.failure.code,
      title: r.failure.message,
      worst: 'fail',
      severity: null,
      results: 1,
    });
  }

  const metadata = r.steps
    .find((s) => s.step === 'as-metadata' && s.status === 'ok')
    ?.exchanges.map((id) => byId.get(id))
    .find((x) => x?.response && x.response.status >= 200 && x.response.status < 300);
  const jwks = asMember(metadata, 'jwks_uri');
  if (jwks) observed.set('jwks', { url: jwks, state: 'not-requested', status: 'not requested by a login' });
  return assembleChain('login', observed, checks, stoppedAt);
}
