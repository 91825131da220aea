import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { lintRedirectUris } from './lint.js';
import { LINT_META, LINT_NOTE, lintVerdicts } from './lint-verdicts.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD53',
    title: 'Redirect URIs safe',
    requirement:
      'Redirect URIs have no wildcard or fragment, are https or loopback http, never script or file schemes, never relative; reverse-DNS private-use schemes are allowed.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    ...LINT_META,
    keys: {
      unsafe:
        'a redirect URI that is relative, wildcarded, has a fragment, uses http on a public host, a script or file scheme, or a private-use scheme that is not reverse-DNS (located at the URI)',
      'loopback-only': 'every redirect URI is loopback (info)',
    },
    severity: 'medium',
    keySeverity: { 'loopback-only': 'info' },
    citations: [
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Communication Security'),
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Localhost Redirect URI Risks'),
      rfc(9700, '2.1'),
      rfc(8252, '7.1'),
    ],
    rationale:
      'Authorization codes are delivered to the redirect URIs: an http URI on a public host exposes them on the network, a wildcard or script scheme lets them go anywhere, and loopback-only clients get warnings at consent.',
    remediation:
      'List only https URIs, loopback http URIs (host `127.0.0.1`, path `/callback`), or reverse-DNS private-use schemes (`com.example.app:/cb`); no wildcards, fragments or script schemes.',
    evidence: '`redirect_uris` of the document.',
    notes: LINT_NOTE,
  },
  evaluate(ev, ctx) {
    return lintVerdicts(ev.clientMetadata, ctx, (source) => lintRedirectUris(source));
  },
});
