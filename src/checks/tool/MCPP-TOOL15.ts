import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { isVerdict, locationOf, surfaceOrVerdict, toolsOf, WALL_TRAP } from './common.js';
import { walkObjects } from './schema-walk.js';
import { prefilter } from '../../surface/prefilter.js';

const SENSITIVE =
  /(pass(word|wd|phrase)?|token|secret|api[_-]?key|apikey|authori[sz]ation|\bauth\b|cookie|session|credential|private[_-]?key|\bssn\b|social security|e-?mail|phone|birth|\bdob\b|credit card|card number|iban)/i;

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL15',
    title: 'No secrets mirrored into headers',
    requirement:
      'No parameter that looks sensitive (password, token, secret, API key, authorization, cookie, personal data) carries `x-mcp-header`.',
    keyword: 'SHOULD NOT',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http', 'stdio'],
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      '<parameter>': 'the dotted path of a sensitive-looking parameter that is mirrored into a header',
    },
    severity: 'medium',
    confidence: 'medium',
    citations: [mcp('2026-07-28', 'server/tools', 'x-mcp-header')],
    rationale:
      'Header values are logged by proxies, load balancers and gateways; a secret mirrored into a header leaks into every log on the path.',
    remediation:
      'Remove `x-mcp-header` from credential and personal-data parameters; keep them in the request body.',
    evidence: 'Names and descriptions of properties annotated with `x-mcp-header`.',
    traps: `Header values are logged by intermediaries. ${WALL_TRAP}`,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    let annotated = 0;
    for (const t of toolsOf(s.surface))
      walkObjects(t.raw?.['inputSchema'], (node, path) => {
        if (!Object.hasOwn(node, 'x-mcp-header')) return;
        annotated++;
        const name = path[path.length - 1] ?? '';
        const text = `${name} ${typeof node['description'] === 'string' ? node['description'] : ''} ${String(node['x-mcp-header'])}`;
        if (!SENSITIVE.test(text)) return;
        const param = escapeExcerpt(path.filter((_, i) => i % 2 === 1).join('.') || name, 200);
        out.push(
          ctx.fail(
            `${locationOf(t)}: sensitive-looking parameter \`${param}\` is mirrored into a header.`,
            s.evidence,
            { location: locationOf(t), key: param || '(root)' },
          ),
        );
      });
    if (annotated === 0)
      return ctx.notApplicable('feature_absent', 'No tool schema carries an x-mcp-header annotation.');
    if (out.length > 0) return out;
    return ctx.pass(`None of ${annotated} header-mirrored parameters looks sensitive.`, s.evidence);
  },
});

// The patterns' literal prefilter (./prefilter.ts).
prefilter(SENSITIVE);
