import { describeMember, diffProtocol } from '../../lock/diff.js';
import { mcp } from '../../spec/citations.js';
import { defineCheck } from '../define-check.js';
import { isVerdict, PIN_NOTE, PIN_SECTIONS, PIN_TRANSPORTS, pinnedOrVerdict } from './pin-common.js';

const KEY: Readonly<Record<string, string>> = {
  authRequired: 'auth-required',
  transport: 'transport',
  revisions: 'revisions',
  capabilities: 'capabilities',
  serverInfo: 'server-info',
};

export default defineCheck({
  meta: {
    id: 'MCPP-PIN07',
    title: 'Server identity and protocol surface unchanged',
    requirement:
      '`serverInfo`, capabilities, supported revisions, transport and the authorization-required flag equal the baseline.',
    keyword: 'policy',
    revisions: 'any',
    transports: PIN_TRANSPORTS,
    mode: 'passive',
    requires: PIN_SECTIONS,
    rating: { scope: 'protocol' },
    keys: {
      'auth-required': 'authorization is no longer required (medium), or is required now and was not (low)',
      transport: 'the transport changed: to the deprecated HTTP+SSE medium, otherwise low',
      revisions: 'the supported protocol revisions changed (low)',
      capabilities: 'the declared capabilities changed (low)',
      'server-info': '`serverInfo` changed, e.g. a version bump on a release (low)',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'basic/versioning', 'Protocol Version Negotiation')],
    rationale:
      'A server that stops requiring authorization now serves its tools to anyone; a downgrade to HTTP+SSE brings back a deprecated transport. Smaller changes (a version bump, a new capability) are the trail that explains the other PIN findings.',
    remediation: 'Confirm the change was intended (a release), then re-record the lock (`--update-lock`).',
    evidence:
      'The `pin` section: `serverInfo`, the InitializeResult (or DiscoverResult) capabilities, the known revisions, the transport, and whether a request without credentials is refused (an auth wall, or a 401).',
    traps: 'Version bumps are expected on releases (low).',
    notes: `Revisions and capabilities are compared only when both the lock and this scan could list the server (behind an authorization wall they are not known). ${PIN_NOTE}`,
  },
  evaluate(ev, ctx) {
    const p = pinnedOrVerdict(ev.pin, ctx);
    if (isVerdict(p)) return p;
    const changes = diffProtocol(p.baseline, p.current);
    if (changes.length === 0) return ctx.pass('The server identity and protocol surface equal the lock.');
    return changes.map((c) =>
      ctx.fail(`${describeMember(c)} (${c.why}).`, [], { key: KEY[c.member]!, severity: c.severity }),
    );
  },
});
