import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { lintClientIdEquality } from './lint.js';
import { LINT_META, LINT_NOTE, lintVerdicts } from './lint-verdicts.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD51',
    title: '`client_id` equals the document URL',
    requirement: '`client_id` is present and identical (simple string comparison) to the URL.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    ...LINT_META,
    keys: {
      missing: 'the document has no string `client_id`',
      mismatch: '`client_id` differs from the document URL',
    },
    severity: 'high',
    citations: [mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements')],
    rationale:
      'Authorization servers refuse a document whose `client_id` is not its own URL (the draft requires the comparison): a mismatch means every login with it fails, or, at a lax server, that one document can claim another client’s identity.',
    remediation:
      'Set `client_id` to the exact URL the document is served at, character for character (a trailing slash or a percent-encoding difference is a mismatch).',
    evidence: '`client_id` of the document against its URL.',
    notes: LINT_NOTE,
  },
  evaluate(ev, ctx) {
    return lintVerdicts(ev.clientMetadata, ctx, (source) => lintClientIdEquality(source));
  },
});
