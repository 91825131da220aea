/**
 * The terminal report's result blocks: one block per failing check with its places listed
 * (./findings.ts), the inconclusive checks grouped by reason (./reason-groups.ts), the errors one
 * by one. Words, not internal IDs: probe IDs become what the probe is (./terminal-words.ts) and
 * exchange IDs stay in the HTML and JSON reports, which link them.
 */
import type { styleText } from 'node:util';

import type { Severity } from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import { escapeTerminalLine as e } from '../escape/terminal.js';
import type { Finding } from './findings.js';
import { findingsOf } from './findings.js';
import type { ReportResult, ScanReport } from './model.js';
import { groupInconclusive } from './reason-groups.js';
import { probeWords } from './terminal-words.js';

export type Style = Parameters<typeof styleText>[0];
export type Paint = (style: Style, text: string) => string;

const SEVERITY_STYLE: Record<Severity, Style> = {
  critical: ['bold', 'red'],
  high: 'red',
  medium: 'yellow',
  low: 'cyan',
  info: 'gray',
};

/** A finding lists this many places; the JSON and HTML reports list them all. */
const MAX_PLACES = 10;

function where(r: ReportResult): string {
  return `${r.key ? `[${e(r.key)}]` : ''}${r.location !== 'endpoint' ? `${r.key ? ' ' : ''}@ ${e(r.location)}` : ''}`;
}

function findingLines(f: Finding, report: ScanReport, paint: Paint, words: (s: string) => string): string[] {
  const [first, ...more] = f.places;
  const out: string[] = [];
  if (more.length === 0) {
    const at = where(first!);
    out.push(`  ✗ ${paint('bold', f.checkId)}  ${e(f.title)}${at ? `  ${at}` : ''}`);
    out.push(`      ${e(words(first!.message))}`);
    if (first!.condition) out.push(`      condition: ${e(first!.condition)}`);
  } else {
    out.push(`  ✗ ${paint('bold', f.checkId)}  ${e(f.title)}  (${f.places.length} places)`);
    for (const r of f.places.slice(0, MAX_PLACES)) {
      const sev = r.severity !== f.severity && r.severity ? `(${r.severity}) ` : '';
      const at = where(r);
      const sep = r.location !== 'endpoint' ? ': ' : ' ';
      out.push(`      - ${sev}${at ? `${at}${sep}` : ''}${e(words(r.message))}`);
      if (r.condition) out.push(`        condition: ${e(r.condition)}`);
    }
    if (f.places.length > MAX_PLACES)
      out.push(
        `      … and ${f.places.length - MAX_PLACES} more places (the JSON and HTML reports list them)`,
      );
  }
  // The framework's own way first (its option or middleware), then the generic fix.
  const check = report.checks.find((c) => c.id === f.checkId);
  const fw = check?.frameworkFix;
  if (fw) out.push(paint('dim', `      fix (${fw.name}): ${fw.fix}`));
  if (check?.remediation)
    out.push(paint('dim', `      fix${fw ? ' (any framework)' : ''}: ${check.remediation}`));
  return out;
}

/** The failing checks by severity, each once; suppressed ones apart with their reasons. */
export function failingLines(report: ScanReport, paint: Paint): string[] {
  const words = probeWords(report);
  const { active, suppressed } = findingsOf(report);
  const out: string[] = [];
  for (const sev of SEVERITIES) {
    const group = active.filter((f) => f.severity === sev);
    if (group.length === 0) continue;
    out.push(paint(SEVERITY_STYLE[sev], `${sev.toUpperCase()} (${group.length})`));
    for (const f of group) out.push(...findingLines(f, report, paint, words));
    out.push('');
  }
  if (suppressed.length) {
    out.push(paint('gray', `SUPPRESSED (${suppressed.length}), not counted`));
    for (const f of suppressed) {
      const s = f.places[0]!.suppression!;
      const places = f.places.length > 1 ? `  (${f.places.length} places)` : '';
      out.push(`  - ${f.checkId}  ${e(f.title)}${places}`);
      out.push(`      suppressed${s.expires ? ` until ${s.expires}` : ''}: ${e(s.reason)}`);
    }
    out.push('');
  }
  return out;
}

/** Errors one by one; inconclusive checks grouped by what would settle them (verbose: one by one). */
export function unsettledLines(report: ScanReport, paint: Paint, verbose: boolean): string[] {
  const words = probeWords(report);
  const out: string[] = [];
  const errors = report.results.filter((r) => r.status === 'error');
  if (errors.length) {
    out.push(paint('magenta', `ERROR (${errors.length})`));
    for (const r of errors) {
      const at = where(r);
      out.push(`  ? ${paint('bold', r.checkId)}  ${e(r.title)}${at ? `  ${at}` : ''}`);
      out.push(`      ${e(words(r.message))}`);
    }
    out.push('');
  }
  const groups = groupInconclusive(report);
  const count = groups.reduce((n, g) => n + g.checkIds.length, 0);
  if (count === 0) return out;
  out.push(paint('magenta', `INCONCLUSIVE (${count})${verbose ? '' : '; --verbose lists them'}`));
  for (const g of groups) {
    out.push(`  ${String(g.checkIds.length).padStart(3)}  ${e(g.label)}`);
    // Verbose lists the checks the detail lines below do not already name.
    const named = new Set(g.details.flatMap((d) => d.checkIds));
    const rest = g.checkIds.filter((id) => !named.has(id));
    if (verbose && rest.length > 0) out.push(`      ${rest.join(' ')}`);
    for (const d of g.details) out.push(`      ${e(words(d.message))} (${d.checkIds.join(', ')})`);
  }
  out.push('');
  return out;
}
