import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { discoveryFetches, isFoundDocument } from '../authn/discovery.js';

function originOf(url: string, base?: string): string | null {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
}

export default defineCheck({
  meta: {
    id: 'MCPP-TRN15',
    title: 'Discovery documents served without cross-origin redirects',
    requirement: 'PRM and AS metadata URLs answer directly or through same-origin redirects only.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http', 'as'],
    mode: 'passive',
    requires: ['target', 'oauth?'],
    rating: { scope: 'protocol' },
    keys: {
      '<url>': 'the requested metadata URL whose redirect chain crosses origins (one result per URL)',
    },
    severity: 'low',
    citations: [
      rfc(9728, '3.3'),
      rfc(8414, '3.3'),
      mcp(
        '2026-07-28',
        'basic/authorization/authorization-server-discovery',
        'Authorization Server Metadata Discovery',
      ),
    ],
    rationale:
      'The well-known metadata URL is what ties a document to its origin. A cross-origin redirect hands that trust to another host: clients that follow it accept metadata from wherever the redirect points, and clients that do not follow it fail.',
    remediation:
      'Serve the PRM and AS metadata directly at their well-known URLs (or redirect within the same origin only).',
    evidence:
      'The redirect chains recorded by `p.prm`, `p.as` and `p.as0326` (each hop’s status and `Location`).',
    traps:
      'Some hosted IdPs redirect discovery URLs to a tenant host; the issuer comparison (ASM02) still protects clients, hence low.',
    notes:
      'One result per fetched metadata URL that served a document or was redirected (key = the requested URL; location `prm:<url>` or `as:<issuer>`). A scheme change (http → https) is a change of origin and counts as cross-origin. Fetches that neither served a document nor redirected are not judged.',
  },
  evaluate(ev, ctx) {
    const verdicts: Verdict[] = [];
    for (const d of discoveryFetches(ev)) {
      const f = d.fetch;
      if (f.hops.length === 0 && !isFoundDocument(f)) continue;
      let prev = f.url;
      const crossings: string[] = [];
      for (const hop of f.hops) {
        const from = originOf(prev);
        const to = originOf(hop.location, prev);
        if (from !== to) crossings.push(`${hop.status} ${prev} → ${hop.location}`);
        prev = to === null ? hop.location : new URL(hop.location, prev).href;
      }
      const ids = [...f.hops.map((h) => h.exchange), f.exchange];
      const opts = { location: d.location, key: f.url };
      if (crossings.length > 0) {
        verdicts.push(
          ctx.fail(`The ${d.kind} URL redirects across origins: ${crossings.join('; ')}.`, ids, opts),
        );
      } else {
        const how = f.hops.length === 0 ? 'directly' : `after ${f.hops.length} same-origin redirect(s)`;
        verdicts.push(ctx.pass(`The ${d.kind} at ${f.url} answers ${how}.`, ids, opts));
      }
    }
    if (verdicts.length === 0) {
      return ctx.notApplicable('feature_absent', 'No PRM or AS metadata document was fetched.');
    }
    return verdicts;
  },
});
