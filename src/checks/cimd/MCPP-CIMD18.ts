import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import { fetchedVariant, read, withCimd } from './as-requests.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD18',
    title: 'Advertisement matches behaviour',
    requirement:
      'An authorization server advertising CIMD accepts a valid URL client ID; one that fetches URL client IDs advertises `client_id_metadata_document_supported`.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: {
      'advertised-not-working': 'CIMD is advertised but a valid URL client ID was rejected',
      'working-not-advertised': 'a URL client ID was fetched or accepted although CIMD is not advertised',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Advertising CIMD Support'),
      mcp('2025-11-25', 'basic/authorization', 'Client ID Metadata Documents'),
    ],
    rationale:
      'MCP clients choose how to identify themselves from the flag: advertised but broken, every CIMD client fails to log in; working but not advertised, clients fall back to registration or to asking the user for credentials.',
    remediation:
      'Advertise `client_id_metadata_document_supported: true` exactly when URL client IDs are accepted, and make sure the AS can fetch documents from public https hosts.',
    evidence:
      '`i.cimd(valid)`: an S256 authorization request whose `client_id` is the valid variant’s URL and whose `redirect_uri` is registered in it; with the scanner’s loopback variants server, its log shows whether the document was fetched.',
    traps:
      '`working-not-advertised` on a rejected request needs the logging host; otherwise only acceptance shows it.',
    notes:
      'Advertised: pass when the request reaches a login or consent step; fail `advertised-not-working` when it is rejected (conf. medium: the AS may be unable to reach a user-hosted base). Variants served over http (the loopback server without a certificate) are `ambiguous`: a CIMD client ID must be https. Not advertised: fail `working-not-advertised` when the request is accepted or the log shows the document fetched; pass when it is rejected without a fetch. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(
      ev,
      ctx,
      (scene) => {
        const r = read(ctx, scene, 'valid', 'the valid document');
        if (r.kind === 'verdict') return r.verdict;
        const { cimd, location } = scene;
        const ids = [r.answer.exchange];
        const o = r.outcome;
        const fetched = fetchedVariant(cimd, 'valid');
        const fetchNote = fetched === null ? '' : ` (fetched ${fetched} time(s))`;
        if (o.kind === 'unclear')
          return ctx.inconclusive(o.reason, `The valid document’s request ${o.how}.`, ids, { location });
        if (cimd.advertised) {
          if (o.kind === 'accepted')
            return ctx.pass(
              `${cimd.issuer} advertises CIMD and accepted the valid document (${o.how}).`,
              ids,
              {
                location,
              },
            );
          if (!cimd.https)
            return ctx.inconclusive(
              'ambiguous',
              `${cimd.issuer} rejected the valid document (${o.how}), but the variants were served over http (${cimd.base}) and a CIMD client ID must be https: give the loopback variants server a certificate (--cimd-tls-cert, --cimd-tls-key) or host them at an https --cimd-base.`,
              ids,
              { location },
            );
          return ctx.fail(
            `${cimd.issuer} advertises client_id_metadata_document_supported but rejected the valid document ${r.request.clientId}${fetchNote}: ${o.how}.`,
            ids,
            { location, key: 'advertised-not-working', confidence: 'medium' },
          );
        }
        if (o.kind === 'accepted' || (fetched ?? 0) > 0)
          return ctx.fail(
            `${cimd.issuer} does not advertise client_id_metadata_document_supported, yet ${o.kind === 'accepted' ? `accepted the valid document (${o.how})` : `fetched it${fetchNote}`}: clients cannot know they may use CIMD.`,
            ids,
            { location, key: 'working-not-advertised' },
          );
        return ctx.pass(
          `${cimd.issuer} does not advertise CIMD and rejected the URL client ID (${o.how})${fetched === null ? '' : ' without fetching it'}.`,
          ids,
          { location },
        );
      },
      false,
    );
  },
});
