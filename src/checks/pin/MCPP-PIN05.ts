import { describeMember, diffProtectedResource } from '../../lock/metadata-diff.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { defineCheck } from '../define-check.js';
import { isVerdict, PIN_NOTE, PIN_SECTIONS, pinnedOrVerdict } from './pin-common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PIN05',
    title: 'Resource metadata unchanged',
    requirement:
      'PRM `resource`, `authorization_servers`, `scopes_supported`, `bearer_methods_supported` and the challenge’s `resource_metadata` and `scope` equal the baseline.',
    keyword: 'policy',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: PIN_SECTIONS,
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {
      '<member>':
        'the named member changed (`authorization_servers` high; `resource`, `scopes_supported`, `bearer_methods_supported`, `resource_metadata`, `scope` medium)',
      withdrawn: 'the lock records resource metadata or a challenge, and this scan found neither (medium)',
      published: 'resource metadata or a challenge appeared that the lock does not record (medium)',
    },
    severity: 'high',
    keySeverity: { withdrawn: 'medium', published: 'medium' },
    citations: [
      rfc(9728, '5.2'),
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Authorization Server Binding'),
    ],
    rationale:
      'Clients follow `authorization_servers` to decide where users log in and which server mints their tokens: a swapped list sends every user to a server nobody reviewed, and clients must re-register there. The other members change what clients ask for and where they look.',
    remediation:
      'Confirm the change with the operator (a planned migration of the authorization server), then re-record the lock (`--update-lock`).',
    evidence:
      'The `pin` section: the recorded protected-resource members and challenge parameters vs. the current ones (string lists compared as sets).',
    traps: 'Planned AS migrations — re-record after review.',
    notes: `Not applicable (\`feature_absent\`) when neither the lock nor this scan has resource metadata or a challenge. Keys \`withdrawn\` and \`published\` cover the whole metadata appearing or disappearing (PIN07 reports whether authorization is still required). ${PIN_NOTE}`,
  },
  evaluate(ev, ctx) {
    const p = pinnedOrVerdict(ev.pin, ctx);
    if (isVerdict(p)) return p;
    const a = p.baseline.protectedResource;
    const b = p.current.protectedResource;
    if (!a && !b)
      return ctx.notApplicable(
        'feature_absent',
        'Neither the lock nor this scan has protected-resource metadata.',
      );
    if (a && !b)
      return ctx.fail('The lock records protected-resource metadata; this scan found none.', [], {
        key: 'withdrawn',
      });
    if (!a && b)
      return ctx.fail('Protected-resource metadata is published that the lock does not record.', [], {
        key: 'published',
      });
    const changes = diffProtectedResource(a!.fields, b!.fields);
    if (changes.length === 0)
      return ctx.pass('The protected-resource metadata and challenge equal the lock.');
    return changes.map((c) =>
      ctx.fail(`${describeMember(c)} (${c.why}).`, [], { key: c.member, severity: c.severity }),
    );
  },
});
