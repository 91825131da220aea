import { defineCheck } from '../define-check.js';
import type { Severity, Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, toolsOf, WALL_TRAP } from './common.js';
import { prefilter } from '../../surface/prefilter.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_DEPTH = 6;

const CODE =
  /^(command|cmd|script|code|shell|expression|expr|eval|program|sql|query_sql|javascript|js|python|bash|snippet|source_code)$|(^|_)(command|script|code|sql|shell)$/;
const URL = /^(url|uri|href|link|endpoint|webhook|callback)$|(_|^)(url|uri|href|endpoint)$/;
const PATH =
  /^(path|file|filename|filepath|file_path|dir|directory|folder|dest|destination|source|src)$|(_|^)(path|file|dir|directory|folder)$/;

function kindOf(name: string, prop: Obj): 'code' | 'url' | 'path' | null {
  const n = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const format = prop['format'];
  if (CODE.test(n)) return 'code';
  if (URL.test(n) || format === 'uri' || format === 'url') return 'url';
  if (PATH.test(n)) return 'path';
  return null;
}

/** `enum`, `const`, a non-trivial `pattern`, `format` or `maxLength` constrain a string. */
function constrained(prop: Obj): boolean {
  if (Array.isArray(prop['enum']) || 'const' in prop) return true;
  if (typeof prop['format'] === 'string') return true;
  if (typeof prop['maxLength'] === 'number') return true;
  const p = prop['pattern'];
  return typeof p === 'string' && !/^\^?(\.\*|\.\+|[\s\S]\*)\$?$/.test(p) && p.length > 0;
}

const isString = (prop: Obj) =>
  prop['type'] === 'string' || (Array.isArray(prop['type']) && prop['type'].includes('string'));

function walk(schema: unknown, path: string, depth: number, out: { path: string; kind: string }[]): void {
  if (!isObj(schema) || depth > MAX_DEPTH || out.length >= 50) return;
  const props = schema['properties'];
  if (isObj(props))
    for (const [name, prop] of Object.entries(props)) {
      if (!isObj(prop)) continue;
      const p = escapeExcerpt(path ? `${path}.${name}` : name, 200);
      const kind = kindOf(name, prop);
      if (kind && isString(prop) && !constrained(prop)) out.push({ path: p, kind });
      walk(prop, p, depth + 1, out);
    }
  if (isObj(schema['items'])) walk(schema['items'], `${path}[]`, depth + 1, out);
}

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL08',
    title: 'Free-form inputs constrained',
    requirement:
      'String parameters named or formatted as URLs, paths, commands or code carry `enum`, `const`, a non-trivial `pattern`, `format` or `maxLength`.',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      '<parameter>':
        'the dotted path of an unconstrained URL-, path-, command- or code-like string parameter',
    },
    severity: 'low',
    confidence: 'low',
    citations: [mcp('2026-07-28', 'server/tools', 'Security Considerations')],
    rationale:
      'Free-form URL, path and code parameters are where injected instructions turn into SSRF, path traversal or code execution; a visible constraint tells clients and reviewers what the server accepts.',
    remediation:
      'Constrain the parameter (`format: uri`, a `pattern`, `maxLength`, `enum`) and validate it on the server.',
    evidence: 'A walk over `properties` and `items` of each `inputSchema` (≤ depth 6); key = dotted path.',
    traps: `A schema constraint does not prove server-side validation; \`pattern: ".*"\` does not count; \`format: uri\` counts. ${WALL_TRAP}`,
    notes: 'Low for code-like parameters; info for URL- and path-like ones.',
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    for (const item of toolsOf(s.surface)) {
      const found: { path: string; kind: string }[] = [];
      walk(item.raw?.['inputSchema'], '', 1, found);
      for (const f of found) {
        const severity: Severity = f.kind === 'code' ? 'low' : 'info';
        out.push(
          ctx.fail(
            `${locationOf(item)}: ${f.kind}-like parameter \`${f.path}\` has no constraint.`,
            s.evidence,
            {
              location: locationOf(item),
              key: f.path,
              severity,
            },
          ),
        );
      }
    }
    if (out.length > 0) return out;
    return ctx.pass('Every URL-, path- and code-like string parameter is constrained.', s.evidence);
  },
});

// The patterns' literal prefilter (./prefilter.ts).
prefilter(CODE, URL, PATH);
