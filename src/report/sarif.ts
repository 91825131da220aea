/**
 * SARIF 2.1.0 for GitHub code scanning: one run per target, one result per
 * failing check result. A pure function of the reports; nothing here decides
 * pass, fail or severity.
 *
 * Status mapping (SARIF §3.27.9, §3.58):
 * - fail → `kind: "fail"` result, level from the result's severity.
 * - inconclusive → `kind: "review"` result, level "none" (§3.27.10 requires
 *   "none" for any kind but "fail"): the check could not decide and a human
 *   has to. `inconclusive: 'notification'` moves them out of the results,
 *   because GitHub ignores `kind` and raises every result as an alert.
 * - error → an error-level `toolExecutionNotification`: the scanner failed,
 *   which says nothing about the target, so it is not a result.
 * - pass, not_applicable → omitted (GitHub closes alerts that stop appearing).
 */
import { escapeTerminal } from '../escape/terminal.js';
import type { ReportResult, ScanReport } from './model.js';
import { buildRule, LEVEL_OF, ruleIds } from './sarif/rules.js';
import { escapeJsonText } from '../escape/json.js';
import { artifactUri, targetSlug } from './sarif/text.js';
import { escapeSarifText } from '../escape/sarif.js';
import { blockedClients, clientResult, clientRule, ledgerNotifications } from './sarif/clients.js';
import type {
  SarifInvocation,
  SarifLocation,
  SarifLog,
  SarifNotification,
  SarifResult,
  SarifRun,
} from './sarif/types.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const DEFAULT_INFORMATION_URI = 'https://www.npmjs.com/package/mcp-posture';

export interface SarifOptions {
  /**
   * A file the user owns (the targets/config file or a per-target manifest),
   * relative to the repository root: code scanning needs a file location for
   * every result, and a live server has no source file of its own.
   */
  readonly anchorFile: string;
  /** Line in `anchorFile` for a report's results (1-based); defaults to 1. */
  readonly anchorLine?: (report: ScanReport) => number;
  /** Absolute URL the `<ID>.md` doc pages are resolved against. */
  readonly docsBaseUrl?: string;
  readonly informationUri?: string;
  /** Where inconclusive results go; see the module comment. */
  readonly inconclusive?: 'review' | 'notification';
}

export function renderSarif(reports: readonly ScanReport[], opts: SarifOptions): string {
  const log: SarifLog = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: reports.map((r) => buildRun(r, opts)),
  };
  // Messages go through escapeSarifText, but properties (location, key, condition) carry server text
  // too: escape what JSON.stringify leaves raw (C1, bidi, zero-width, tags), as the JSON report does.
  return escapeJsonText(JSON.stringify(log, null, 2)) + '\n';
}

