import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp, OWASP_MCP_TOP10 } from '../../spec/citations.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { escapeRegExp } from '../../escape/regexp.js';
import { COMMON_NAMES, NEGATION } from '../../surface/lexicon.js';
import { skeleton } from '../../surface/normalise.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, toolsOf, WALL_TRAP } from './common.js';
import { clausesOf, proseOf } from './prose.js';

/** Directives about how a named tool must be used (not plain ordering such as "call X first"). */
function dictates(clause: string, name: string): boolean {
  const n = escapeRegExp(name);
  return (
    new RegExp(
      `\\b(do not|don't|never|must not|should not)\\s+(use|call|invoke|trust|run)\\s+(the\\s+)?\`?${n}\\b`,
    ).test(clause) ||
    new RegExp(
      `\\bwhen(ever)?\\s+(using|calling|you use|you call|invoking)\\s+(the\\s+)?\`?${n}\\b[^.;]{0,80}\\b(always|must|add|include|set|bcc|cc|send|append|change|replace)\\b`,
    ).test(clause) ||
    new RegExp(`\\b${n}\`?\\s+(must|should)\\s+(always|never|not)\\b`).test(clause)
  );
}

const WORD = /[a-z0-9_]+/g;

/**
 * The names a clause can mention, found through their first word: every pattern in `dictates`
 * puts a word boundary before the name, so its first word is a whole word of the clause. Without
 * the index, 20 000 tools made this check compare every clause with every name.
 */
function nameIndex(names: readonly string[]): (clause: string) => string[] {
  const byFirstWord = new Map<string, string[]>();
  const always: string[] = [];
  for (const name of names) {
    const first = /^[a-z0-9_]+/.exec(name)?.[0];
    if (!first) {
      always.push(name);
      continue;
    }
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), name]);
  }
  return (clause) => {
    const found = new Set(always);
    for (const w of clause.match(WORD) ?? []) for (const n of byFirstWord.get(w) ?? []) found.add(n);
    return [...found];
  };
}

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL04',
    title: 'No cross-tool shadowing',
    requirement:
      'Tool text does not mention tools of other servers scanned in the same run or in the baseline, and does not dictate how sibling tools must be used.',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      sibling: 'a tool’s text dictates how another tool of the same server must (not) be used',
      cross:
        'a tool names, or has the name of, a tool of another server installed beside it in the same MCP client configuration (`scan --discovered`)',
    },
    severity: 'medium',
    confidence: 'low',
    citations: [mcp('2026-07-28', 'server/tools', 'Tool Names'), OWASP_MCP_TOP10],
    rationale:
      'A tool description that rewrites how other tools are used (add a recipient, never call a tool) shadows them: the agent follows it whenever the tool is merely listed.',
    remediation: 'Describe this tool; leave other tools’ use to their own descriptions and to the user.',
    evidence:
      'Token-boundary mentions of sibling tool names (≥4 characters, not generic) in each tool’s prose, normalised, clause by clause, with a directive about that tool.',
    traps: `Generic names (\`search\`, \`read\`) are ignored via a common-word list; ordering guidance ("call list_files before read_file") is not a finding; negated clauses are counter-evidence. ${WALL_TRAP}`,
    notes:
      'Sibling mentions are low at most (conf. low). The `cross` key (medium) judges the servers of one MCP client configuration together, as `scan --discovered` finds them: once every server of the configuration is scanned, a tool whose prose names a specific tool (≥4 characters, not generic) that only another of those servers has, or whose name is another server’s tool name, fails, with both servers named (conf. medium for a shared name, low for a mention). The evidence of one target does not hold the other servers, so `evaluate` on a saved bundle does not repeat the `cross` results, and the baseline’s or lock’s names are not used yet.',
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const tools = toolsOf(s.surface);
    const names = [...new Set(tools.map((t) => skeleton(t.name)))].filter(
      (n) => n.length >= 4 && !COMMON_NAMES.has(n),
    );
    const candidatesIn = nameIndex(names);
    const out: Verdict[] = [];
    for (const item of tools) {
      const own = skeleton(item.name);
      const hits: string[] = [];
      for (const str of proseOf(item)) {
        for (const c of clausesOf(str)) {
          // The names first: most clauses name no sibling, and then the negation test is moot.
          const named = candidatesIn(c);
          if (named.length === 0) continue;
          if (NEGATION.test(c) && !/\b(do not|don't|never|must not)\s+(use|call)\b/.test(c)) continue;
          for (const name of named)
            if (name !== own && c.includes(name) && dictates(c, name) && hits.length < 5)
              hits.push(`${str.field} about ${escapeExcerpt(name, 80)}: "${escapeExcerpt(c, 160)}"`);
        }
      }
      if (hits.length > 0)
        out.push(
          ctx.fail(
            `${locationOf(item)} dictates how sibling tools are used: ${hits.join('; ')}`,
            s.evidence,
            {
              location: locationOf(item),
              key: 'sibling',
              severity: 'low',
              confidence: 'low',
            },
          ),
        );
    }
    if (out.length > 0) return out;
    return ctx.pass(`No tool text dictates how other tools are used (${tools.length} tools).`, s.evidence);
  },
});
