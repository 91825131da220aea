import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { lintRequiredMembers } from './lint.js';
import { LINT_META, LINT_NOTE, lintVerdicts } from './lint-verdicts.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD52',
    title: 'Required metadata present',
    requirement:
      'The document is a JSON object with `client_id`, non-blank `client_name` and a non-empty string array `redirect_uris`.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    ...LINT_META,
    keys: {
      document: 'the body is not a JSON object (high)',
      client_id: '`client_id` is missing',
      client_name: '`client_name` is missing or blank',
      redirect_uris: '`redirect_uris` is not a non-empty array of strings',
    },
    severity: 'medium',
    keySeverity: { document: 'high' },
    citations: [
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements'),
      rfc(7591, '2'),
    ],
    rationale:
      'Without `redirect_uris` an authorization server cannot check where codes go, and without `client_name` it cannot tell the user who is asking: servers reject such documents.',
    remediation:
      'Publish a JSON object with `client_id`, a `client_name` users recognise and the exact `redirect_uris` the client uses.',
    evidence: 'The parsed document.',
    notes: LINT_NOTE,
  },
  evaluate(ev, ctx) {
    return lintVerdicts(ev.clientMetadata, ctx, (source) => lintRequiredMembers(source));
  },
});
