import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { atLeast, MODERN_REVISION, newest, sortRevisions } from '../../spec/revisions.js';

export default defineCheck({
  meta: {
    id: 'MCPP-TRN16',
    title: 'Current protocol revision supported',
    requirement: 'The server supports the current revision 2026-07-28 (inventory of supported revisions).',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse', 'stdio'],
    mode: 'passive',
    requires: ['detection'],
    rating: { scope: 'protocol' },
    keys: {},
    severity: 'info',
    citations: [
      mcp('2026-07-28', 'basic/versioning', 'Protocol Version Negotiation'),
      mcp('2026-07-28', 'changelog'),
    ],
    rationale:
      'Clients built for the current revision fall back to older handshakes or refuse; older revisions lack later security fixes (Origin 403, authorization hardening, stateless wire).',
    remediation:
      'Add support for 2026-07-28 (`server/discover`, per-request `_meta`, standard headers) next to the revisions already served; dual-era servers keep answering `initialize`.',
    evidence:
      'K, the revisions proven by the detection ladder (DiscoverResult `supportedVersions`, `-32022` data, `initialize` answers).',
    traps:
      'Legacy-only servers fully conform to their revision — this is inventory, not a violation; dual-era servers pass.',
    notes:
      'Severity: info when 2026-07-28 is not supported, low when the newest supported revision is 2025-03-26 or older. Deviation: when the revision is pinned with `--spec` to something other than 2026-07-28, K reflects the pin and not what the server offers, so the result is inconclusive (`ambiguous`). With K empty the result is inconclusive: `auth_wall` behind an authorization wall, `ambiguous` otherwise.',
  },
  evaluate(ev, ctx) {
    const r = ev.detection.revision;
    const d = ev.detection;
    const evidence: ExchangeId[] = [
      ...(d.discover.kind === 'ok' ? [d.discover.value.exchange] : []),
      ...d.inits.flatMap((a) => (a.probe.kind === 'ok' ? [a.probe.value.exchange] : [])),
    ];
    const known = sortRevisions(r.known);
    if (known.includes(MODERN_REVISION)) {
      return ctx.pass(`2026-07-28 is supported (supported revisions: ${known.join(', ')}).`, evidence);
    }
    if (r.source === 'pinned') {
      return ctx.inconclusive(
        'ambiguous',
        `The revision is pinned to ${known.join(', ') || 'nothing'} (--spec); the revisions the server offers were not enumerated.`,
      );
    }
    const top = newest(known);
    if (top === null) {
      const unknown = r.unknownVersions.length
        ? ` (unrecognised versions offered: ${r.unknownVersions.join(', ')})`
        : '';
      return d.authWall
        ? ctx.inconclusive(
            'auth_wall',
            `No supported revision could be established behind the authorization wall${unknown}.`,
          )
        : ctx.inconclusive('ambiguous', `No supported revision could be established${unknown}.`, evidence);
    }
    const outdated = !atLeast(top, '2025-06-18');
    return ctx.fail(
      `The current revision 2026-07-28 is not supported; supported revisions: ${known.join(', ')}${outdated ? ` — the newest, ${top}, predates 2025-06-18` : ''}.`,
      evidence,
      { severity: outdated ? 'low' : 'info' },
    );
  },
});
