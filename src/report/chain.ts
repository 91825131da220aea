/**
 * The authorization trust chain as data (issue 14): the hops a client walks from the MCP
 * endpoint to a token, each with the URL and status the scan saw and the checks that judged it.
 * Built from the report model alone (results and recorded exchanges), so `evaluate` and saved
 * reports draw the same chain; grouping and presentation only — every status comes from the
 * report as it is. The HTML renderer draws it (./html/chain-svg.ts); `login` builds the same
 * model from its steps (src/login/chain.ts).
 */
import type { HopId } from '../checks/chain-hops.js';
import { HOPS } from '../checks/chain-hops.js';
import type { Severity, Status } from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import { findCheck } from '../checks/index.js';
import type { HttpExchange } from '../evidence/types.js';
import type { ReportResult, ScanReport } from './model.js';

export { HOPS } from '../checks/chain-hops.js';
export type { HopId } from '../checks/chain-hops.js';

export const HOP_LABELS: Readonly<Record<HopId, string>> = {
  endpoint: 'MCP endpoint',
  challenge: '401 challenge',
  'resource-metadata': 'Protected-resource metadata',
  'as-metadata': 'Authorization-server metadata',
  jwks: 'JWKS',
  registration: 'Registration',
  authorization: 'Authorization',
  token: 'Token',
};

/**
 * `ok`: requested and answered; `failed`: requested, and the answer (or its absence) ended the
 * walk or the step; `not-requested`: the URL is known but this run does not send to it (its
 * mode, or a scan never redeems codes); `not-reached`: the walk never got this far.
 */
export type HopState = 'ok' | 'failed' | 'not-requested' | 'not-reached';

/** One check on a hop, with its worst outcome over all its results there. */
export interface ChainCheck {
  /** A check ID (`MCPP-ASM03`), or a login step's failure code. */
  readonly id: string;
  readonly title: string;
  readonly worst: Status;
  /** The highest failing severity, when it failed. */
  readonly severity: Severity | null;
  /** Results of this check on this hop. */
  readonly results: number;
}

export interface ChainHop {
  readonly id: HopId;
  readonly label: string;
  readonly url: string | null;
  readonly state: HopState;
  /** What the hop answered, one line: `HTTP 401`, `network error (timeout)`, `not reached`. */
  readonly status: string;
  /** One more line of what happened, when there is one (login steps have it). */
  readonly detail: string | null;
  readonly checks: readonly ChainCheck[];
  /** The worst outcome of the hop's checks; null when none judged it. */
  readonly worst: Status | null;
  readonly stoppedHere: boolean;
}

export interface TrustChain {
  readonly source: 'scan' | 'login';
  readonly hops: readonly ChainHop[];
  readonly stoppedAt: HopId | null;
}

/** Worst first: what colours a hop. */
export const OUTCOME_ORDER: readonly Status[] = ['fail', 'error', 'inconclusive', 'pass', 'not_applicable'];

export function worstOf(statuses: readonly Status[]): Status | null {
  for (const s of OUTCOME_ORDER) if (statuses.includes(s)) return s;
  return null;
}

/** Members of authorization-server metadata that name the URL of a later hop. */
function memberHop(member: string): HopId | null {
  if (member === 'jwks_uri' || member.startsWith('jwks')) return 'jwks';
  if (member === 'registration_endpoint') return 'registration';
  if (member === 'authorization_endpoint') return 'authorization';
  if (member === 'token_endpoint') return 'token';
  return null;
}

/**
 * The hop a result belongs to, by its check's meta (`chain`, docs/html-report.md#the-trust-chain):
 * the check's hop; a `prm:` location on the resource-metadata hop for a check that says so; a
 * result about an authorization-server member naming `jwks_uri`, `registration_endpoint`,
 * `authorization_endpoint` or `token_endpoint` (its `as:<issuer>#<member>` location, or its key
 * for a check that follows keys) on that member's hop. Null: not part of the chain (wire, tools, …).
 */
