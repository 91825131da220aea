import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import type { ExchangeId } from '../../evidence/types.js';
import { rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import {
  AS_SECTIONS,
  AS_TRANSPORTS,
  AS_TRANSPORT_NOTE,
  judgeFoundMetadata,
  prmResource,
  quoteList,
} from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

const MEMBER = 'protected_resources';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM17',
    title: 'AS `protected_resources` consistent',
    requirement: 'If the AS metadata lists `protected_resources`, the list contains the PRM `resource`.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-06-18'),
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {},
    severity: 'low',
    citations: [rfc(9728, '4'), rfc(9728, '7.6')],
    rationale:
      'RFC 9728 lets clients cross-check the two documents: an AS that names the resources it serves, but not this one, tells a careful client that the pairing is wrong (or the metadata is stale), and it may refuse to continue.',
    remediation:
      'Add the MCP server’s resource identifier (exactly the PRM `resource`) to the AS metadata `protected_resources`, or drop the member if the list cannot be kept complete.',
    evidence:
      'The found metadata document (`p.as(i)`): `protected_resources`, compared with the PRM `resource`.',
    traps: 'Multi-tenant ASes may list only a subset — hence the low severity.',
    notes:
      'The comparison is code point for code point (RFC 9728 §6 identifiers), after URL normalisation of scheme and host case. not_applicable (`feature_absent`) when the member is absent; inconclusive (`ambiguous`) when the PRM has no `resource` to compare with. Judged per PRM-listed server (the member only makes sense in the PRM model). ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'prm', (s, found, d) => judge(s, found, prmResource(d), ctx));
  },
});

function judge(
  obs: AuthorizationServerObservation,
  found: FoundMetadata,
  resource: { readonly resource: string; readonly exchange: ExchangeId } | null,
  ctx: CheckContext,
): Verdict {
  const location = asLocation(obs.issuer);
  const value = found.metadata[MEMBER];
  if (value === undefined) {
    return ctx.notApplicable('feature_absent', `${obs.issuer} does not list \`${MEMBER}\`.`, { location });
  }
  const evidence = resource ? [...found.exchanges, resource.exchange] : found.exchanges;
  if (!resource) {
    return ctx.inconclusive(
      'ambiguous',
      `${obs.issuer} lists \`${MEMBER}\`, but no PRM \`resource\` was found to compare with.`,
      evidence,
      { location },
    );
  }
  const list = Array.isArray(value) ? value : [value];
  const wanted = normalise(resource.resource);
  if (list.some((r) => typeof r === 'string' && normalise(r) === wanted)) {
    return ctx.pass(
      `\`${MEMBER}\` of ${obs.issuer} contains ${JSON.stringify(resource.resource)}.`,
      evidence,
      {
        location,
      },
    );
  }
  return ctx.fail(
    `\`${MEMBER}\` of ${obs.issuer} ([${quoteList(list)}]) does not contain the PRM resource ${JSON.stringify(resource.resource)}.`,
    evidence,
    { location },
  );
}

function normalise(value: string): string {
  try {
    return new URL(value).href;
  } catch {
    return value;
  }
}
