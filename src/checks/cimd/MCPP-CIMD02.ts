import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import type { Evidence } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS, judgeFoundMetadata } from '../asm/as-common.js';
import type { FoundMetadata } from '../asm/as-common.js';
import { registrationAnswer } from '../asm/registration.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { asLocation } from '../shared/locations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD02',
    title: 'A registration path exists for unknown clients',
    requirement:
      'Inventory of the registration strategies a client with no prior relationship can use with each authorization server: Client ID Metadata Documents, Dynamic Client Registration, or pre-registration only.',
    keyword: 'policy',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS, 'exchanges'],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: {},
    severity: 'info',
    citations: [
      mcp('2026-07-28', 'basic/authorization/client-registration'),
      mcp('2025-11-25', 'basic/authorization', 'Client Registration Approaches'),
      rfc(7591, '3'),
    ],
    rationale:
      'MCP clients usually meet a server for the first time at connect time. If the authorization server offers neither CIMD nor open registration, every user has to obtain and paste client credentials by hand — valid for enterprise deployments, but a barrier general-purpose clients cannot cross on their own.',
    remediation:
      'Advertise `client_id_metadata_document_supported: true` (preferred) or a `registration_endpoint`; if pre-registration is intended, document how users obtain a client ID.',
    evidence:
      'The found metadata document (`p.as(i)`, `p.as0326`): `client_id_metadata_document_supported` and `registration_endpoint`; the answer to `s.dcr.malformed` when it shows the endpoint needs an initial access token.',
    traps: 'Pre-registration only is valid for enterprise deployments.',
    notes:
      'Pass lists the strategies found; fail (info) when neither CIMD nor an anonymous-usable registration endpoint is offered. A registration endpoint that answered `s.dcr.malformed` with 401/403 (an initial access token is required) is not a path for unknown clients, so it does not count — a small extension of the row, which reads only the metadata; without that answer the endpoint counts. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'all', (s, found) => judge(ev, s, found, ctx));
  },
});

function judge(
  ev: Pick<Evidence, 'exchanges'>,
  obs: AuthorizationServerObservation,
  found: FoundMetadata,
  ctx: CheckContext,
): Verdict {
  const location = asLocation(obs.issuer);
  const m = found.metadata;
  const evidence = [...found.exchanges];
  const strategies: string[] = [];
  if (m['client_id_metadata_document_supported'] === true) strategies.push('Client ID Metadata Documents');
  let protectedDcr = false;
  if (typeof m['registration_endpoint'] === 'string') {
    const probe = obs.dcrMalformed;
    if (probe.kind === 'ok' && registrationAnswer(ev, probe.value).kind === 'protected') {
      protectedDcr = true;
      evidence.push(probe.value.exchange);
    } else {
      strategies.push('Dynamic Client Registration');
    }
  }
  if (strategies.length > 0) {
    return ctx.pass(`${obs.issuer} offers ${strategies.join(' and ')} to unknown clients.`, evidence, {
      location,
    });
  }
  const dcr = protectedDcr ? ' (its registration endpoint requires an initial access token)' : '';
  return ctx.fail(
    `${obs.issuer} offers neither CIMD nor open registration${dcr}: clients need pre-registered credentials.`,
    evidence,
    { location },
  );
}
