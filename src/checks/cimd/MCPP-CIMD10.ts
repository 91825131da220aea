import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import { judgeRejected, withCimd } from './as-requests.js';

const SHAPES: Readonly<Record<string, string>> = {
  'http-scheme': 'an http (not https) URL client ID',
  'no-path': 'a URL client ID without a path',
  userinfo: 'a URL client ID with userinfo',
  fragment: 'a URL client ID with a fragment',
  'dot-segment': 'a URL client ID with a dot segment in its path',
};

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD10',
    title: 'Malformed URL client IDs rejected',
    requirement:
      'Authorization requests whose URL-formatted `client_id` breaks the CIMD URL rules (http scheme, no path, userinfo, fragment, dot segments) are rejected without fetching.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: Object.fromEntries(
      Object.entries(SHAPES).map(([k, v]) => [k, `${v} reached a login or consent step`]),
    ),
    severity: 'medium',
    confidence: 'medium',
    citations: [mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements')],
    rationale:
      'The URL rules make the client ID a stable, unambiguous identity on a host the client controls. An AS that accepts http, userinfo, fragments or dot segments lets two different strings name one document (or one string name another host’s document), and fetches over plain http.',
    remediation:
      'Before fetching, reject URL client IDs that are not https, have no path, contain userinfo or a fragment, or have `.`/`..` path segments (`invalid_client` or `invalid_request`, on the AS’s own error page).',
    evidence:
      '`i.cimd(url-shape:<name>)`: five authorization requests whose `client_id` is the valid variant’s URL broken one way each (`http://`, no path, `mcp-posture@` userinfo, a `#fragment`, a `/mcp-posture/../` dot segment), built as strings so nothing normalises them. The first answer only; `i.cimd(valid)` is the control.',
    traps:
      'Some ASes validate only after login — a login page counts as “not rejected up front” (conf. medium).',
    notes:
      'One result per shape, keyed by its name. Fail: a login or consent step (or a code) for it, or — with the scanner’s loopback variants server — a rejection that came only after the server was fetched from while the request was answered. Pass: rejected, when the valid document was accepted (otherwise `ambiguous`). CIMD-02 §3. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(ev, ctx, (scene) =>
      Object.entries(SHAPES).map(([name, what]) =>
        judgeRejected(ctx, scene, `url-shape:${name}`, {
          what,
          key: name,
          keyed: true,
          withoutFetch: true,
          failure: 'The CIMD URL rules are not enforced before the URL is used.',
        }),
      ),
    );
  },
});