export function hopOfResult(r: {
  readonly checkId: string;
  readonly location: string;
  readonly key: string | null;
}): HopId | null {
  const policy = findCheck(r.checkId)?.meta.chain;
  if (!policy) return null;
  if (policy.followsMember) {
    const member =
      r.location.startsWith('as:') && r.location.includes('#') ? r.location.split('#').pop()! : null;
    const moved = member
      ? memberHop(member)
      : policy.followsMember === 'key' && r.key
        ? memberHop(r.key)
        : null;
    if (moved) return moved;
  }
  if (policy.prmLocated && r.location.startsWith('prm:')) return 'resource-metadata';
  return policy.hop;
}

function severityRank(s: Severity | null): number {
  return s ? SEVERITIES.indexOf(s) : SEVERITIES.length;
}

/** The checks of each hop: one entry per check ID, results that did not apply left out. */
function checksByHop(report: ScanReport): Map<HopId, ChainCheck[]> {
  const titles = new Map(report.checks.map((c) => [c.id, c.title]));
  const grouped = new Map<HopId, Map<string, ReportResult[]>>();
  for (const r of report.results) {
    if (r.status === 'not_applicable') continue;
    const hop = hopOfResult(r);
    if (!hop) continue;
    const byId = grouped.get(hop) ?? new Map<string, ReportResult[]>();
    grouped.set(hop, byId);
    byId.set(r.checkId, [...(byId.get(r.checkId) ?? []), r]);
  }
  const out = new Map<HopId, ChainCheck[]>();
  for (const [hop, byId] of grouped) {
    const checks = [...byId.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, rs]): ChainCheck => {
        const worst = worstOf(rs.map((r) => r.status))!;
        const severity =
          rs
            .filter((r) => r.status === 'fail' && !r.suppression)
            .map((r) => r.severity)
            .sort((a, b) => severityRank(a) - severityRank(b))[0] ?? null;
        return { id, title: titles.get(id) ?? rs[0]!.title, worst, severity, results: rs.length };
      });
    out.set(hop, checks);
  }
  return out;
}

const answered = (x: HttpExchange): boolean => x.response !== undefined;
const ok2xx = (x: HttpExchange): boolean =>
  !!x.response && x.response.status >= 200 && x.response.status < 300;

function statusLine(x: HttpExchange): string {
  if (x.response) return `HTTP ${x.response.status}`;
  return x.error ? `network error (${x.error.code})` : 'no answer';
}

/** The probes that sent to a hop, for its detail line. */
function requestsLine(sent: readonly HttpExchange[]): string {
  const probes = [...new Set(sent.map((x) => x.probe))];
  return `${sent.length} request${sent.length === 1 ? '' : 's'}: ${probes.join(', ')}`;
}

/** A member of an authorization server's recorded metadata, when its body parses. */
export function asMember(metadata: HttpExchange | undefined, member: string): string | null {
  const body = metadata?.response?.body;
  if (!body) return null;
  try {
    const doc: unknown = JSON.parse(body);
    if (doc && typeof doc === 'object' && !Array.isArray(doc)) {
      const v = (doc as Record<string, unknown>)[member];
      return typeof v === 'string' ? v : null;
    }
  } catch {
    // A redacted, truncated or non-JSON body gives no URL; the hop shows none.
  }
  return null;
}

/** What was seen of one hop, before its checks are attached. */
export interface Observed {
  readonly url: string | null;
  readonly state: HopState;
  readonly status: string;
  readonly detail?: string | null;
}

const NOT_REACHED: Observed = { url: null, state: 'not-reached', status: 'not reached' };

/** A hop from its exchanges: the first 2xx (else the last answer, else the last attempt). */
function fromExchanges(xs: readonly HttpExchange[], okWhen: (x: HttpExchange) => boolean): Observed | null {
  if (xs.length === 0) return null;
  const good = xs.find(okWhen);
  if (good) return { url: good.request.url, state: 'ok', status: statusLine(good) };
  const shown = [...xs].reverse().find(answered) ?? xs.at(-1)!;
  return { url: shown.request.url, state: 'failed', status: statusLine(shown) };
}

const probeIs =
  (...prefixes: string[]) =>
  (x: HttpExchange): boolean =>
    prefixes.some((p) => x.probe === p || x.probe.startsWith(`${p}(`) || x.probe.startsWith(`${p}.`));

