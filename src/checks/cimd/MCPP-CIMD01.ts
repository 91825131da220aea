import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, judgeFoundMetadata } from '../asm/as-common.js';
import type { FoundMetadata } from '../asm/as-common.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { asLocation } from '../shared/locations.js';

const FLAG = 'client_id_metadata_document_supported';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD01',
    title: 'CIMD support advertised',
    requirement:
      'The AS metadata has `client_id_metadata_document_supported: true` (MCP: authorization servers SHOULD support Client ID Metadata Documents; the CIMD draft: an AS publishing RFC 8414 metadata that supports them MUST advertise it).',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: {
      absent: 'client_id_metadata_document_supported is absent',
      false: 'client_id_metadata_document_supported is present but not true',
    },
    severity: 'low',
    citations: [
      mcp('2025-11-25', 'basic/authorization', 'Client ID Metadata Documents'),
      mcp('2025-11-25', 'basic/authorization', 'Discovery'),
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Advertising CIMD Support'),
      rfc(8414, '2'),
    ],
    rationale:
      'Client ID Metadata Documents are how an MCP client with no prior relationship identifies itself: its https `client_id` points at its own metadata. Clients use them only when the AS advertises the flag; otherwise they fall back to deprecated Dynamic Client Registration or to asking the user for credentials.',
    remediation:
      'Support Client ID Metadata Documents (fetch URL-formatted `client_id`s with SSRF precautions, validate `client_id` equality and redirect URIs) and publish `"client_id_metadata_document_supported": true` in the metadata.',
    evidence: 'The found metadata document (`p.as(i)`): `client_id_metadata_document_supported`.',
    notes:
      'The draft obligation is in CIMD-00 (draft-ietf-oauth-client-id-metadata-document-00, the version MCP cites: its authorization server metadata section) and CIMD-02 §6; the drafts are named here rather than cited as links. Whether an AS that fetches documents without the flag exists is CIMD18 (intrusive). Keys: `absent`, `false` (present but not `true`). Judged per PRM-listed server: the 2025-03-26 origin AS is never consulted by 2025-11-25 and later clients. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'prm', (s, found) => judge(s, found, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, found: FoundMetadata, ctx: CheckContext): Verdict {
  const location = asLocation(obs.issuer);
  const value = found.metadata[FLAG];
  if (value === true) {
    return ctx.pass(`${obs.issuer} advertises Client ID Metadata Document support.`, found.exchanges, {
      location,
    });
  }
  return ctx.fail(
    `${obs.issuer} does not advertise Client ID Metadata Document support (\`${FLAG}\` is ${value === undefined ? 'absent' : JSON.stringify(value)}).`,
    found.exchanges,
    { location, key: value === undefined ? 'absent' : 'false' },
  );
}
