import { describeMember, diffAuthorizationServer } from '../../lock/metadata-diff.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { asLocation } from '../shared/locations.js';
import { isVerdict, PIN_NOTE, PIN_SECTIONS, pinnedOrVerdict } from './pin-common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PIN06',
    title: 'AS metadata unchanged',
    requirement:
      'Issuer, endpoints, `jwks_uri`, PKCE methods, grant and response types, registration endpoint, CIMD and `iss` flags equal the baseline.',
    keyword: 'policy',
    revisions: revisionRange('2025-03-26'),
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: PIN_SECTIONS,
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'key' },
    keys: {
      '<member>':
        'the named metadata member changed: `issuer` or an endpoint’s host high; a weakened property (S256 removed, `plain`, `implicit` or `password` added, the `iss` flag dropped) medium; other changes low',
      jwks: 'the keys under the same `jwks_uri` rotated (info: normal)',
    },
    severity: 'high',
    citations: [
      rfc(8414, '2'),
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Authorization Server Binding'),
    ],
    rationale:
      'The authorization server’s metadata is where clients learn where to send users and codes, and which protections (PKCE, `iss`) they can count on. A new endpoint host can harvest authorization codes; a dropped S256 or `iss` flag removes a defence that was reviewed.',
    remediation:
      'Confirm the change with the authorization server’s operator, then re-record the lock (`--update-lock`).',
    evidence:
      'The `pin` section: per issuer, the recorded metadata members (every `*_endpoint`, `issuer`, `jwks_uri`, PKCE methods, grant and response types, CIMD and `iss` flags) and the RFC 7638 thumbprints of the key set (`p.pin.jwks`).',
    traps: 'IdPs add endpoints over time (low).',
    notes: `Compared per issuer listed both in the lock and now; an issuer listed only on one side is PIN05's change of \`authorization_servers\` (not applicable here when no issuer is on both sides). Results are located at \`as:<issuer>\`. ${PIN_NOTE} ${AS_TRANSPORT_NOTE}`,
  },
  evaluate(ev, ctx) {
    const p = pinnedOrVerdict(ev.pin, ctx);
    if (isVerdict(p)) return p;
    const was = p.baseline.authorizationServers;
    const now = p.current.authorizationServers;
    const common = Object.keys(was)
      .filter((i) => Object.hasOwn(now, i))
      .sort();
    if (common.length === 0)
      return ctx.notApplicable(
        'feature_absent',
        Object.keys(was).length === 0
          ? 'The lock records no authorization-server metadata.'
          : 'No authorization server the lock records is listed with metadata now (PIN05 reports a change of authorization_servers).',
      );
    const out: Verdict[] = [];
    for (const issuer of common) {
      const location = asLocation(issuer);
      const changes = diffAuthorizationServer(was[issuer]!, now[issuer]!);
      if (changes.length === 0)
        out.push(ctx.pass(`The metadata of ${issuer} equals the lock.`, [], { location }));
      for (const c of changes)
        out.push(
          ctx.fail(`${issuer}: ${describeMember(c)} (${c.why}).`, [], {
            location,
            key: c.member,
            severity: c.severity,
          }),
        );
    }
    return out;
  },
});
