/**
 * Inconclusive results grouped by reason, in words (docs/model/outcomes.md#reason-codes): a
 * passive scan has seventeen checks that all "need --mode safe", an OAuth server behind its
 * wall some eighty that all wait for a token. Each group says once what would settle its checks;
 * reasons whose messages say something case-specific keep each distinct message. Groups come in
 * the order of the reason table (what the user can act on first), never in result order, and
 * never name a reason code.
 */
import type { InconclusiveReason, Reason } from '../checks/define-check.js';
import type { ReportResult, ScanReport } from './model.js';

export interface ReasonGroup {
  readonly label: string;
  /** The checks in the group, in report order, each once. */
  readonly checkIds: readonly string[];
  /** Distinct messages worth reading, each with its checks; empty when the label says it all. */
  readonly details: readonly { readonly message: string; readonly checkIds: readonly string[] }[];
}

/** Words per reason; `specific` reasons keep their messages (what failed, which reading). */
const INCONCLUSIVE: Record<InconclusiveReason, { readonly label: string; readonly specific: boolean }> = {
  mode_disabled: { label: 'needs a mode this scan did not enable', specific: false },
  needs_token: { label: 'needs an access token (--token)', specific: false },
  needs_second_token: {
    label: 'needs a second token, issued for another resource (--second-token-env)',
    specific: false,
  },
  needs_narrow_token: {
    label: 'needs a token without the scope the endpoint requires (--narrow-token-env)',
    specific: false,
  },
  needs_designation: {
    label: 'needs a tool or an OAuth client you name (--designate-tool, --oauth-client-id)',
    specific: true,
  },
  needs_callback_host: { label: 'needs a host you control (--cimd-base)', specific: true },
  auth_wall: {
    label: 'behind the authorization wall: every MCP request was answered 401/403 and no token was given',
    specific: false,
  },
  revision_dependent: {
    label: 'the verdict depends on the protocol revision, which is not confirmed',
    specific: true,
  },
  fetch_failed: { label: 'a request the check needs failed', specific: true },
  target_stopped_answering: {
    label: 'not sent: the server stopped answering (three requests in a row timed out)',
    specific: false,
  },
  rate_limited: { label: 'the request the check reads was rate-limited (429)', specific: true },
  tls_unverified: { label: 'the request failed at the TLS layer', specific: true },
  probe_unavailable: {
    label: 'the request the check needs was not sent or not recorded',
    specific: true,
  },
  opaque_token: { label: 'the token is not a JWT: its claims cannot be read', specific: false },
  ambiguous: { label: 'the answers fit more than one reading', specific: true },
};

const ORDER = Object.keys(INCONCLUSIVE);

function isInconclusiveReason(r: Reason | null): r is InconclusiveReason {
  return r !== null && Object.hasOwn(INCONCLUSIVE, r);
}

/** The label of one result: `needs --mode intrusive` read from the engine's standard message. */
function labelOf(r: ReportResult): string {
  if (r.reason === 'mode_disabled') {
    const mode = /Needs --mode ([a-z]+)/.exec(r.message)?.[1];
    if (mode) return `needs --mode ${mode}`;
  }
  return isInconclusiveReason(r.reason) ? INCONCLUSIVE[r.reason].label : 'no verdict';
}

function rank(r: ReportResult): number {
  const i = r.reason === null ? -1 : ORDER.indexOf(r.reason);
  return i === -1 ? ORDER.length : i;
}

/** Checks whose summary status is inconclusive (some result inconclusive, none failing or errored). */
function inconclusiveResults(report: ScanReport): ReportResult[] {
  const settled = new Set(
    report.results
      .filter((r) => (r.status === 'fail' && !r.suppression) || r.status === 'error')
      .map((r) => r.checkId),
  );
  const seen = new Set<string>();
  return report.results.filter((r) => {
    if (r.status !== 'inconclusive' || settled.has(r.checkId) || seen.has(r.checkId)) return false;
    seen.add(r.checkId);
    return true;
  });
}

/** The inconclusive checks grouped by reason, in the reason table's order, then by label. */
export function groupInconclusive(report: ScanReport): ReasonGroup[] {
  const groups = new Map<string, { rank: number; results: ReportResult[] }>();
  for (const r of inconclusiveResults(report)) {
    const label = labelOf(r);
    const g = groups.get(label);
    if (g) g.results.push(r);
    else groups.set(label, { rank: rank(r), results: [r] });
  }
  return [...groups]
    .sort(([a, ga], [b, gb]) => ga.rank - gb.rank || a.localeCompare(b))
    .map(([label, g]) => ({
      label,
      checkIds: g.results.map((r) => r.checkId),
      details: isSpecific(g.results[0]!) ? messages(g.results) : [],
    }));
}

function isSpecific(r: ReportResult): boolean {
  return !isInconclusiveReason(r.reason) || INCONCLUSIVE[r.reason].specific;
}

function messages(results: readonly ReportResult[]): ReasonGroup['details'] {
  const byMessage = new Map<string, string[]>();
  for (const r of results) byMessage.set(r.message, [...(byMessage.get(r.message) ?? []), r.checkId]);
  return [...byMessage].map(([message, checkIds]) => ({ message, checkIds }));
}
