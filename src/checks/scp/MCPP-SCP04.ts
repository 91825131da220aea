import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { stringArray } from '../authn/discovery.js';
import { advertisedScopes } from './scopes.js';
import { asLocation } from '../shared/locations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-SCP04',
    title: 'Resource scopes known to the AS',
    requirement:
      'Every scope the resource advertises appears in the AS `scopes_supported` when the AS publishes one.',
    keyword: 'policy',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http', 'as'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', prmLocated: true },
    keys: {
      '<scope>':
        'an advertised scope the authorization server does not list in scopes_supported (info), one result per scope',
    },
    severity: 'info',
    confidence: 'medium',
    citations: [rfc(9728, '2'), rfc(8414, '2')],
    rationale:
      'A client requests the scopes the resource advertises from the authorization server. A scope the AS does not know is typically rejected (`invalid_scope`) or silently dropped, and the token then lacks what the resource requires.',
    remediation:
      'Register every scope the MCP server advertises (PRM `scopes_supported` and challenge `scope`) with the authorization server and list it in the AS metadata `scopes_supported`.',
    evidence:
      '`scopes_supported` of the first found PRM variant and the challenge `scope`, against `scopes_supported` of each listed authorization server’s metadata.',
    traps: 'ASes may issue unlisted dynamic scopes, and MCP does not require every scope to be surfaced.',
    notes:
      'Judged per authorization server whose metadata was found and lists `scopes_supported` (location `as:<issuer>`); one failing result per unknown scope (key = scope, info, conf. medium). Not applicable when the resource advertises no scope or no AS lists its scopes.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const resourceScopes = advertisedScopes(oauth);
    if (resourceScopes.size === 0) {
      return ctx.notApplicable('feature_absent', 'The resource advertises no scopes.');
    }
    const verdicts: Verdict[] = [];
    for (const as of oauth.authorizationServers) {
      const listed = stringArray(as.found?.metadata['scopes_supported']);
      if (!as.found || listed === null) continue;
      const attempt = as.attempts[as.found.attempt];
      const asIds = attempt && attempt.fetch.kind === 'ok' ? [attempt.fetch.value.exchange] : [];
      const location = asLocation(as.issuer);
      let unknown = 0;
      for (const [scope, ids] of resourceScopes) {
        if (listed.includes(scope)) continue;
        unknown++;
        verdicts.push(
          ctx.fail(
            `The resource advertises scope "${scope}", which ${as.issuer} does not list in scopes_supported.`,
            [...ids.slice(0, 3), ...asIds],
            {
              location,
              key: scope,
            },
          ),
        );
      }
      if (unknown === 0) {
        verdicts.push(
          ctx.pass(`All ${resourceScopes.size} resource scope(s) are listed by ${as.issuer}.`, asIds, {
            location,
          }),
        );
      }
    }
    if (verdicts.length === 0) {
      return ctx.notApplicable('feature_absent', 'No authorization server metadata lists scopes_supported.');
    }
    return verdicts;
  },
});
