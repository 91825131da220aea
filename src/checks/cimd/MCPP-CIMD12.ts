import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import { judgeRejected, withCimd } from './as-requests.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD12',
    title: '`client_id` equality enforced',
    requirement:
      'A Client ID Metadata Document whose `client_id` differs from the URL it was fetched from is rejected.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: { accepted: 'a login or consent step (or a code) was given for the mismatched document' },
    severity: 'high',
    citations: [mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements')],
    rationale:
      'The URL is the client’s identity only because the document at it must name that URL. An authorization server that accepts any `client_id` inside a document lets one host impersonate another client: the consent page shows a name and logo the attacker chose under an identity the attacker does not own.',
    remediation:
      'After fetching a URL client ID, compare the document’s `client_id` with the URL by simple string comparison and reject the request (`invalid_client`) when they differ, before any login or consent.',
    evidence:
      '`i.cimd(mismatch)`: an S256 authorization request whose `client_id` is the mismatch variant’s URL; the document there names the valid variant’s URL as its `client_id`. The first answer only, never followed; `i.cimd(valid)` is the control.',
    traps: 'Requires the hosted variants to be reachable from the AS.',
    notes:
      'Fail `accepted`: a login or consent step or a code for the mismatched document. Pass: an error page or error redirect, when the valid document was accepted (otherwise `ambiguous`: the AS may reject every URL client ID, or not reach the variants). CIMD-02 §4. Not applicable when the AS does not advertise `client_id_metadata_document_supported`; `needs_callback_host` without a variants host. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(ev, ctx, (scene) =>
      judgeRejected(ctx, scene, 'mismatch', {
        what: 'a document whose client_id is another URL',
        key: 'accepted',
        failure: 'The document’s client_id is not its URL: any host can claim any client’s identity.',
      }),
    );
  },
});
