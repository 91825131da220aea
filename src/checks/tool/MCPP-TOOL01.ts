import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp, OWASP_MCP_TOP10 } from '../../spec/citations.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { withLearned, withPurpose } from '../../surface/combine.js';
import { judgeSegments } from '../../surface/signals.js';
import type { SurfaceItem } from '../../surface/types.js';
import { proseOf } from './prose.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, toolsOf, WALL_TRAP } from './common.js';

/**
 * Items read per listing. The judge costs about half a millisecond an item, so a hostile listing of
 * thousands of tools would hold the scan long after its deadline (5,000 tools: 2.1 s quiet, three
 * times that on a loaded machine). Real servers list tens to a few hundred; past this, the rest is
 * reported unread (key `unread`), never passed.
 */
const ITEMS_READ = 1_000;

function segmentsOf(item: SurfaceItem) {
  return proseOf(item).map((s) => ({ text: s.text, field: s.field }));
}

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL01',
    title: 'No instruction-like text in metadata',
    requirement:
      'Metadata addressed to the model contains no instructions that override prior instructions, demand secrecy, dictate use of other tools, or ask to read or send data elsewhere.',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      override: 'text tells the model to ignore or override earlier or other instructions',
      secrecy: 'text tells the model to hide an action or data from the user',
      exfiltration: 'text tells the model to read sensitive data or move it into a parameter or to a sink',
      ordering: 'text dictates how or whether other tools are used (over the user’s or the agent’s choice)',
      hijack:
        'text tells the model to send navigation elsewhere or to add data to every request (browser and automation tools)',
      manipulation:
        'text changes what the user chose (recipient, amount, account), grants a role, or claims authority or consent for the model',
      mentioned: 'instruction-like text only inside quotes, code or examples (mentioned, not used): info',
      imperative: 'text addresses the model with a directive and nothing worse (an observation, info)',
      'role-markers': 'text carries system or role markers (`<system>`, `[INST]`, `assistant:`)',
      mismatch:
        'a parameter asks for content the tool’s stated purpose does not need (the conversation, credentials, a credential file, other tools’ output, every open file): high, medium when the tool processes text of any kind',
      learned:
        'no rule fired, but the learned scorer reads a sentence as an instruction of the poisoned kind (low: word statistics alone never reach medium)',
      unread: `the listing has more than ${ITEMS_READ} items: the judge read the first ${ITEMS_READ}, and the rest were not read (medium)`,
    },
    severity: 'high',
    confidence: 'medium',
    citations: [
      mcp('2026-07-28', 'index', 'Security and Trust & Safety'),
      mcp('2025-11-25', 'server/tools', 'Security Considerations'),
      OWASP_MCP_TOP10,
    ],
    rationale:
      'Clients pass tool, prompt and resource metadata and the server instructions to the model as trusted context; instructions hidden there (tool poisoning) steer the agent without the user seeing them.',
    remediation:
      'Describe what the item does; do not address the model with orders about secrecy, other tools or data movement. Put usage guidance for this server’s own tools in plain, self-scoped terms.',
    evidence:
      'Every prose string of each item (description, titles, annotations, `_meta`, schema descriptions, defaults, examples, enum and const values, prompt arguments, `instructions`, `serverInfo`), normalised (NFKC, case folded, invisible characters removed, tag characters decoded, homoglyphs folded, comments extracted), split into clauses and read for addressee, directive, target and scope; fields are judged together per item.',
    traps: `Negated or rejected mentions ("paths like ~/.ssh are rejected", "never sends data elsewhere") are counter-evidence; self-scoped ordering ("call list_files before read_file") is not a finding; inside \`instructions\` ordering guidance is info at most and model-addressing is expected, while secrecy and exfiltration stay high. Text that fires only inside quotes, code or an example frame ("phrases such as …", a list of attack examples) is mentioned, not used: info, unless the words around it direct the model. Vendor guidance about its own tools ("do not invoke other tools for questions about this product; use this one") is medium unless it disparages or ignores the other tools, hides something or moves data. ${WALL_TRAP}`,
    notes:
      'Severity follows what an attacker gets: concealment with exfiltration or a sensitive target is critical; override, exfiltration, concealment with an action, cross-tool override over any other tool or with disparagement, navigation or request hijack, and a changed recipient, amount or granted role are high (an intent graph per item joins a source gathered in one clause with a sink in another); claimed authority or skipped consent alone is medium; role markers and ordering over all other tools are medium; model-addressing alone is info. Text hidden from the rendered view (comments, tag characters) raises the level by one. Confidence follows the number of independent signals. A learned scorer (logistic regression over word and character n-grams, trained on the corpus train split, docs/tool-surface.md) reads the same text: alone it adds a `learned` finding at low (never medium: no addressee, act or sink to show), and a counter-signal holds it (the message says so). A purpose/parameter reading compares what the tool is for (its name, titles and first description sentence) with what each parameter asks the model to supply: a demand no purpose needs (a weather tool whose `context` wants the conversation, an adder whose note wants `~/.cursor/mcp.json`) is a `mismatch` finding, or a signal of a finding already at that level. The message lists signals, counter-signals, the sibling tools the payload names (targets: the finding stays on the item that carries the text) and up to five excerpts.',
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const siblings = toolsOf(s.surface).map((t) => t.name);
    const out: Verdict[] = [];
    for (const item of s.surface.items.slice(0, ITEMS_READ)) {
      const segments = segmentsOf(item);
      if (segments.length === 0) continue;
      const params = item.strings.filter((x) => x.role === 'property-name').map((x) => x.text);
      const rules = judgeSegments(segments, { itemKind: item.kind, itemName: item.name, siblings, params });
      const j = withPurpose(withLearned(rules, segments), item);
      if (j.severity === null || j.family === null) continue;
      const excerpts = j.excerpts.map((e) => `${e.field}: "${e.text}"`).join('; ');
      const counter = j.counterSignals.length ? ` Counter-signals: ${j.counterSignals.join(', ')}.` : '';
      // The payload's carrier is this item; siblings it names are targets, not culprits.
      const targets = j.targets.length
        ? ` Targets: ${j.targets.map((t) => `tool:${escapeExcerpt(t, 128)}`).join(', ')}.`
        : '';
      out.push(
        ctx.fail(
          `${locationOf(item)}: instruction-like text (${j.family}). Signals: ${j.signals.join(', ')}.${counter}${targets} Excerpts: ${excerpts}`,
          s.evidence,
          { location: locationOf(item), key: j.family, severity: j.severity, confidence: j.confidence },
        ),
      );
    }
    const unread = s.surface.items.length - ITEMS_READ;
    if (unread > 0)
      out.push(
        ctx.fail(
          `${unread} of ${s.surface.items.length} items were not read for instruction-like text: the judge reads the first ${ITEMS_READ} of a listing. Review the rest by hand, or split the server.`,
          s.evidence,
          { key: 'unread', severity: 'medium', confidence: 'high' },
        ),
      );
    if (out.length > 0) return out;
    return ctx.pass(
      `No instruction-like text in ${s.surface.items.length} items (${s.surface.count} strings).`,
      s.evidence,
    );
  },
});
