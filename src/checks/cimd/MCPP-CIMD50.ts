import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { lintClientIdUrl } from './lint.js';
import { LINT_META, LINT_NOTE, lintVerdicts } from './lint-verdicts.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD50',
    title: '`client_id` URL valid',
    requirement:
      'The client ID URL is https with a host and a non-root path, without userinfo, fragment or dot segments; no query (SHOULD NOT); no IP-literal host.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    ...LINT_META,
    keys: {
      scheme: 'the client ID is not an https URL',
      host: 'the client ID has no host',
      path: 'the client ID has no path (the root URL)',
      userinfo: 'the client ID carries userinfo',
      fragment: 'the client ID carries a fragment',
      'dot-segment': 'the client ID path has `.` or `..` segments',
      query: 'the client ID carries a query string (low)',
      'ip-literal': 'the client ID host is an IP literal',
    },
    severity: 'high',
    keySeverity: { query: 'low' },
    citations: [
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements'),
      rfc(3986, '3'),
    ],
    rationale:
      'An authorization server fetches the client ID URL to learn who the client is; an http, IP-literal or root URL cannot identify a client safely, and userinfo, fragments and dot segments make two spellings of one identity (or one spelling of two).',
    remediation:
      'Serve the document at an https URL on a DNS name, with a path of its own (such as `/oauth/client.json` on the app’s own host), without userinfo, fragment, dot segments or query.',
    evidence:
      'The document URL (the `cimd lint` argument, or `--url` for a file); without a URL the check is not applicable.',
    notes: LINT_NOTE,
  },
  evaluate(ev, ctx) {
    return lintVerdicts(ev.clientMetadata, ctx, (source) =>
      source.url === null
        ? [
            {
              id: 'MCPP-CIMD50',
              status: 'not_applicable',
              key: null,
              message: 'No URL was given for the file: the client ID URL is not judged.',
            },
          ]
        : lintClientIdUrl(source.url),
    );
  },
});
