/**
 * The CIMD lint rules on one client metadata document outside a scan, graded by the lint checks'
 * meta (`severity`, `keySeverity`): what the login uses to vet a `--client-metadata-url` document
 * before it sends it anywhere (docs/login.md#client-identity). `cimd lint` runs the same checks
 * through the engine.
 */
import type { ClientMetadataSource } from '../../evidence/cimd-types.js';
import type { Severity } from '../define-check.js';
import { SEVERITIES, severityOfKey } from '../define-check.js';
import { CIMD_LINT_CHECKS } from './index.js';
import type { LintFinding } from './lint.js';
import { BLOCKS_LOGIN_AT } from './lint-verdicts.js';
import { lintClientMetadata } from './lint.js';

/** A lint finding with the severity its check gives its key (null unless it failed). */
export interface GradedFinding extends LintFinding {
  readonly severity: Severity | null;
}

const META = new Map(CIMD_LINT_CHECKS.map((c) => [c.meta.id, c.meta]));

/** The findings with their checks' severities. */
export function graded(findings: readonly LintFinding[]): GradedFinding[] {
  return findings.map((f) => {
    const meta = META.get(f.id);
    if (!meta) throw new Error(`${f.id} is not a CIMD lint check`);
    return { ...f, severity: f.status === 'fail' ? severityOfKey(meta, f.key) : null };
  });
}

/** Every CIMD lint rule on the document, in ID order, graded. */
export function lintDocument(source: ClientMetadataSource): GradedFinding[] {
  return graded(lintClientMetadata(source));
}

/** The failures at `BLOCKS_LOGIN_AT` or above: what blocks the login's use of the document. */
export function blockingFindings(findings: readonly GradedFinding[]): GradedFinding[] {
  const bar = SEVERITIES.indexOf(BLOCKS_LOGIN_AT);
  return findings.filter(
    (f) => f.status === 'fail' && f.severity !== null && SEVERITIES.indexOf(f.severity) <= bar,
  );
}
