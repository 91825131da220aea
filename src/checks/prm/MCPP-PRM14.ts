import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { asLocation, prmLocation } from '../shared/locations.js';

const INTERNAL = new Set(['loopback', 'private', 'link-local']);

export default defineCheck({
  meta: {
    id: 'MCPP-PRM14',
    title: 'Discovery URLs stay out of private networks',
    requirement:
      'From a public target, `resource_metadata`, `authorization_servers` and PRM `jwks_uri` do not resolve to loopback, private, link-local (including 169.254.169.254), CGNAT, ULA or other special-use addresses.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['target', 'auth', 'oauth?'],
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {
      '<url>':
        'the resolved discovery URL (PRM, JWKS or issuer) that resolves to an internal or special-use address (one result per URL)',
    },
    severity: 'high',
    citations: [
      rfc(9728, '7.7'),
      mcp('2026-07-28', 'basic/security_best_practices', 'Server-Side Request Forgery (SSRF)'),
    ],
    rationale:
      'A public server whose discovery documents point into private networks either leaks internal topology or tries to make clients (often running inside a company network or a cloud) fetch internal URLs — the SSRF pattern clients are told to block.',
    remediation:
      'Advertise only publicly reachable https URLs for the PRM, the authorization servers and the JWKS; keep internal hostnames out of public metadata.',
    evidence:
      'DNS resolution of the `resource_metadata`, `authorization_servers` and PRM `jwks_uri` hosts (blocked hosts are not fetched).',
    traps:
      'Split-horizon DNS can make public names resolve internally from the scanner’s network — evidence records the addresses; IPv6 forms embedding IPv4 are judged by the embedded address.',
    notes:
      'One result per resolved URL (key = URL; location `prm:<url>` for PRM and JWKS URLs, `as:<issuer>` for issuers). Loopback, private (incl. CGNAT and ULA) and link-local scopes fail; `unknown` (unspecified, multicast, reserved) fails too, as special-use. A name that did not resolve is inconclusive (`fetch_failed`) for its URL. Not applicable for loopback, private or link-local targets (`target_scope`).',
  },
  evaluate(ev, ctx) {
    if (ev.target.scope !== 'public') {
      if (!ev.auth.inUse) return ctx.notApplicable('no_auth', 'No authorization signal was observed.');
      return ctx.notApplicable(
        'target_scope',
        `The target itself is ${ev.target.scope}; internal discovery URLs are expected.`,
      );
    }
    // The scope decides before the OAuth chain is needed: the engine's answer for it comes after.
    const oauth = ev.oauth;
    if (!oauth || !ev.auth.inUse) return ctx.absent('oauth');
    if (oauth.addresses.length === 0) {
      return ctx.notApplicable('feature_absent', 'No discovery URL was resolved.');
    }
    const verdicts: Verdict[] = [];
    for (const a of oauth.addresses) {
      const location = a.role.startsWith('authorization_servers') ? asLocation(a.url) : prmLocation(a.url);
      const opts = { location, key: a.url };
      const addrs = a.addresses.join(', ');
      if (a.scope === null) {
        verdicts.push(ctx.inconclusive('fetch_failed', `${a.role} ${a.url} did not resolve.`, [], opts));
      } else if (INTERNAL.has(a.scope) || a.scope === 'unknown') {
        verdicts.push(
          ctx.fail(
            `${a.role} ${a.url} resolves to ${a.scope === 'unknown' ? 'a special-use' : `a ${a.scope}`} address (${addrs}).`,
            [],
            opts,
          ),
        );
      } else {
        verdicts.push(ctx.pass(`${a.role} ${a.url} resolves to public addresses (${addrs}).`, [], opts));
      }
    }
    return verdicts;
  },
});
