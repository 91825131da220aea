/**
 * Builds the ScanReport (./model.ts) once from evidence and results: fingerprints, the checks
 * used, suppressions, the grade and the baseline comparison. Formatters only render it.
 */
import { hash } from 'node:crypto';

import type { CheckResult } from '../checks/define-check.js';
import { ALL_CHECKS } from '../checks/index.js';
import type { Evidence } from '../evidence/types.js';
import { unreachedCause } from '../evidence/derive/unreached.js';
import { withFields } from '../engine/merge-revisions.js';
import { CATALOGUE_VERSION } from '../spec/catalogue.js';
import { compareWithBaseline } from './baseline-compare.js';
import type { Outcome, ReportCheck, ReportOptions, ReportResult, ScanReport, Unrated } from './model.js';
import { DOCS_PATH, REPORT_SCHEMA_VERSION } from './model.js';
import { computeRating } from './rating.js';
import { applySuppressions } from './suppress.js';
import { summarize } from './summary.js';
import { stdioExchangesOf } from './stdio-exchanges.js';
import { clientsOf, frameworkOf } from './clients.js';
import { registrationLedger } from './ledger.js';
import { frameworkFixFor } from './framework-fix.js';
import type { TargetClass } from '../evidence/types.js';

export function fingerprint(
  checkId: string,
  targetUrl: string,
  location: string,
  key: string | null,
): string {
  // The one-shot hash: a Hash object per result cost more than the digest (~180 results a scan).
  return hash('sha256', `${checkId}\u0000${targetUrl}\u0000${location}\u0000${key ?? ''}`, 'hex').slice(
    0,
    32,
  );
}

function outcomeOf(cls: TargetClass): Outcome {
  switch (cls) {
    case 'reachable':
      return 'graded';
    case 'unreachable':
      return 'unreachable';
    case 'not_mcp':
      return 'not-mcp';
    case 'redirected':
      return 'redirect';
  }
}

/** Every check's title by ID, built once per process (the registry is constant). */
let titlesById: ReadonlyMap<string, string> | null = null;
const checkTitles = (): ReadonlyMap<string, string> =>
  (titlesById ??= new Map(ALL_CHECKS.map((c) => [c.meta.id as string, c.meta.title])));

export function buildReport(
  ev: Evidence,
  results: readonly CheckResult[],
  opts: ReportOptions = {},
): ScanReport {
  const titles = checkTitles();
  // A dual-era server has one result per era for the same location and key: the era tells them apart.
  const eras = ev.detection.revision.eras;
  const dualEra = eras.includes('modern') && eras.includes('legacy');
  // withFields, not a spread: the report's own fields are keys the result lacks (../engine/merge-revisions.ts).
  const reportResults: ReportResult[] = results.map((r) =>
    withFields(r, {
      era: r.era ?? null,
      title: titles.get(r.checkId) ?? r.checkId,
      fingerprint: fingerprint(
        r.checkId,
        ev.target.url,
        r.location,
        dualEra && r.era ? `${r.key ?? ''}\u0000${r.era}` : r.key,
      ),
      suppression: null,
    }),
  );
  const used = new Set(results.map((r) => r.checkId));
  const framework = frameworkOf(ev);
  const checks: ReportCheck[] = ALL_CHECKS.filter((c) => used.has(c.meta.id)).map((c) =>
    reportCheckOf(c, framework.id),
  );
  const r = ev.detection.revision;
  const base: Unrated = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: ev.tool.name, version: ev.tool.version, catalogueVersion: CATALOGUE_VERSION },
    generatedAt: ev.startedAt,
    durationMs: ev.durationMs,
    mode: ev.settings.mode,
    target: {
      url: ev.target.url,
      transport: ev.detection.transport,
      scope: ev.target.scope,
      class: ev.detection.targetClass,
      authWall: ev.detection.authWall,
      authInUse: ev.auth.inUse,
      ...(ev.notSent?.length ? { notSent: { count: ev.notSent.length, detail: ev.notSent[0]!.detail } } : {}),
      ...(ev.stdio?.package ? { package: ev.stdio.package } : {}),
      ...refusedReplyOf(ev),
      ...unreachedOf(ev),
      revision: {
        value: r.value,
        source: r.source,
        candidates: r.candidates,
        known: r.known,
        eras: r.eras,
        how: r.how,
      },
    },
    outcome: outcomeOf(ev.detection.targetClass),
    summary: summarize(reportResults),
    settings: {
      tokenSupplied: ev.settings.tokenSupplied,
      allowPrivate: ev.settings.allowPrivate,
      ...(ev.stdio ? { sandbox: { ...ev.stdio.sandbox } } : {}),
    },
    suppressions: { applied: 0, expired: [], unused: [] },
    baseline: null,
    results: reportResults,
    checks,
    exchanges: ev.exchanges,
    clients: clientsOf(ev, opts.clients),
    ...(ev.settings.mode === 'intrusive' && !ev.stdio ? { registrations: registrationLedger(ev) } : {}),
    framework,
    ...(ev.stdio ? { stdioExchanges: stdioExchangesOf(ev) } : {}),
  };
  return finalize(base, opts);
}