function observeScan(report: ScanReport): Map<HopId, Observed> {
  const xs = report.exchanges;
  const target = report.target.url;
  const toTarget = xs.filter((x) => x.request.url === target);
  const obs = new Map<HopId, Observed>();
  const endpoint = fromExchanges(toTarget, answered);
  obs.set('endpoint', endpoint ?? { url: target, state: 'failed', status: 'no answer' });
  const challenged = toTarget.find((x) => x.response?.status === 401 || x.response?.status === 403);
  if (challenged)
    obs.set('challenge', { url: challenged.request.url, state: 'ok', status: statusLine(challenged) });
  else if (endpoint?.state === 'ok')
    obs.set('challenge', { url: target, state: 'failed', status: 'no 401 challenge' });
  const prm = fromExchanges(xs.filter(probeIs('p.prm')), ok2xx);
  if (prm) obs.set('resource-metadata', prm);
  const asXs = xs.filter((x) => x.probe === 'p.as(0)' || x.probe === 'p.as0326');
  const as = fromExchanges(asXs, ok2xx);
  if (as) obs.set('as-metadata', as);
  const metadata = asXs.find(ok2xx);
  const later: [HopId, string, (x: HttpExchange) => boolean][] = [
    ['jwks', 'jwks_uri', probeIs('p.pin.jwks', 'p.prm.jwks')],
    ['registration', 'registration_endpoint', probeIs('s.dcr', 'i.client', 'i.dcr', 'i.proxy.register')],
    ['authorization', 'authorization_endpoint', probeIs('i.authz', 'i.proxy.authorize')],
    ['token', 'token_endpoint', () => false],
  ];
  for (const [hop, member, probe] of later) {
    const sent = xs.filter(probe);
    const seen = fromExchanges(sent, answered);
    const url = asMember(metadata, member);
    if (seen) obs.set(hop, { ...seen, url: url ?? seen.url, detail: requestsLine(sent) });
    else if (url) obs.set(hop, { url, state: 'not-requested', status: 'not requested by this scan' });
    else if (metadata) obs.set(hop, { url: null, state: 'not-reached', status: `no ${member} advertised` });
  }
  return obs;
}

const DISCOVERY: readonly HopId[] = ['endpoint', 'challenge', 'resource-metadata', 'as-metadata'];

/**
 * Where the discovery walk stopped: the last discovery hop that was requested, when it failed
 * or led nowhere further (metadata found but no authorization server listed). Null when the
 * walk reached the authorization-server metadata.
 */
function stopOf(obs: ReadonlyMap<HopId, Observed>): HopId | null {
  const last = [...DISCOVERY].reverse().find((h) => {
    const o = obs.get(h);
    return o && o.state !== 'not-reached';
  });
  if (!last) return 'endpoint';
  if (last === 'as-metadata' && obs.get(last)!.state === 'ok') return null;
  return last;
}

/** Assembles hops in chain order; everything after the stop that was not requested is not reached. */
export function assembleChain(
  source: TrustChain['source'],
  observed: ReadonlyMap<HopId, Observed>,
  checks: ReadonlyMap<HopId, readonly ChainCheck[]>,
  stoppedAt: HopId | null,
): TrustChain {
  const stopIndex = stoppedAt ? HOPS.indexOf(stoppedAt) : HOPS.length;
  const hops = HOPS.map((id, i): ChainHop => {
    let o = observed.get(id) ?? NOT_REACHED;
    if (i > stopIndex && o.state === 'not-requested')
      o = { ...o, state: 'not-reached', status: 'not reached' };
    const cs = checks.get(id) ?? [];
    return {
      id,
      label: HOP_LABELS[id],
      url: o.url,
      state: o.state,
      status: o.status,
      detail: o.detail ?? null,
      checks: cs,
      worst: worstOf(cs.map((c) => c.worst)),
      stoppedHere: id === stoppedAt,
    };
  });
  return { source, hops, stoppedAt };
}

/** The chain of a scan: drawn only for targets with authorization in use (`target.authInUse`). */
export function scanTrustChain(report: ScanReport): TrustChain | null {
  if (!report.target.authInUse || report.outcome !== 'graded') return null;
  const obs = observeScan(report);
  return assembleChain('scan', obs, checksByHop(report), stopOf(obs));
}
