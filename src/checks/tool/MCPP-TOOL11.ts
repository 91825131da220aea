import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, toolsOf, WALL_TRAP } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL11',
    title: 'Tool names follow the naming rules',
    requirement: 'Names are 1–128 characters from `A–Z a–z 0–9 _ - .` and unique within the server.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-11-25'),
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      length: 'the name is empty or longer than 128 characters',
      charset: 'the name has characters outside `A–Z a–z 0–9 _ - .`',
      duplicate: 'the name is listed more than once',
    },
    severity: 'low',
    citations: [
      mcp('2025-11-25', 'server/tools', 'Tool Names'),
      mcp('2026-07-28', 'server/tools', 'Tool Names'),
    ],
    rationale:
      'Clients key tools by name, namespace them and (from 2026-07-28) carry them in `Mcp-Name`; names outside the rules break that.',
    remediation: 'Rename tools to 1–128 characters of letters, digits, `_`, `-` and `.`, each once.',
    evidence: 'The `name` of every listed tool.',
    traps: `Namespacing with \`/\` or \`:\` fails the charset rule; 2026-07-28 clients then Base64-encode such names in \`Mcp-Name\`. ${WALL_TRAP}`,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const tools = toolsOf(s.surface);
    const out: Verdict[] = [];
    const seen = new Set<string>();
    for (const t of tools) {
      const name = typeof t.raw?.['name'] === 'string' ? t.raw['name'] : '';
      const loc = locationOf(t);
      if (name.length < 1 || name.length > 128)
        out.push(
          ctx.fail(`${loc}: the name is ${name.length} characters.`, s.evidence, {
            location: loc,
            key: 'length',
          }),
        );
      if (!/^[A-Za-z0-9_.-]*$/.test(name))
        out.push(
          ctx.fail(`${loc}: "${escapeExcerpt(name)}" has characters outside A–Z a–z 0–9 _ - .`, s.evidence, {
            location: loc,
            key: 'charset',
          }),
        );
      if (seen.has(name))
        out.push(
          ctx.fail(`${loc} is listed more than once.`, s.evidence, { location: loc, key: 'duplicate' }),
        );
      seen.add(name);
    }
    if (out.length > 0) return out;
    return ctx.pass(`${tools.length} tool names follow the naming rules.`, s.evidence);
  },
});
