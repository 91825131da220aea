import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION, revisionRange } from '../../spec/revisions.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, judgeFoundMetadata } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

const FLAG = 'client_id_metadata_document_supported';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM10',
    title: 'CIMD offered where DCR is offered',
    requirement:
      'An authorization server that offers Dynamic Client Registration (`registration_endpoint`) also advertises `client_id_metadata_document_supported: true`.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration', followsMember: 'location' },
    keys: {},
    severity: 'low',
    citations: [
      mcp('2025-11-25', 'basic/authorization', 'Client ID Metadata Documents'),
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Dynamic Client Registration'),
      mcp('2026-07-28', 'deprecated', 'Deprecated'),
    ],
    rationale:
      'From 2025-11-25 CIMD is the registration model MCP recommends and DCR is kept for backwards compatibility; 2026-07-28 deprecates DCR. An AS that offers only DCR keeps clients on the mechanism that is being removed and on open registration with its abuse surface.',
    remediation:
      'Support OAuth Client ID Metadata Documents and advertise `"client_id_metadata_document_supported": true`; keep DCR only as long as older clients need it.',
    evidence:
      'The found metadata document (`p.as(i)`): `registration_endpoint` and `client_id_metadata_document_supported`.',
    traps:
      'MCPP-CIMD01 reports the missing flag independently of DCR; this check is about relying on the deprecated mechanism.',
    notes:
      'Severity low, medium when judged for 2026-07-28 (DCR deprecated); the merged severity is the highest among the failing revisions, so it is medium whenever 2026-07-28 ∈ K ∪ U. Judged per PRM-listed server; the 2025-03-26 origin AS is never consulted by 2025-11-25 and later clients. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'prm', (s, found) => judge(s, found, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, found: FoundMetadata, ctx: CheckContext): Verdict {
  const location = asLocation(obs.issuer);
  const m = found.metadata;
  if (m['registration_endpoint'] === undefined) {
    return ctx.pass(`${obs.issuer} does not offer Dynamic Client Registration.`, found.exchanges, {
      location,
    });
  }
  if (m[FLAG] === true) {
    return ctx.pass(`${obs.issuer} offers DCR and advertises CIMD support.`, found.exchanges, { location });
  }
  const modern = ctx.revision === MODERN_REVISION;
  return ctx.fail(
    `${obs.issuer} offers Dynamic Client Registration${modern ? ' (deprecated in 2026-07-28)' : ''} but does not advertise CIMD (\`${FLAG}\` is ${m[FLAG] === undefined ? 'absent' : JSON.stringify(m[FLAG])}).`,
    found.exchanges,
    { location, severity: modern ? 'medium' : 'low' },
  );
}
