import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { lintNoSecret } from './lint.js';
import { LINT_META, LINT_NOTE, lintVerdicts } from './lint-verdicts.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD54',
    title: 'No shared secret published',
    requirement:
      'The document contains no `client_secret` or `client_secret_expires_at` and no secret-based `token_endpoint_auth_method`.',
    keyword: 'MUST NOT',
    revisions: revisionRange('2025-11-25'),
    ...LINT_META,
    keys: {
      client_secret: 'the public document contains `client_secret`',
      client_secret_expires_at: 'the public document contains `client_secret_expires_at`',
      method: '`token_endpoint_auth_method` needs a shared secret (high)',
    },
    severity: 'critical',
    keySeverity: { method: 'high' },
    citations: [
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements'),
      rfc(7591, '2'),
    ],
    rationale:
      'The document is public: a secret in it is known to everyone, and a secret-based authentication method cannot work for a client identified by a public document.',
    remediation:
      'Remove `client_secret` and `client_secret_expires_at`; use `token_endpoint_auth_method: none` (public client) or `private_key_jwt` with a published public key.',
    evidence: 'Document members `client_secret`, `client_secret_expires_at`, `token_endpoint_auth_method`.',
    notes: LINT_NOTE,
  },
  evaluate(ev, ctx) {
    return lintVerdicts(ev.clientMetadata, ctx, (source) => lintNoSecret(source));
  },
});
