import { mcp, mcpSep, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { lintAuthMethodsSupported } from './lint.js';
import { LINT_META, LINT_NOTE, lintVerdicts } from './lint-verdicts.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD58',
    title: 'Supported authentication methods listed (upcoming)',
    requirement:
      'Upcoming (SEP-3149, a proposal): the document lists the token endpoint authentication methods the client can use in `token_endpoint_auth_methods_supported`, a non-empty array that includes `token_endpoint_auth_method` when that is also given, instead of relying on the implicit public-client default.',
    keyword: 'policy',
    revisions: revisionRange('2025-11-25'),
    ...LINT_META,
    keys: {
      'no-method':
        'the document declares no authentication method at all: the implicit public-client default SEP-3149 deprecates (info)',
      'single-method':
        'the document names one method in `token_endpoint_auth_method` (to be deprecated) and no `token_endpoint_auth_methods_supported` (info)',
      invalid: '`token_endpoint_auth_methods_supported` is not a non-empty array of method names (info)',
      disagree: '`token_endpoint_auth_method` is not among `token_endpoint_auth_methods_supported` (info)',
    },
    severity: 'info',
    citations: [
      mcpSep(3149, 'Require Token Endpoint Auth Methods Supported in CIMD'),
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements'),
      rfc(7591, '2'),
    ],
    rationale:
      'A client metadata document is published once and read by many authorization servers that support different client authentication methods. One method in `token_endpoint_auth_method`, or none (the implicit public-client default), cannot say that the client can also authenticate another way; a list lets each authorization server pick a method it supports. SEP-3149 proposes making the list required and deprecating both the single method and the default.',
    remediation:
      'Add `"token_endpoint_auth_methods_supported": ["none"]` for a public client (or the methods it can use, such as `["private_key_jwt", "none"]` with its `jwks_uri`), and keep `token_endpoint_auth_method` for authorization servers that read only that, naming one of the listed methods.',
    evidence:
      'The document as `cimd lint` fetched it (`l.fetch`) or read it from a file: its `token_endpoint_auth_methods_supported` and `token_endpoint_auth_method` members.',
    traps:
      'Upcoming: the rule follows a proposal, not the specification; it is reported at info and never blocks a login. Source: SEP-3149, modelcontextprotocol/modelcontextprotocol pull request #3149 (open; description of 2026-07-28, checked 2026-12-03). When the proposal is accepted or changed, the rule follows it.',
    notes: LINT_NOTE,
  },
  evaluate(ev, ctx) {
    return lintVerdicts(ev.clientMetadata, ctx, (source) => lintAuthMethodsSupported(source));
  },
});
