import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, WALL_TRAP } from './common.js';

function iconsOf(v: unknown): string[] {
  if (typeof v !== 'object' || v === null) return [];
  const icons = (v as Record<string, unknown>)['icons'];
  if (!Array.isArray(icons)) return [];
  return icons
    .slice(0, 50)
    .map((i: unknown) =>
      typeof i === 'object' && i !== null ? (i as Record<string, unknown>)['src'] : undefined,
    )
    .filter((s): s is string => typeof s === 'string');
}

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL17',
    title: 'Icon URIs safe',
    requirement:
      '`icons[].src` of `serverInfo`, tools, prompts and resources use https or `data:` URIs on the server’s own origin.',
    keyword: 'policy',
    revisions: revisionRange('2025-11-25'),
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory', 'target'],
    rating: { scope: 'protocol' },
    keys: {
      scheme:
        'an icon uses an unsafe scheme (`javascript:`, `file:`, `http:`, `ws:` or anything but https and data)',
      'cross-origin': 'an https icon is on another origin than the server',
    },
    severity: 'medium',
    citations: [mcp('2025-11-25', 'basic/index', 'icons'), mcp('2026-07-28', 'basic/index', 'icons')],
    rationale:
      'Clients fetch icons when they render the tool list: an unsafe scheme is script or local-file access, a foreign origin tracks every user who opens the list.',
    remediation: 'Serve icons over https from the server’s own origin, or inline them as `data:` URIs.',
    evidence: '`icons[].src` of `serverInfo` and of every listed item.',
    traps: `Icons on a CDN are common (low). For stdio targets there is no origin to compare with: only the scheme is judged. ${WALL_TRAP}`,
    notes:
      'Medium for an unsafe scheme; low for https on another host (the host is compared, so an http endpoint serving https icons from itself passes). N/A without icons.',
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    // The server's host: an https icon on the same host counts as its own (an http endpoint may serve https icons).
    let host: string | null = null;
    if (ev.target.kind === 'http')
      try {
        host = new URL(ev.target.url).hostname;
      } catch {
        host = null;
      }
    const out: Verdict[] = [];
    let count = 0;
    for (const item of s.surface.items) {
      if (item.kind === 'server' && item.name !== 'info') continue;
      for (const src of iconsOf(item.raw)) {
        count++;
        const loc = locationOf(item);
        let url: URL | null = null;
        try {
          url = new URL(src);
        } catch {
          url = null;
        }
        const scheme = url?.protocol ?? 'relative';
        if (scheme === 'data:') continue;
        if (scheme !== 'https:')
          out.push(
            ctx.fail(`${loc}: icon "${escapeExcerpt(src, 100)}" uses ${scheme}.`, s.evidence, {
              location: loc,
              key: 'scheme',
              severity: 'medium',
            }),
          );
        else if (host !== null && url!.hostname !== host)
          out.push(
            ctx.fail(`${loc}: icon on another origin (${escapeExcerpt(url!.origin, 100)}).`, s.evidence, {
              location: loc,
              key: 'cross-origin',
              severity: 'low',
            }),
          );
      }
    }
    if (count === 0) return ctx.notApplicable('feature_absent', 'No icons are listed.');
    if (out.length > 0) return out;
    return ctx.pass(`${count} icons use https on the server’s origin or data: URIs.`, s.evidence);
  },
});
