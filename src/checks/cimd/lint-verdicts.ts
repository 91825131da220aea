/**
 * The CIMD lint checks (CIMD50–CIMD57) share one shape: a rule of ./lint.ts on the document in
 * `clientMetadata`, its findings turned into verdicts located at the client ID
 * (`client:<url>`, or `client:file`), per-item findings at `client:<url>#<item>`.
 */
import type { ClientMetadataSource } from '../../evidence/cimd-types.js';
import type { CheckContext, Severity, Verdict } from '../define-check.js';
import type { LintFinding } from './lint.js';

export function lintVerdicts(
  source: ClientMetadataSource,
  ctx: CheckContext,
  rule: (s: ClientMetadataSource) => readonly LintFinding[],
): Verdict[] {
  const base = `client:${source.url ?? 'file'}`;
  const evidence = source.served?.exchange ? [source.served.exchange as `x${number}`] : [];
  return rule(source).map((f) => {
    const location = f.where === undefined ? base : `${base}#${f.where}`;
    if (f.status === 'pass') return ctx.pass(f.message, evidence, { location });
    if (f.status === 'not_applicable') return ctx.notApplicable('feature_absent', f.message, { location });
    // The key's severity is the check's (meta.keySeverity), given by ctx.fail.
    return ctx.fail(f.message, evidence, { location, ...(f.key ? { key: f.key } : {}) });
  });
}

/** The meta every lint check shares. */
export const LINT_META = {
  transports: ['streamable-http', 'http+sse', 'stdio'],
  mode: 'passive',
  requires: ['clientMetadata'],
  rating: { scope: 'none' },
  chain: { hop: 'registration' },
} as const;

/** A lint failure at this severity or above blocks the login's use of the document (./lint-document.ts). */
export const BLOCKS_LOGIN_AT: Severity = 'high';

export const LINT_NOTE = `A lint rule: it judges your own client metadata document, given to \`mcp-posture cimd lint URL\` (or \`FILE --url URL\`) or to \`mcp-posture login --client-metadata-url\`, where a failure at ${BLOCKS_LOGIN_AT} or above blocks the login. In a scan there is no such document and the check is not applicable (\`feature_absent\`). Not rated (rating scope \`none\`).`;