/**
 * A check's entry in the report's `checks`, by check and framework, built once per process: the
 * registry is constant, and a report listed ~180 of them, citations copied, on every scan.
 * Frozen, since every report shares them.
 */
const reportChecks = new Map<string, ReportCheck>();
function reportCheckOf(c: (typeof ALL_CHECKS)[number], framework: string | null): ReportCheck {
  const cacheKey = `${c.meta.id}\u0000${framework ?? ''}`;
  let entry = reportChecks.get(cacheKey);
  if (entry === undefined) {
    entry = deepFreeze({
      id: c.meta.id,
      title: c.meta.title,
      severity: c.meta.severity,
      keyword: c.meta.keyword,
      mode: c.meta.mode,
      remediation: c.meta.remediation,
      ...frameworkFixOf(c.meta.fixes, framework),
      citations: c.meta.citations.map((x) => ({ key: x.key, url: x.url })),
      docs: `${DOCS_PATH}/${c.meta.id}.md`,
    });
    reportChecks.set(cacheKey, entry);
  }
  return entry;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function frameworkFixOf(
  fixes: Parameters<typeof frameworkFixFor>[0],
  framework: string | null,
): Pick<ReportCheck, 'frameworkFix'> {
  const fix = frameworkFixFor(fixes, framework);
  return fix ? { frameworkFix: fix } : {};
}

/** Suppressions, then the grade (which ignores suppressed fails), then the baseline comparison. */
function finalize(base: Unrated, opts: ReportOptions): ScanReport {
  // Without suppressions the pass would copy every result to change nothing (base already has
  // `suppression: null` on each, its summary, and no applied, expired or unused suppression).
  const suppressed = opts.suppressions?.length
    ? applySuppressions(base, opts.suppressions, opts.now ?? new Date(), {
        targetName: opts.targetName ?? null,
      }).report
    : base;
  const rated: ScanReport = {
    ...suppressed,
    rating: computeRating(suppressed, { tokenSupplied: base.settings.tokenSupplied }),
  };
  if (!opts.baseline) return rated;
  const cmp = compareWithBaseline(rated, opts.baseline.data, { targetName: opts.targetName ?? null });
  return {
    ...rated,
    baseline: {
      file: opts.baseline.file,
      newFailures: cmp.newFailures.map((x) => x.fingerprint),
      expectedFailures: cmp.expectedFailures.map((x) => x.fingerprint),
      stale: cmp.stale,
      unverifiable: cmp.unverifiable,
    },
  };
}

/** The first stdio reply refused at a limit, with the probe whose wait it ended (docs/stdio.md#bounds). */
/** Why a target that was not reached could not be scanned (src/evidence/derive/unreached.ts). */
function unreachedOf(ev: Evidence): Pick<ScanReport['target'], 'unreached'> {
  const u = unreachedCause(ev);
  return u === null ? {} : { unreached: u };
}

function refusedReplyOf(
  ev: Evidence,
): { refusedReply: NonNullable<ScanReport['target']['refusedReply']> } | object {
  for (const launch of ev.stdio?.launches ?? []) {
    const first = launch.refused?.[0];
    if (!first) continue;
    const answered = launch.exchanges.find((x) => x.answer === first.seq);
    return {
      refusedReply: {
        launch: launch.probe,
        line: first.seq,
        probe: answered?.probe ?? null,
        limit: first.limit,
        detail: first.detail,
      },
    };
  }
  return {};
}
