import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { CVE_2021_42574, mcp, UNICODE_TR36, UNICODE_TR39 } from '../../spec/citations.js';
import { hiddenSeverity, scanHidden } from '../../surface/hidden.js';
import type { HiddenCategory, HiddenRun } from '../../surface/hidden.js';
import { inertRun } from '../../surface/inert-hidden.js';
import { wordHiding } from '../../surface/word-hiding.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, WALL_TRAP } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL02',
    title: 'No invisible or bidirectional control characters',
    requirement:
      'Inspected text has no bidi controls, zero-width characters, Unicode tag characters, supplementary variation selectors, other format (Cf), private-use or C0/C1 control characters (except tab, LF, CR).',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      tag: 'Unicode tag characters (U+E0000–U+E007F), which spell hidden ASCII; the decoded text is shown',
      bidi: 'bidirectional embedding, override or isolate controls (Trojan Source)',
      'zero-width': 'zero-width spaces, joiners or word joiners outside emoji sequences',
      'variation-selector': 'runs of variation selectors, or supplementary selectors (which can carry bytes)',
      'private-use': 'private-use code points, which render as nothing or as arbitrary glyphs',
      control: 'C0 or C1 control characters other than tab, LF and CR (ANSI escapes included)',
      format: 'other format (Cf) characters such as directional marks or soft hyphens',
      bom: 'a byte-order mark at the start of a string (tooling artefact, still invisible)',
      'html-comment': 'an HTML comment with text, hidden from a rendered view',
      'whitespace-gap': 'a long run of spaces or blank lines that pushes text out of view',
    },
    severity: 'high',
    citations: [
      UNICODE_TR36,
      UNICODE_TR39,
      CVE_2021_42574,
      mcp('2026-07-28', 'index', 'Security and Trust & Safety'),
    ],
    rationale:
      'Invisible characters let a server show a person one text and the model another: tag characters carry whole hidden sentences, bidi controls reorder what is displayed.',
    remediation:
      'Strip format, control, tag and private-use characters from every name, description and schema string; keep right-to-left text in plain letters without controls.',
    evidence:
      'A code-point scan of every inspected string (raw projection), plus HTML comments and whitespace gaps; evidence shows `<U+XXXX>` and the decoded tag text, escaped.',
    traps: `Right-to-left text uses bidi letters, not controls; ZWJ inside emoji sequences, ZWNJ inside words, a single variation selector after a symbol and emoji flag tag sequences are exempt; a leading BOM is medium. ${WALL_TRAP}`,
    notes:
      'High for tag characters, bidi controls and supplementary variation selectors, and for zero-width or format characters that hide words: splitting Latin, Greek or Cyrillic words three times or more in one string, strewn beside such letters eight times or more, or a run of two zero-width kinds that spells text as bits (shown decoded); medium for the other categories (including HTML comments and whitespace gaps, which the raw projection also reports). Low when every run of the category hides nothing: a soft hyphen between two letters, a directional mark beside a right-to-left letter, an HTML comment whose text the TOOL01 judge reads nothing in (a build note); a comment that addresses the model or orders anything stays medium, and TOOL01 judges its text as hidden. One result per item and category.',
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    for (const item of s.surface.items) {
      const found = new Map<HiddenCategory, { field: string; run: HiddenRun; carried?: string }[]>();
      // Categories with a run that hides something (not typography in its place, not an inert comment).
      const hiding = new Set<HiddenCategory>();
      // Categories that split words or carry bits in some string: hiding words, high.
      const hidingWords = new Set<HiddenCategory>();
      for (const str of item.strings) {
        const runs = scanHidden(str.text);
        const words = wordHiding(str.text, runs);
        for (const c of words.hiding) hidingWords.add(c);
        for (const run of runs) {
          const list = found.get(run.category) ?? [];
          const carried = words.carried.get(run);
          if (list.length < 5)
            list.push({
              field: str.field,
              run,
              ...(carried ? { carried: escapeExcerpt(carried, 300) } : {}),
            });
          found.set(run.category, list);
          const place = { itemKind: item.kind, itemName: item.name, field: str.field };
          if (!hiding.has(run.category) && !inertRun(str.text, run, place)) hiding.add(run.category);
        }
      }
      for (const [category, runs] of found) {
        const severity =
          runs.some((r) => hiddenSeverity(category, r.run) === 'high') || hidingWords.has(category)
            ? 'high'
            : hiding.has(category)
              ? 'medium'
              : 'low';
        const shown = runs
          .map((r) => {
            const decoded = r.run.decoded ?? r.carried;
            return `${r.field}: ${r.run.shown}${decoded ? ` decodes to "${decoded}"` : ''}`;
          })
          .join('; ');
        const words = hidingWords.has(category) && !runs.some((r) => r.carried) ? ' (splitting words)' : '';
        out.push(
          ctx.fail(`${locationOf(item)}: ${category} characters${words}. ${shown}`, s.evidence, {
            location: locationOf(item),
            key: category,
            severity,
          }),
        );
      }
    }
    if (out.length > 0) return out;
    return ctx.pass(`No hidden characters in ${s.surface.count} strings.`, s.evidence);
  },
});
