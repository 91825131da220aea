/**
 * What the engine answers for a check whose required evidence section is missing, so that
 * checks never repeat the same preamble (docs/model/evidence.md#sections): behind an authorization
 * wall the section could not be gathered (`auth_wall`); a probe that failed explains itself
 * (`fetch_failed`, `tls_unverified`, …); a section that belongs to another transport does not
 * apply (`transport`); a target without authorization has no OAuth chain (`no_auth`).
 */
import type { CheckContext, SectionRequirement, Verdict } from '../checks/define-check.js';
import type { Evidence, SectionName } from '../evidence/types.js';
import { failedLadderInit } from '../checks/shared/ladder.js';

type Explain = (ev: Evidence, ctx: CheckContext) => Verdict;

const wall = (ev: Evidence, ctx: CheckContext, what: string): Verdict | null =>
  ev.detection.authWall
    ? ctx.inconclusive('auth_wall', `Every MCP request was answered 401/403; ${what}.`)
    : null;

const notHttp = (ev: Evidence, ctx: CheckContext): Verdict | null =>
  ev.target.kind !== 'http'
    ? ctx.notApplicable('transport', `The target is not an HTTP endpoint (${ev.target.kind}).`)
    : null;

/** The standard answer of an authorization-server check (meta `judges`) without an OAuth chain. */
const judgesNoChain = (ev: Evidence, ctx: CheckContext): Verdict =>
  ev.auth.inUse
    ? ctx.inconclusive(
        'probe_unavailable',
        'Authorization is in use but no OAuth discovery was recorded for this scan.',
      )
    : ctx.notApplicable('no_auth', 'The target shows no sign of authorization; there is no AS to judge.');

/** Why a nullable section is absent, for each section that can be. */
const ABSENT: Partial<Record<SectionName, Explain>> = {
  stdio: (ev, ctx) =>
    ev.target.kind !== 'stdio'
      ? ctx.notApplicable('transport', `The target is not a local stdio server (${ev.target.kind}).`)
      : ctx.inconclusive('probe_unavailable', 'No stdio launch was recorded.'),
  endpoint: (ev, ctx) =>
    notHttp(ev, ctx) ?? ctx.inconclusive('probe_unavailable', 'No HTTP endpoint was recorded.'),
  origin: (ev, ctx) =>
    notHttp(ev, ctx) ?? ctx.inconclusive('probe_unavailable', 'No Origin probe was recorded for this scan.'),
  sessions: (ev, ctx) =>
    notHttp(ev, ctx) ??
    wall(ev, ctx, 'no session was opened') ??
    failedLadderInit(ev, ctx) ??
    ctx.inconclusive(
      'ambiguous',
      'No initialize returned an InitializeResult over Streamable HTTP, so no legacy session was probed.',
    ),
  sse: (ev, ctx) =>
    wall(ev, ctx, 'no SSE stream was opened') ??
    (ev.detection.transport === 'http+sse'
      ? ctx.inconclusive('fetch_failed', 'HTTP+SSE was detected but the stream was not recorded.')
      : ctx.notApplicable('transport', 'No HTTP+SSE stream was observed.')),
  modern: (ev, ctx) =>
    wall(ev, ctx, 'no modern probe was sent') ??
    ctx.inconclusive(
      'ambiguous',
      'No modern probe was sent: the server showed no 2026-07-28 evidence (`server/discover` gave no DiscoverResult or modern error).',
    ),
  inventory: (ev, ctx) =>
    wall(ev, ctx, 'nothing could be listed') ??
    ctx.inconclusive(
      'ambiguous',
      'The server was not listed (no tools, prompts or resources were requested).',
    ),
  toolProbes: (ev, ctx) =>
    wall(ev, ctx, 'the tools were not listed') ??
    ctx.inconclusive(
      'probe_unavailable',
      'The tool probes (`s.tool.unknown`, `s.cursor`) were not sent: the tools were not listed, or the evidence predates the probes.',
    ),
  clientMetadata: (_ev, ctx) =>
    ctx.notApplicable(
      'feature_absent',
      'No client metadata document was given: the CIMD lint rules judge your own document with `mcp-posture cimd lint URL`.',
    ),
  oauth: (ev, ctx) =>
    ctx.meta.judges === 'authorization-server'
      ? judgesNoChain(ev, ctx)
      : ev.auth.inUse
        ? ctx.inconclusive(
            'probe_unavailable',
            'Authorization is in use but no OAuth discovery evidence was recorded for this scan.',
          )
        : ctx.notApplicable(
            'no_auth',
            'No authorization signal was observed (no 401, no challenge, no published PRM): the target does not use authorization.',
          ),
  clientConfig: (_ev, ctx) =>
    ctx.notApplicable(
      'feature_absent',
      'The target was not found in an MCP client configuration (`scan --discovered` reads them).',
    ),
  pin: (_ev, ctx) =>
    ctx.notApplicable(
      'feature_absent',
      'No lock file was given (`--lock FILE`): there is no baseline to compare.',
    ),
};

/**
 * Sections the evidence holds that still do not count for a check that requires them, each with
 * its explanation: an older, narrower shape, or a chain walked for a token the user brought while
 * the target shows no authorization (docs/model/authorization.md#signals).
 */
const UNUSABLE: Partial<
  Record<SectionName, { readonly usable: (ev: Evidence) => boolean; readonly explain: Explain }>
> = {
  // Bundles from before the modern-wire probes were widened carry only `versionBad`.
  modern: {
    usable: (ev) => ev.modern !== null && 'lists' in ev.modern,
    explain: (ev, ctx) =>
      wall(ev, ctx, 'no modern probe was sent') ??
      ctx.inconclusive('ambiguous', 'The evidence predates the modern-wire probes this check reads.'),
  },
  // Checks that presuppose authorization do not apply without a signal, whatever was walked.
  oauth: { usable: (ev) => ev.auth.inUse, explain: ABSENT.oauth! },
};

const nameOf = (r: SectionRequirement): SectionName => r.replace(/\?$/, '') as SectionName;
const optional = (r: SectionRequirement): boolean => r.endsWith('?');

/** Whether the evidence holds `name` in a form a check requiring it can use. */
function present(name: SectionName, ev: Evidence): boolean {
  if (ev[name] === null || ev[name] === undefined) return false;
  return UNUSABLE[name]?.usable(ev) ?? true;
}

/** The standard non-verdict for a section that is missing (absent, or present but unusable). */
export function explainMissing(name: SectionName, ev: Evidence, ctx: CheckContext): Verdict {
  const explain = ev[name] !== null && ev[name] !== undefined ? UNUSABLE[name]?.explain : ABSENT[name];
  return explain
    ? explain(ev, ctx)
    : ctx.inconclusive('probe_unavailable', `The evidence has no ${name} section.`);
}

/** The standard non-verdict for the first required section that is missing, or null when all are there. */
export function missingSection(
  requires: readonly SectionRequirement[],
  ev: Evidence,
  ctx: CheckContext,
): Verdict | null {
  for (const r of requires) {
    if (optional(r)) continue;
    const name = nameOf(r);
    if (!present(name, ev)) return explainMissing(name, ev, ctx);
  }
  return null;
}

/** The evidence cut down to the sections a check declared: it cannot read what it did not name. */
export function project(requires: readonly SectionRequirement[], ev: Evidence): Partial<Evidence> {
  const out: Record<string, unknown> = {};
  for (const r of requires) {
    const name = nameOf(r);
    out[name] = ev[name] ?? null;
  }
  return out;
}
