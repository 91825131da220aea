import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { lintAuthMethod } from './lint.js';
import { LINT_META, LINT_NOTE, lintVerdicts } from './lint-verdicts.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD56',
    title: 'Authentication method consistent with keys',
    requirement:
      '`jwks` and `jwks_uri` are not both present; `private_key_jwt` has keys; `jwks_uri` is https; `none` has no keys; an omitted method is flagged (the RFC 7591 default is `client_secret_basic`).',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    ...LINT_META,
    keys: {
      'both-key-sources': 'both `jwks` and `jwks_uri` are present',
      'no-keys': '`private_key_jwt` without `jwks` or `jwks_uri`',
      'jwks-uri-http': '`jwks_uri` is not https',
      'unused-keys': 'keys are published but the method is `none` (info)',
      'method-omitted':
        '`token_endpoint_auth_method` is omitted, so the default `client_secret_basic` applies (high)',
    },
    severity: 'medium',
    keySeverity: { 'method-omitted': 'high', 'unused-keys': 'info' },
    citations: [
      rfc(7591, '2'),
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements'),
    ],
    rationale:
      'The authentication method tells the authorization server how the client proves itself at the token endpoint: an omitted method defaults to a shared secret the document cannot hold, and missing or doubled key sources make `private_key_jwt` fail or ambiguous.',
    remediation:
      'State `token_endpoint_auth_method` (`none`, or `private_key_jwt` with exactly one of `jwks` or an https `jwks_uri`).',
    evidence: 'Document members `token_endpoint_auth_method`, `jwks`, `jwks_uri`.',
    notes: LINT_NOTE,
  },
  evaluate(ev, ctx) {
    return lintVerdicts(ev.clientMetadata, ctx, (source) => lintAuthMethod(source));
  },
});
