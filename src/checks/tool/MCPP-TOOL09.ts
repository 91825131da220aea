import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp, UNICODE_TR39 } from '../../spec/citations.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { nameSkeleton } from '../../surface/normalise.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, toolsOf, WALL_TRAP } from './common.js';

/** Sorted-key JSON: two definitions are the same when this is. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

const plainFold = (n: string) => n.toLowerCase().replace(/[-.\s]/g, '_');

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL09',
    title: 'Tool names not confusable',
    requirement:
      'Tool names are ASCII, no two tools here (or across scanned targets) share a confusable skeleton, and one name is not listed with conflicting definitions.',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      'non-ascii': 'a tool name contains characters outside ASCII',
      confusable: 'two different names share a skeleton after homoglyph and digit folding',
      collision: 'two different names differ only in case or separators (`-`, `.`, `_`)',
      conflict: 'one name is listed twice with different definitions',
    },
    severity: 'medium',
    citations: [UNICODE_TR39, mcp('2026-07-28', 'server/tools', 'Tool Names')],
    rationale:
      'Look-alike names let one tool pass for another in a client’s list and in the model’s choice; a name listed twice with different definitions leaves the client to guess which one runs.',
    remediation: 'Use distinct ASCII names; list each tool once.',
    evidence: 'Skeletons of the tool names (NFKC, case fold, homoglyph and digit folding, `-`/`.` → `_`).',
    traps: `Exact duplicate names with identical definitions are TOOL11 (\`duplicate\`), not here. Cross-target comparison needs the run’s other surfaces and is not done per target. ${WALL_TRAP}`,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const tools = toolsOf(s.surface);
    const out: Verdict[] = [];
    // The first definition of each name; canonical forms are compared only when a name repeats.
    const seen = new Map<string, unknown>();
    const bySkeleton = new Map<string, string>();
    const byFold = new Map<string, string>();
    for (const t of tools) {
      const loc = locationOf(t);
      if (/[^\x20-\x7e]/.test(t.name))
        out.push(
          ctx.fail(`${loc}: the name has non-ASCII characters ("${escapeExcerpt(t.name)}").`, s.evidence, {
            location: loc,
            key: 'non-ascii',
          }),
        );
      if (seen.has(t.name)) {
        if (canonical(seen.get(t.name)) !== canonical(t.raw))
          out.push(
            ctx.fail(`${loc} is listed twice with different definitions.`, s.evidence, {
              location: loc,
              key: 'conflict',
            }),
          );
        continue;
      }
      seen.set(t.name, t.raw);
      const fold = plainFold(t.name);
      const skel = nameSkeleton(t.name);
      const foldPeer = byFold.get(fold);
      const skelPeer = bySkeleton.get(skel);
      if (foldPeer !== undefined)
        out.push(
          ctx.fail(
            `${loc} differs from tool:${escapeExcerpt(foldPeer)} only in case or separators.`,
            s.evidence,
            {
              location: loc,
              key: 'collision',
            },
          ),
        );
      else if (skelPeer !== undefined)
        out.push(
          ctx.fail(
            `${loc} is confusable with tool:${escapeExcerpt(skelPeer)} (skeleton "${escapeExcerpt(skel)}").`,
            s.evidence,
            { location: loc, key: 'confusable' },
          ),
        );
      byFold.set(fold, t.name);
      bySkeleton.set(skel, t.name);
    }
    if (out.length > 0) return out;
    return ctx.pass(`${tools.length} tool names are ASCII and distinct.`, s.evidence);
  },
});
