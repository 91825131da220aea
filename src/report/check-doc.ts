/**
 * One documentation page per check, generated from its meta so the docs can
 * never drift from the code (CI regenerates and diffs them).
 */
import type { CheckMeta } from '../checks/define-check.js';

interface Documented {
  readonly meta: CheckMeta;
}

function revisionsText(meta: CheckMeta): string {
  if (meta.revisions === 'any') return 'any (RFC or policy requirement)';
  const listed = meta.revisions.join(', ');
  // docs/model/revisions.md: a transport-shape requirement follows the shape, not the version.
  return meta.transportShape ? `${listed}; and any negotiated version over this transport shape` : listed;
}

/** A table cell: pipes escaped and line breaks folded, so a meaning cannot break the table. */
const cell = (s: string): string =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');

/** The "Result keys" section: every key the check can return and what it means (meta.keys). */
export function renderResultKeys(meta: CheckMeta): string[] {
  const keys = Object.entries(meta.keys);
  if (keys.length === 0)
    return ['## Result keys', '', 'None: the results carry no key and are told apart by their location.', ''];
  return [
    '## Result keys',
    '',
    ...(keys.some(([key]) => /<[^<>]+>/.test(key))
      ? ['A `<name>` part of a key stands for a value the check takes from what it observed.', '']
      : []),
    // Per-key severities (meta.keySeverity) get a column; a key without one fails at the default
    // severity, unless the check grades that result itself (the meaning says so).
    ...(meta.keySeverity
      ? [
          '| Key | Severity | Meaning |',
          '|---|---|---|',
          ...keys.map(
            ([key, meaning]) => `| \`${key}\` | ${meta.keySeverity?.[key] ?? 'default'} | ${cell(meaning)} |`,
          ),
        ]
      : [
          '| Key | Meaning |',
          '|---|---|',
          ...keys.map(([key, meaning]) => `| \`${key}\` | ${cell(meaning)} |`),
        ]),
    '',
  ];
}

/** The fixes in frameworks' own terms, by fingerprint id (docs/fingerprints.md). */
function frameworkFixLines(fixes: Documented['meta']['fixes']): string[] {
  if (!fixes) return [];
  const rows = Object.entries(fixes).map(([fw, f]) => `- **${fw}**: ${f.fix} _(read in ${f.source})_`);
  return ['In the framework the report recognises (docs/fingerprints.md):', '', ...rows, ''];
}

export function renderCheckDoc(check: Documented): string {
  const m = check.meta;
  const lines = [
    '---',
    `id: ${m.id}`,
    `severity: ${m.severity}`,
    `mode: ${m.mode}`,
    '---',
    '',
    `# ${m.id}: ${m.title}`,
    '',
    `| Keyword | Default severity | Revisions | Transports | Lowest mode |`,
    `|---|---|---|---|---|`,
    `| ${m.keyword} | ${m.severity} | ${revisionsText(m)} | ${m.transports.join(', ')} | ${m.mode} |`,
    '',
    '## What is checked',
    '',
    m.requirement,
    '',
    '## Why it matters',
    '',
    m.rationale,
    '',
    ...(m.severityRationale ? [`**Why ${m.severity}.** ${m.severityRationale}`, ''] : []),
    '## How to fix',
    '',
    m.remediation,
    '',
    ...frameworkFixLines(m.fixes),
    '## Evidence used',
    '',
    m.evidence,
    '',
  ];
  if (m.traps) lines.push('**Known traps.** ' + m.traps, '');
  if (m.notes) lines.push('**Notes on this implementation.** ' + m.notes, '');
  lines.push(...renderResultKeys(m));
  lines.push('## References', '');
  for (const c of m.citations) lines.push(`- [${c.key}](${c.url})`);
  lines.push('');
  return lines.join('\n');
}

export function renderDocIndex(checks: readonly Documented[]): string {
  const lines = [
    '# Check reference',
    '',
    "Generated from the checks' metadata by `npm run gen:docs`. Do not edit by hand.",
    '',
    '| ID | Title | Severity | Mode |',
    '|---|---|---|---|',
  ];
  for (const c of checks)
    lines.push(
      `| [${c.meta.id}](${c.meta.id}.md) | ${c.meta.title.replace(/\|/g, '\\|')} | ${c.meta.severity} | ${c.meta.mode} |`,
    );
  lines.push('');
  return lines.join('\n');
}
