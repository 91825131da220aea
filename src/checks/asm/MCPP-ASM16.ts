import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { mcp, rfc } from '../../spec/citations.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import {
  AS_SECTIONS,
  AS_TRANSPORTS,
  AS_TRANSPORT_NOTE,
  authorizationServers,
  noServers,
} from './as-common.js';
import { asLocation } from '../shared/locations.js';

/** Scopes a public deployment's AS endpoints should never resolve to. */
const INTERNAL = new Set(['loopback', 'private', 'link-local']);

export default defineCheck({
  meta: {
    id: 'MCPP-ASM16',
    title: 'AS endpoints stay out of private networks',
    requirement:
      'For a public target, the issuer and AS endpoint hosts do not resolve to loopback, private, link-local or other special-use addresses.',
    keyword: 'policy',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      '<member>':
        'the metadata member (issuer, an endpoint, jwks_uri …) whose host resolves to an internal address from a public target; also the key of its pass',
    },
    severity: 'high',
    citations: [
      mcp('2026-07-28', 'basic/security_best_practices', 'Server-Side Request Forgery (SSRF)'),
      rfc(9728, '7.7'),
    ],
    rationale:
      'Clients fetch the metadata URLs a server hands them. A public MCP server whose authorization server points into private address space turns every client into a request forwarder into its own network (SSRF), which is how a malicious server reaches cloud metadata services and internal admin interfaces.',
    remediation:
      'Publish authorization server endpoints on public hostnames that resolve only to public addresses; keep internal IdPs behind a public front end.',
    evidence:
      'DNS resolution of the issuer and endpoint hosts recorded with each authorization server (`p.as(i)`).',
    traps:
      'As MCPP-PRM14: a loopback or private target legitimately uses internal authorization servers, so the check is not_applicable (`target_scope`) there.',
    notes:
      'One result per resolved member (location `as:<issuer>#<member>`, key = member). A name that did not resolve is skipped (clients cannot reach it either; availability is not this check). An address of unknown scope is inconclusive (`ambiguous`). A target of unknown scope is inconclusive (`ambiguous`). ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    const d = ev.oauth;
    const scope = ev.target.scope;
    if (scope !== 'public') {
      return scope === 'unknown'
        ? ctx.inconclusive(
            'ambiguous',
            'The target’s address scope is unknown, so “public target” cannot be decided.',
          )
        : ctx.notApplicable(
            'target_scope',
            `The target is on a ${scope} address; internal authorization servers are expected.`,
          );
    }
    const servers = authorizationServers(ev, d);
    if (servers.length === 0) return noServers(d, ctx);
    return servers.flatMap((s) => judge(s, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, ctx: CheckContext): Verdict[] {
  const out: Verdict[] = [];
  for (const a of obs.addresses) {
    if (a.scope === null) continue;
    const member = a.role.includes('#') ? a.role.slice(a.role.lastIndexOf('#') + 1) : a.role;
    const opts = { location: asLocation(obs.issuer, member), key: member };
    const where = `${a.url} (${a.addresses.join(', ') || 'no address'})`;
    if (INTERNAL.has(a.scope)) {
      out.push(
        ctx.fail(`\`${member}\` ${where} resolves to a ${a.scope} address from a public target.`, [], opts),
      );
    } else if (a.scope === 'public') {
      out.push(ctx.pass(`\`${member}\` ${where} resolves to public addresses.`, [], opts));
    } else {
      out.push(
        ctx.inconclusive(
          'ambiguous',
          `\`${member}\` ${where} resolves to an address of unknown scope.`,
          [],
          opts,
        ),
      );
    }
  }
  if (out.length === 0) {
    out.push(
      ctx.inconclusive('probe_unavailable', `No address resolution was recorded for ${obs.issuer}.`, [], {
        location: asLocation(obs.issuer),
      }),
    );
  }
  return out;
}
