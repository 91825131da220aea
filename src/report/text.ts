/**
 * The terminal report: grouped by severity, failures first, one line per
 * passing check kept short. Colour only when asked (the CLI asks on a TTY).
 * Every string from the server is escaped so no control sequence passes.
 */
import { styleText } from 'node:util';

import type { Severity } from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import { migrationLines } from './migration-items.js';
import { notApplicableLines } from './not-applicable.js';
import { formatGrade } from './rating.js';
import type { ReportResult, ScanReport } from './model.js';
import { packageLine } from './package-line.js';
import { requestCount } from './stdio-exchanges.js';
import { clientTableLines, frameworkTextLine } from './text-clients.js';

export interface TextOptions {
  readonly color?: boolean;
  /** List every not-applicable check instead of grouping them by family and reason. */
  readonly verbose?: boolean;
}

type Style = Parameters<typeof styleText>[0];

const SEVERITY_STYLE: Record<Severity, Style> = {
  critical: ['bold', 'red'],
  high: 'red',
  medium: 'yellow',
  low: 'cyan',
  info: 'gray',
};

export function renderText(report: ScanReport, opts: TextOptions = {}): string {
  const paint = (style: Style, s: string) => (opts.color ? styleText(style, s) : s);
  const e = escapeTerminalLine;
  const out: string[] = [];
  const t = report.target;
  const rev = t.revision;
  // What the reader must see before anything else: why the target could not be scanned, a refused
  // reply, a sandbox that was not applied.
  if (t.unreached) out.push(paint(['bold', 'red'], e(t.unreached.why)), `  next: ${e(t.unreached.next)}`, '');
  for (const line of alertLines(report)) out.push(paint(['bold', 'yellow'], e(line)));
  out.push(paint('bold', `${report.tool.name} ${report.tool.version}`) + ` — ${e(t.url)}`);
  out.push(
    `  transport ${t.transport ?? 'unknown'} · revision ${rev.value ?? 'unknown'} (${rev.source}) · scope ${t.scope} · mode ${report.mode}`,
  );
  out.push(`  how: ${e(rev.how)}`);
  if (t.package) out.push(`  ${e(packageLine(t.package))}`);
  const sandbox = report.settings.sandbox;
  if (sandbox?.applied)
    out.push(
      `  sandbox applied (${e(sandbox.detail)}): no network; hidden: ${e(sandbox.hidden?.join(', ') ?? '?')}; mapped read-only: ${e(sandbox.mapped?.join(', ') || 'nothing')}; writable: ${e(sandbox.writable?.join(', ') ?? '?')}${sandbox.hiddenArgs?.length ? `; named on its command line but hidden: ${e(sandbox.hiddenArgs.join(', '))}` : ''}`,
    );
  if (rev.source !== 'negotiated' && rev.source !== 'pinned')
    out.push(`  candidate revisions: ${rev.candidates.join(', ') || 'none'}`);
  const s = report.summary.byStatus;
  out.push(
    `  outcome ${paint('bold', report.outcome)} · ${report.summary.checks} checks: ${s.pass} pass, ${s.fail} fail, ${s.inconclusive} inconclusive, ${s.not_applicable} n/a, ${s.error} error · ${requestCount(report)} requests in ${(report.durationMs / 1000).toFixed(1)} s`,
  );
  if (t.notSent)
    out.push(`  ${t.notSent.count} planned probes not sent: ${e(t.notSent.detail)} (listed in the evidence)`);
  const rating = report.rating;
  out.push(
    `  grade ${paint('bold', formatGrade(rating))} (${rating.policy}, basis ${rating.basis}${rating.qualifier ? `; ${rating.qualifier}` : ''})`,
  );
  const framework = frameworkTextLine(report);
  if (framework) out.push(framework);
  if (report.settings.allowPrivate)
    out.push('  --allow-private: learned URLs were allowed to reach private addresses');
  out.push('');

  const fails = report.results.filter((r) => r.status === 'fail' && r.suppression === null);
  for (const sev of SEVERITIES) {
    const group = fails.filter((r) => r.severity === sev);
    if (group.length === 0) continue;
    out.push(paint(SEVERITY_STYLE[sev], `${sev.toUpperCase()} (${group.length})`));
    const shown = new Set<string>();
    for (const r of group) {
      out.push(...resultLines(r, paint, '✗'));
      // The remediation is the check's, not the result's: print it once per check.
      if (!shown.has(r.checkId)) {
        shown.add(r.checkId);
        const check = report.checks.find((c) => c.id === r.checkId);
        // The framework's own way first (its option or middleware), then the generic fix.
        const fw = check?.frameworkFix;
        if (fw) out.push(paint('dim', `      fix (${fw.name}): ${fw.fix}`));
        if (check?.remediation)
          out.push(paint('dim', `      fix${fw ? ' (any framework)' : ''}: ${check.remediation}`));
      }
    }
    out.push('');
  }
  const groups: [string, ReportResult[]][] = [
    ['ERROR', report.results.filter((r) => r.status === 'error')],
    ['INCONCLUSIVE', report.results.filter((r) => r.status === 'inconclusive')],
  ];
  for (const [label, group] of groups) {
    if (group.length === 0) continue;
    out.push(paint('magenta', `${label} (${group.length})`));
    for (const r of group) out.push(...resultLines(r, paint, '?'));
    out.push('');
  }
  const clients = clientTableLines(report);
  if (clients.length) out.push(paint('bold', clients[0]!), ...clients.slice(1), '');
  const passed = [...new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.checkId))];
  const passedIds = passed.filter(
    (id) =>
      !report.results.some((r) => r.checkId === id && r.status !== 'pass' && r.status !== 'not_applicable'),
  );
  if (passedIds.length)
    out.push(paint('green', `PASS (${passedIds.length})`), `  ${passedIds.join(' ')}`, '');
  const [naHeading, ...naLines] = notApplicableLines(report, opts.verbose === true);
  // On a target that was not reached every check is n/a for that one reason, said above.
  if (t.unreached && opts.verbose !== true)
    out.push(paint('gray', `${s.not_applicable} checks not run: the target was not reached`), '');
  else if (naHeading !== undefined) out.push(paint('gray', naHeading), ...naLines, '');
  // Only for legacy-only and dual-era servers: what moving to (or serving) 2026-07-28 involves.
  const migration = migrationLines(report);
  if (migration.length) out.push(paint('bold', 'MIGRATION'), ...migration.map((l) => `  ${e(l)}`), '');
  if (fails.length === 0 && report.outcome === 'graded') out.push(paint('green', 'No failing checks.'));
  // Always printed, so a reader knows whether accepted findings are hidden.
  out.push(`${report.suppressions.applied} suppressed`);
  for (const s of report.suppressions.expired)
    out.push(
      paint(
        'yellow',
        `  suppression of ${e(s.check)}${s.key ? `:${e(s.key)}` : ''} expired ${s.expires ?? ''}: the finding counts again (${e(s.reason)})`,
      ),
    );
  if (report.baseline) {
    const b = report.baseline;
    out.push(
      `baseline ${e(b.file)}: ${b.newFailures.length} new, ${b.expectedFailures.length} expected, ${b.stale.length} stale, ${b.unverifiable.length} unverifiable`,
    );
    for (const st of b.stale)
      out.push(
        paint('yellow', `  stale: ${e(st.check)}${st.key ? `:${e(st.key)}` : ''} no longer fails; remove it`),
      );
  }
  return out.join('\n') + '\n';
}

