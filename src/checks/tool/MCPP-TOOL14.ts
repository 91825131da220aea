import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { isVerdict, locationOf, surfaceOrVerdict, toolsOf, WALL_TRAP } from './common.js';
import { onlyThroughProperties, walkObjects } from './schema-walk.js';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const TYPES = new Set(['integer', 'string', 'boolean']);

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL14',
    title: '`x-mcp-header` annotations valid',
    requirement:
      'Every `x-mcp-header` value is non-empty, a valid HTTP token, case-insensitively unique within the schema, and sits on an integer, string or boolean property reachable only through `properties` keys.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http', 'stdio'],
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      empty: 'an `x-mcp-header` value is empty or not a string',
      token: 'an `x-mcp-header` value is not a valid HTTP token (field-name characters)',
      duplicate: 'two `x-mcp-header` values of one schema are equal ignoring case',
      type: 'the annotated property is not of type integer, string or boolean',
      reachability:
        'the annotated property is reached through something other than `properties` keys (items, composition, `$ref`)',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'server/tools', 'x-mcp-header'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Schema Extension'),
    ],
    rationale:
      'Conforming HTTP clients drop a tool whose header annotations are invalid: the tool disappears for them.',
    remediation:
      'Annotate only top-level (or nested `properties`) integer, string or boolean parameters, with distinct HTTP token names.',
    evidence: 'A walk of each `inputSchema` for `x-mcp-header`.',
    traps: `\`number\` is not allowed (integer is); paths through \`items\`, composition keywords or \`$ref\` are invalid. ${WALL_TRAP}`,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    let annotations = 0;
    for (const t of toolsOf(s.surface)) {
      const loc = locationOf(t);
      const seen = new Map<string, string>();
      const problems = new Map<string, string[]>();
      const add = (key: string, what: string) => problems.set(key, [...(problems.get(key) ?? []), what]);
      walkObjects(t.raw?.['inputSchema'], (node, path) => {
        if (!Object.hasOwn(node, 'x-mcp-header')) return;
        annotations++;
        const where = escapeExcerpt(path.join('.') || '(root)', 200);
        const v = node['x-mcp-header'];
        if (typeof v !== 'string' || v.length === 0) {
          add('empty', where);
          return;
        }
        if (!TOKEN.test(v)) add('token', `${where} = "${escapeExcerpt(v, 60)}"`);
        const lower = v.toLowerCase();
        if (seen.has(lower)) add('duplicate', `${where} and ${seen.get(lower)!} = "${escapeExcerpt(v, 60)}"`);
        else seen.set(lower, where);
        if (typeof node['type'] !== 'string' || !TYPES.has(node['type'])) add('type', where);
        if (!onlyThroughProperties(path)) add('reachability', where);
      });
      for (const [key, where] of problems)
        out.push(
          ctx.fail(`${loc}: invalid x-mcp-header (${key}) at ${where.slice(0, 5).join('; ')}.`, s.evidence, {
            location: loc,
            key,
          }),
        );
    }
    if (annotations === 0)
      return ctx.notApplicable('feature_absent', 'No tool schema carries an x-mcp-header annotation.');
    if (out.length > 0) return out;
    return ctx.pass(`${annotations} x-mcp-header annotations are valid.`, s.evidence);
  },
});
