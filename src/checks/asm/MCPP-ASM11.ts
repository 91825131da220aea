import type { AuthDiscovery, AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import {
  AS_SECTIONS,
  AS_TRANSPORTS,
  AS_TRANSPORT_NOTE,
  judgeFoundMetadata,
  prmDocument,
} from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

const FLAG = 'authorization_response_iss_parameter_supported';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM11',
    title: 'RFC 9207 `iss` advertised',
    requirement:
      '`authorization_response_iss_parameter_supported` is `true`: the AS returns `iss` in authorization responses (RFC 9207) and says so.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-06-18'),
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      absent: 'authorization_response_iss_parameter_supported is absent',
      false: 'authorization_response_iss_parameter_supported is present but not true',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'basic/authorization', 'Authorization Response Validation'),
      rfc(9207, '2'),
      rfc(9207, '2.3'),
      rfc(9207, '3'),
      rfc(9700, '2.1'),
    ],
    rationale:
      'The `iss` parameter lets a client that talks to several authorization servers detect a mix-up attack, where an attacker-controlled AS gets the client to send it a code issued by an honest one. Clients reject a response without `iss` only when the flag is true, so an AS that does not advertise it gets no protection from it.',
    remediation:
      'Include `iss` in every authorization response, errors included (RFC 9207 §2), and publish `"authorization_response_iss_parameter_supported": true`.',
    evidence:
      'The found metadata document (`p.as(i)`): `authorization_response_iss_parameter_supported`; the PRM `authorization_servers` count.',
    traps:
      'The flag without actual emission is MCPP-ACT11; an AS emitting `iss` without the flag still fails here (advertising is a MUST when emitting).',
    notes:
      'MCP makes `iss` normative only in 2026-07-28 (AS SHOULD emit, MUST advertise when emitting); for 2025-06-18 and 2025-11-25 it is the RFC 9700 §2.1 mix-up defence, so the verdict is the same for every revision. Severity low; medium when the protected-resource metadata lists more than one authorization server (where mix-up is possible). Keys: `absent`, `false` (present but not `true`). Judged per PRM-listed server. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'prm', (s, found, d, servers) =>
      judge(s, found, severalServers(d, servers), ctx),
    );
  },
});

/** Whether the resource uses more than one AS: the judged servers or the PRM's own list. */
function severalServers(d: AuthDiscovery, servers: readonly AuthorizationServerObservation[]): boolean {
  const listed = prmDocument(d)?.json['authorization_servers'];
  return Math.max(servers.length, Array.isArray(listed) ? listed.length : 0) > 1;
}

function judge(
  obs: AuthorizationServerObservation,
  found: FoundMetadata,
  several: boolean,
  ctx: CheckContext,
): Verdict {
  const location = asLocation(obs.issuer);
  const value = found.metadata[FLAG];
  if (value === true) {
    return ctx.pass(
      `${obs.issuer} advertises RFC 9207 \`iss\` in authorization responses.`,
      found.exchanges,
      {
        location,
      },
    );
  }
  const severity = several ? 'medium' : 'low';
  const context = several ? ' The resource lists several authorization servers, so mix-up is possible.' : '';
  return ctx.fail(
    `${obs.issuer} does not advertise \`${FLAG}\` (${value === undefined ? 'absent' : JSON.stringify(value)}).${context}`,
    found.exchanges,
    { location, key: value === undefined ? 'absent' : 'false', severity },
  );
}
