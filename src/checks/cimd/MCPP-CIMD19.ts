import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import { judgeRejected, withCimd } from './as-requests.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD19',
    title: 'Document structure validated',
    requirement: 'A client metadata document that is not valid JSON, or has no `redirect_uris`, is rejected.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: {
      'invalid-json': 'a document that is not valid JSON was accepted',
      'no-redirects': 'a document without `redirect_uris` was accepted',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements')],
    rationale:
      'The document is the client’s registration: an authorization server that accepts one it cannot parse, or one that registers no redirect URI, has nothing to validate the authorization request’s `redirect_uri` against.',
    remediation:
      'Parse the fetched document as a JSON object and reject it when it does not parse or lacks the required members (`redirect_uris` among them), before any login or consent.',
    evidence:
      '`i.cimd(invalid-json)` (a truncated JSON document) and `i.cimd(no-redirects)` (a document without `redirect_uris`). The first answer only; `i.cimd(valid)` is the control.',
    notes:
      'One result per variant, keyed `invalid-json` and `no-redirects`. Fail: a login or consent step for it. Pass: rejected, when the valid document was accepted (otherwise `ambiguous`). The catalogue row also names a document without `client_name`; that variant is not sent (the draft does not make `client_name` required). ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(ev, ctx, (scene) => [
      judgeRejected(ctx, scene, 'invalid-json', {
        what: 'a client metadata document that is not valid JSON',
        key: 'invalid-json',
        keyed: true,
        failure: 'The document is not validated before the client is accepted.',
      }),
      judgeRejected(ctx, scene, 'no-redirects', {
        what: 'a client metadata document without redirect_uris',
        key: 'no-redirects',
        keyed: true,
        failure: 'The client has no registered redirect URI to check the request’s redirect_uri against.',
      }),
    ]);
  },
});
