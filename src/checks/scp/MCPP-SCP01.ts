import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { advertisedScopes } from './scopes.js';

const CATCH_ALL = new Set([
  'all',
  'root',
  'superuser',
  'super_user',
  'su',
  'admin',
  'full',
  'full_access',
  'full-access',
  'fullaccess',
  'everything',
  'any',
  'god',
]);

/** Why a scope is an omnibus scope, or null. */
function omnibus(scope: string): string | null {
  if (scope.includes('*')) return 'wildcard';
  const lower = scope.toLowerCase();
  if (CATCH_ALL.has(lower)) return 'catch-all name';
  // `x:admin`, `x.all`, `x/full_access`, Azure's `<resource>/.default`.
  const last = lower.split(/[:./]/).filter(Boolean).pop() ?? '';
  if (lower.endsWith('/.default')) return 'catch-all (`.default` grants every configured permission)';
  if (lower !== last && CATCH_ALL.has(last)) return `catch-all segment \`${last}\``;
  return null;
}

const LONG_LIST = 25;

export default defineCheck({
  meta: {
    id: 'MCPP-SCP01',
    title: 'No omnibus scopes',
    requirement:
      'Scopes the resource advertises (PRM `scopes_supported`, challenge `scope`) contain no wildcard or catch-all scopes (`*`, `all`, `root`, `superuser`, `full_access`, `everything`, `x:*`, `*.x`, `x.all`, `x:admin` …).',
    keyword: 'policy',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', prmLocated: true },
    keys: {
      '<scope>': 'the advertised scope that looks omnibus (*, admin, all, .default …), one result per scope',
    },
    severity: 'medium',
    confidence: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/authorization', 'Scope Selection Strategy'),
      mcp('2025-11-25', 'basic/security_best_practices', 'Scope Minimization'),
      rfc(6749, '3.3'),
    ],
    rationale:
      'A catch-all scope turns every token into a master key: a token stolen from one MCP client, or obtained for one harmless tool, can do everything the resource allows. Scope minimisation limits the blast radius of a leaked token.',
    remediation:
      'Replace wildcard and catch-all scopes with narrow ones per capability (`mcp:tools:read`, `files:write` ...), challenge for the scopes an operation needs, and keep administrative scopes out of what ordinary clients are offered.',
    evidence:
      '`scopes_supported` of the first found PRM variant; `scope` of the Bearer challenges to ordinary unauthenticated requests.',
    traps:
      '`admin` can be a legitimately narrow scope name in some APIs (conf. medium); very long lists (>25) are reported in the evidence.',
    notes:
      'Matches: any `*`; the names all, root, superuser, su, admin, full, full_access, everything, any, god — alone or as the last `:`/`.`/`/` segment (`repo:admin`, `files.all`); and Azure-style `<resource>/.default`. One failing result per matched scope (key = scope, conf. medium). A list longer than 25 scopes is mentioned in the message.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const scopes = advertisedScopes(oauth);
    if (scopes.size === 0) {
      return ctx.notApplicable(
        'feature_absent',
        'The resource advertises no scopes (no PRM scopes_supported, no challenge scope).',
      );
    }
    const long = scopes.size > LONG_LIST ? ` The resource advertises ${scopes.size} scopes.` : '';
    const verdicts: Verdict[] = [];
    for (const [scope, ids] of scopes) {
      const why = omnibus(scope);
      if (why) {
        verdicts.push(
          ctx.fail(`The advertised scope "${scope}" is an omnibus scope (${why}).${long}`, ids.slice(0, 4), {
            key: scope,
          }),
        );
      }
    }
    if (verdicts.length > 0) return verdicts;
    return ctx.pass(
      `None of the ${scopes.size} advertised scope(s) is a wildcard or catch-all.${long}`,
      [...new Set([...scopes.values()].flat())].slice(0, 4),
    );
  },
});
