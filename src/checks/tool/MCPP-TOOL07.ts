import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, toolsOf, WALL_TRAP } from './common.js';

const DESTRUCTIVE = new Set([
  'delete',
  'remove',
  'drop',
  'destroy',
  'erase',
  'purge',
  'wipe',
  'truncate',
  'overwrite',
  'kill',
  'terminate',
  'uninstall',
  'unlink',
  'rm',
  'rmdir',
  'revoke',
  'clear',
  'reset',
  'format',
]);
const WRITE = new Set([
  'create',
  'write',
  'update',
  'set',
  'put',
  'post',
  'add',
  'insert',
  'edit',
  'modify',
  'move',
  'rename',
  'upload',
  'send',
  'push',
  'commit',
  'merge',
  'patch',
  'save',
  'apply',
  'install',
  'deploy',
  'publish',
  'append',
  'replace',
  'upsert',
  'store',
  'submit',
  'archive',
  'close',
  'assign',
  'invite',
  'transfer',
  'pay',
  'book',
  'order',
]);

/** Words of a tool name: snake, kebab, dotted and camel case. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL07',
    title: 'Annotations consistent with the tool name',
    requirement:
      'A tool whose name says it deletes or overwrites is not annotated `readOnlyHint: true` or `destructiveHint: false`; write-verb tools are not `readOnlyHint: true`.',
    keyword: 'policy',
    revisions: revisionRange('2025-03-26'),
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      'read-only': 'a tool named for deleting or writing is annotated `readOnlyHint: true`',
      destructive:
        'a tool named for deleting or overwriting is annotated `readOnlyHint: false` with `destructiveHint: false`',
    },
    severity: 'low',
    confidence: 'medium',
    citations: [mcp('2025-03-26', 'schema', 'ToolAnnotations'), mcp('2026-07-28', 'server/tools', 'Tool')],
    rationale:
      'Clients use annotations to decide whether to ask before a call; a delete tool that claims to be read-only skips the confirmation a user relies on.',
    remediation:
      'Annotate honestly: `readOnlyHint: false` and `destructiveHint: true` for tools that delete or overwrite.',
    evidence:
      'The verbs of each tool name (word boundary, snake/kebab/camel case) against its `annotations`.',
    traps: `\`destructiveHint\` and \`idempotentHint\` only mean something with \`readOnlyHint: false\`; missing annotations are not flagged (the defaults are the cautious assumption). ${WALL_TRAP}`,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    let annotated = 0;
    for (const item of toolsOf(s.surface)) {
      const ann = item.raw?.['annotations'];
      if (typeof ann !== 'object' || ann === null) continue;
      annotated++;
      const a = ann as Record<string, unknown>;
      const words = nameWords(item.name);
      const destructive = words.find((w) => DESTRUCTIVE.has(w));
      const write = words.find((w) => WRITE.has(w));
      if ((destructive || write) && a['readOnlyHint'] === true)
        out.push(
          ctx.fail(
            `${locationOf(item)} is named for "${destructive ?? write}" but annotated readOnlyHint: true.`,
            s.evidence,
            {
              location: locationOf(item),
              key: 'read-only',
            },
          ),
        );
      else if (destructive && a['readOnlyHint'] === false && a['destructiveHint'] === false)
        out.push(
          ctx.fail(
            `${locationOf(item)} is named for "${destructive}" but annotated destructiveHint: false.`,
            s.evidence,
            {
              location: locationOf(item),
              key: 'destructive',
            },
          ),
        );
    }
    if (out.length > 0) return out;
    return ctx.pass(`Annotations of ${annotated} annotated tools agree with their names.`, s.evidence);
  },
});