function resultLines(r: ReportResult, paint: (s: Style, t: string) => string, mark: string): string[] {
  const e = escapeTerminalLine;
  const head = `  ${mark} ${paint('bold', r.checkId)}  ${e(r.title)}${r.key ? `  [${e(r.key)}]` : ''}${r.location !== 'endpoint' ? `  @ ${e(r.location)}` : ''}`;
  const lines = [head, `      ${e(r.message)}`];
  if (r.reason && r.status !== 'fail') lines.push(`      reason: ${r.reason}`);
  if (r.condition) lines.push(`      condition: ${e(r.condition)}`);
  if (r.evidence.length) lines.push(`      evidence: ${r.evidence.join(' ')}`);
  return lines;
}

function alertLines(report: ScanReport): string[] {
  const out: string[] = [];
  const r = report.target.refusedReply;
  // When the refusal is why the target was not reached, the first line already says it.
  if (r && report.target.unreached?.cause !== 'refused-reply')
    out.push(
      `! ${r.probe ? `the reply to ${r.probe}` : 'a line'} (${r.launch}, line ${r.line}) was refused at the ${r.limit} limit: ${r.detail}`,
    );
  const sb = report.settings.sandbox;
  if (sb?.requested && !sb.applied)
    out.push(
      `! --sandbox not applied (${sb.detail}): the server ran with ${sb.method === 'unshare-net' ? 'no network, but' : 'the network and'} the files and rights of this user`,
    );
  return out;
}
