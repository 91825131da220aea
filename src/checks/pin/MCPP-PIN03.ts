import type { DefinitionChange } from '../../lock/change-types.js';
import { worst } from '../../lock/change-types.js';
import type { ChangedItem } from '../../lock/diff.js';
import { diffInstructions, diffItems, itemLocation } from '../../lock/diff.js';
import { showInvisible } from '../../escape/invisible.js';
import { compactDiff } from '../../lock/text-diff.js';
import { mcp, OWASP_MCP_TOP10 } from '../../spec/citations.js';
import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import {
  isVerdict,
  PIN_NOTE,
  PIN_SECTIONS,
  PIN_TRANSPORTS,
  pinnedOrVerdict,
  surfacesOrVerdict,
} from './pin-common.js';

/**
 * The deciding change of an item: the most severe, the first of equals in grading order; null
 * when none is named (the key is then `definition`, at its severity in the meta).
 */
function deciding(changes: readonly DefinitionChange[]): DefinitionChange | null {
  const top = worst(changes.map((c) => c.severity));
  return changes.find((c) => c.severity === top) ?? null;
}

function message(c: ChangedItem): string {
  const list = c.changes.map((x) => x.what).join('; ') || 'the definition changed';
  return `${c.kind} \`${showInvisible(c.name)}\` changed since the lock: ${list}. New hash ${c.newItem.hash}. Diff: ${compactDiff(c.diff)}`;
}

export default defineCheck({
  meta: {
    id: 'MCPP-PIN03',
    title: 'Definitions unchanged',
    requirement: 'Every item, `instructions` and `serverInfo` hash equals the baseline.',
    keyword: 'policy',
    revisions: 'any',
    transports: PIN_TRANSPORTS,
    mode: 'passive',
    requires: PIN_SECTIONS,
    rating: { scope: 'protocol' },
    keys: {
      description:
        'the description changed: low for a rewording, else at least the text judge’s severity for the added text, alone or in the new description (instruction-like, hidden, asks for secrets)',
      title: 'the title changed (graded like a description)',
      'schema-text':
        'text inside the schema (descriptions, defaults, enums, examples) changed, graded like a description',
      'annotations-scrutiny':
        'an annotation now asks clients for less scrutiny: readOnlyHint turned true, or destructiveHint turned false (high)',
      'annotations-weakened':
        'a reviewed guarantee was dropped: readOnlyHint turned false, destructiveHint or openWorldHint turned true (high)',
      annotations: 'other annotations changed (low)',
      'input-required': 'a new required parameter or argument (medium)',
      'input-loosened':
        'an input constraint was dropped or widened: enum, pattern, bounds, additionalProperties, type (medium)',
      'input-sink':
        'a new parameter with a destination role: a URL, e-mail address or webhook by its name, format (`uri`, `email`) or description, where data can be sent (medium)',
      'input-schema': 'another schema change (low)',
      definition: 'another member of the definition changed (low)',
      renamed: 'the same definition is listed under a new name (medium); PIN01 and PIN02 do not report it',
      instructions:
        'the server’s `instructions` changed, graded like a description; a new directive to the model is at least high',
    },
    severity: 'high',
    keySeverity: { renamed: 'medium', definition: 'low' },
    citations: [mcp('2026-07-28', 'index', 'Security and Trust & Safety'), OWASP_MCP_TOP10],
    rationale:
      'A rug pull: a server reviewed once changes what it tells the model afterwards. The model reads tool descriptions, schemas and instructions as guidance, so a benign description turned into instructions, or an annotation that now invites auto-approval, changes behaviour without any new review.',
    remediation:
      'Read the diff. When the change is intended and harmless, re-record the lock (`--update-lock`); otherwise stop using the server until it is explained.',
    evidence:
      'The `pin` section: per item, the canonical definition hash and its field-group hashes; the message carries the changed lines of a unified diff of the definitions (`-old +new`, pretty JSON), with invisible characters shown (`<U+200B>`).',
    traps:
      'Version strings in `serverInfo` change on every release — `server:info` changes are reported by PIN07, not here.',
    notes: `Severity follows what changed, not that something changed: the text added to a description, title, schema text or \`instructions\` is re-judged by the tool-surface text judge, alone and in the new text, and the change takes the higher of the two (low when benign; e.g. high for instruction-like or hidden text, critical for a request for secrets), however long the text around it; a new directive to the model in \`instructions\` is at least high; annotations that reduce scrutiny or drop a reviewed guarantee are high; a new required parameter, a new parameter with a destination role (URL, e-mail, webhook) or a loosened constraint is medium. The result key names the deciding kind of change (not the new hash the catalogue row suggests, so that suppressions and reports group by what changed); the new hash is in the message. ${PIN_NOTE}`,
  },
  evaluate(ev, ctx) {
    const p = pinnedOrVerdict(ev.pin, ctx);
    if (isVerdict(p)) return p;
    const s = surfacesOrVerdict(p, ctx);
    if ('status' in s) return s;
    const d = diffItems(s.base, s.cur);
    const out: Verdict[] = [];
    for (const c of d.changed) {
      const top = deciding(c.changes);
      out.push(
        ctx.fail(message(c), [], {
          location: itemLocation(c.kind, c.name),
          key: top?.key ?? 'definition',
          ...(top ? { severity: top.severity } : {}),
        }),
      );
    }
    for (const r of d.renamed) {
      out.push(
        ctx.fail(
          `${r.kind} \`${showInvisible(r.from)}\` is listed as \`${showInvisible(r.to)}\` with the same definition (${r.hash}).`,
          [],
          {
            location: itemLocation(r.kind, r.to),
            key: 'renamed',
          },
        ),
      );
    }
    const i = diffInstructions(s.base, s.cur);
    if (i) {
      out.push(
        ctx.fail(
          `The server's instructions changed since the lock${i.signals.length ? ` (new text: ${i.signals.join(', ')})` : ''}; new hash ${i.newHash ?? 'none (removed)'}. Diff: ${compactDiff(i.diff)}`,
          [],
          { location: 'server:instructions', key: 'instructions', severity: i.severity },
        ),
      );
    }
    if (out.length === 0)
      return ctx.pass(`Every definition and the instructions equal the lock (${p.baseline.recordedAt}).`);
    return out;
  },
});
