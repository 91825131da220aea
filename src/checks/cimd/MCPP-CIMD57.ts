import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { lintServed } from './lint.js';
import { LINT_META, LINT_NOTE, lintVerdicts } from './lint-verdicts.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD57',
    title: 'Served the way an AS fetches it',
    requirement: 'The URL answers 200 without redirect, with a JSON content type, within about 5 KB.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    ...LINT_META,
    keys: {
      redirect: 'the URL answers with a redirect (not followed by authorization servers)',
      status: 'the URL answers a status other than 200',
      size: 'the document is larger than 5 KiB (medium)',
      'content-type': 'the content type is not JSON (low)',
    },
    severity: 'high',
    keySeverity: { size: 'medium', 'content-type': 'low' },
    citations: [
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements'),
      rfc(9110, '15.4'),
    ],
    rationale:
      'Authorization servers fetch the document once, without following redirects and with a small size limit: a document served otherwise makes every login with this client fail.',
    remediation:
      'Serve the document directly at its URL with 200, `Content-Type: application/json`, no redirect, and keep it under 5 KiB.',
    evidence:
      '`l.fetch`: one GET of the URL (redirect not followed), its status, `Location`, content type and size; not applicable for a file.',
    notes: LINT_NOTE,
  },
  evaluate(ev, ctx) {
    return lintVerdicts(ev.clientMetadata, ctx, (source) => lintServed(source));
  },
});