function buildRun(report: ScanReport, opts: SarifOptions): SarifRun {
  const ids = ruleIds(report);
  const index = new Map(ids.map((id, i) => [id, i]));
  const ruleRef = (id: string) => ({ id, index: index.get(id)! });
  const blocked = blockedClients(report);
  const rules = [
    ...ids.map((id) => buildRule(id, report, { docsBaseUrl: opts.docsBaseUrl })),
    ...blocked.map((c) => clientRule(c, opts.docsBaseUrl)),
  ];
  const line = opts.anchorLine?.(report) ?? 1;
  if (!Number.isInteger(line) || line < 1)
    throw new RangeError(`anchorLine must be a positive integer, got ${line}`);
  const uri = artifactUri(opts.anchorFile);
  const asReview = (opts.inconclusive ?? 'review') === 'review';

  const results: SarifResult[] = [];
  const notifications: SarifNotification[] = [];
  if (report.outcome !== 'graded')
    notifications.push({
      level: 'error',
      message: { text: `The target was not graded: outcome ${report.outcome} (${report.target.class}).` },
    });
  for (const r of report.results) {
    if (r.status === 'fail' || (r.status === 'inconclusive' && asReview)) {
      const ref = ruleRef(r.checkId);
      results.push({
        ruleId: ref.id,
        ruleIndex: ref.index,
        kind: r.status === 'fail' ? 'fail' : 'review',
        level: r.status === 'fail' ? LEVEL_OF[r.severity ?? 'info'] : 'none',
        message: { text: messageText(r) },
        locations: [location(report, r, uri, line)],
        // Check, target, location and key only: message text, exchange IDs and times change between runs.
        partialFingerprints: { primaryLocationLineHash: r.fingerprint },
        properties: resultProperties(report, r),
      });
    } else if (r.status === 'error' || r.status === 'inconclusive') {
      notifications.push({
        level: r.status === 'error' ? 'error' : 'note',
        message: { text: `${r.checkId}: ${messageText(r)}` },
        associatedRule: ruleRef(r.checkId),
        properties: resultProperties(report, r),
      });
    }
  }
  notifications.push(...ledgerNotifications(report));
  // One result per blocked client, its rule after the checks' (docs/clients.md).
  blocked.forEach((c, i) =>
    results.push(clientResult(report, c, ids.length + i, clientLocation(report, c.id, uri, line))),
  );

  return {
    tool: {
      driver: {
        name: 'mcp-posture',
        version: report.tool.version,
        semanticVersion: report.tool.version,
        informationUri: opts.informationUri ?? DEFAULT_INFORMATION_URI,
        rules,
      },
    },
    // Trailing slash: the whole ID is the category, with no per-run suffix (GitHub convention).
    automationDetails: { id: `mcp-posture/${targetSlug(report.target.url)}/` },
    invocations: [invocation(report, notifications)],
    results,
    properties: {
      reportSchemaVersion: report.schemaVersion,
      catalogueVersion: report.tool.catalogueVersion,
      mode: report.mode,
      outcome: report.outcome,
      target: {
        url: report.target.url,
        transport: report.target.transport,
        scope: report.target.scope,
        revision: report.target.revision.value,
        revisionSource: report.target.revision.source,
      },
      summary: report.summary,
      // A local server's exchanges, so the IDs in each result's `evidence` resolve (an HTTP
      // scan's are in the JSON report).
      ...(report.stdioExchanges ? { stdioExchanges: report.stdioExchanges } : {}),
    },
  };
}

function messageText(r: ReportResult): string {
  const condition = r.condition ? ` (${r.condition})` : '';
  return `${escapeSarifText(r.message)}${escapeSarifText(condition)}`;
}

function location(report: ScanReport, r: ReportResult, uri: string, startLine: number): SarifLocation {
  return {
    physicalLocation: { artifactLocation: { uri }, region: { startLine } },
    logicalLocations: [
      { fullyQualifiedName: escapeTerminal(`${report.target.url} ${r.location}`), kind: 'resource' },
    ],
  };
}

function clientLocation(report: ScanReport, client: string, uri: string, startLine: number): SarifLocation {
  return {
    physicalLocation: { artifactLocation: { uri }, region: { startLine } },
    logicalLocations: [
      { fullyQualifiedName: escapeTerminal(`${report.target.url} client:${client}`), kind: 'resource' },
    ],
  };
}

function resultProperties(report: ScanReport, r: ReportResult): Record<string, unknown> {
  return {
    status: r.status,
    severity: r.severity,
    confidence: r.confidence,
    target: report.target.url,
    location: r.location,
    key: r.key,
    reason: r.reason,
    revisionsFailed: r.revisionsFailed,
    condition: r.condition,
    evidence: r.evidence,
    fingerprint: r.fingerprint,
  };
}

function invocation(report: ScanReport, notifications: readonly SarifNotification[]): SarifInvocation {
  const start = Date.parse(report.generatedAt);
  const times = Number.isNaN(start)
    ? {}
    : {
        startTimeUtc: new Date(start).toISOString(),
        endTimeUtc: new Date(start + report.durationMs).toISOString(),
      };
  return {
    executionSuccessful: report.outcome === 'graded',
    ...times,
    toolExecutionNotifications: notifications,
  };
}
