/**
 * The semantic diff of a lock entry against the current surface (docs/pinning.md#how-changes-are-graded).
 * Items and instructions here; annotations and schemas in ./schema-changes.ts, metadata in
 * ./metadata-diff.ts. Pure: the PIN checks, `lock diff` and the tests call it on two entries. Every change carries
 * the severity the catalogue rows give it, so the checks only turn changes into results.
 */
import type { ItemKind, LockItem, LockSurface } from '../evidence/pin-types.js';
import { canonicalJson, hashOf, prettyJson } from './canonical.js';
import { ITEM_KEY, ITEM_KINDS } from '../surface/items.js';
import type { ChangeSeverity, DefinitionChange } from './change-types.js';
import { annotationChanges, asSchema, inputSchemaChanges } from './schema-changes.js';
import type { TextJudge } from './text-judge.js';
import { activeTextJudge } from './text-judge.js';
import { showInvisible } from '../escape/invisible.js';
import { gradeText } from './grade-text.js';
import { unifiedDiff } from './text-diff.js';

const LIST: Readonly<Record<ItemKind, 'tools' | 'prompts' | 'resources' | 'resourceTemplates'>> = {
  tool: 'tools',
  prompt: 'prompts',
  resource: 'resources',
  resourceTemplate: 'resourceTemplates',
};

/** Result locations of items, one spelling with the tool-surface checks: `tool:<name>`, `prompt:<name>`, … */
export const itemLocation = (kind: ItemKind, name: string): string => `${kind}:${name}`;

// ---------------------------------------------------------------------------
// Items: added, removed, renamed, changed
// ---------------------------------------------------------------------------

export interface ItemRef {
  readonly kind: ItemKind;
  readonly name: string;
  readonly item: LockItem;
}

export interface Rename {
  readonly kind: ItemKind;
  readonly from: string;
  readonly to: string;
  readonly hash: string;
}

export interface ChangedItem {
  readonly kind: ItemKind;
  readonly name: string;
  readonly oldItem: LockItem;
  readonly newItem: LockItem;
  readonly changes: readonly DefinitionChange[];
  /** Unified diff of the pretty definitions, invisible characters shown. */
  readonly diff: string;
}

export interface ItemsDiff {
  readonly added: readonly ItemRef[];
  readonly removed: readonly ItemRef[];
  readonly renamed: readonly Rename[];
  readonly changed: readonly ChangedItem[];
}

/** The members that only name an item; a definition equal in everything else is a rename. */
const NAMING = new Set(['name', 'title', 'uri', 'uriTemplate']);

function identity(item: LockItem): string {
  const rest = Object.fromEntries(Object.entries(item.definition).filter(([k]) => !NAMING.has(k)));
  return hashOf(rest);
}

const sortedKeys = (o: Readonly<Record<string, unknown>>): string[] => Object.keys(o).sort();

export function diffItems(
  base: LockSurface,
  cur: LockSurface,
  judge: TextJudge = activeTextJudge,
): ItemsDiff {
  const added: ItemRef[] = [];
  const removed: ItemRef[] = [];
  const renamed: Rename[] = [];
  const changed: ChangedItem[] = [];
  for (const kind of ITEM_KINDS) {
    const was = base[LIST[kind]];
    const now = cur[LIST[kind]];
    const gone = sortedKeys(was).filter((n) => !Object.hasOwn(now, n));
    const fresh = sortedKeys(now).filter((n) => !Object.hasOwn(was, n));
    // Removals in a kind the current scan did not list completely are not known to be removals.
    const judgedGone = cur.incomplete.includes(kind) ? [] : gone;
    const unmatched = new Set(fresh);
    for (const name of judgedGone) {
      const id = identity(was[name]!);
      const to = [...unmatched].find((n) => identity(now[n]!) === id);
      // An empty definition besides its name matches anything: not evidence of a rename.
      if (to !== undefined && Object.keys(was[name]!.definition).some((k) => !NAMING.has(k))) {
        unmatched.delete(to);
        renamed.push({ kind, from: name, to, hash: now[to]!.hash });
      } else removed.push({ kind, name, item: was[name]! });
    }
    for (const name of fresh) if (unmatched.has(name)) added.push({ kind, name, item: now[name]! });
    for (const name of sortedKeys(was)) {
      const o = was[name]!;
      const n = now[name];
      if (n === undefined || n.hash === o.hash) continue;
      changed.push({
        kind,
        name,
        oldItem: o,
        newItem: n,
        changes: gradeDefinition(kind, name, o.definition, n.definition, judge),
        diff: unifiedDiff(prettyJson(o.definition), prettyJson(n.definition)),
      });
    }
  }
  return { added, removed, renamed, changed };
}

// ---------------------------------------------------------------------------
// Grading a changed definition (PIN03)
// ---------------------------------------------------------------------------

/** Every string under a JSON value that a model reads: descriptions, titles, defaults, enums, examples. */
function schemaTexts(v: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 64) return out;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) schemaTexts(x, out, depth + 1);
  else if (typeof v === 'object' && v !== null)
    for (const [k, x] of Object.entries(v)) {
      if (['description', 'title', 'default', 'enum', 'const', 'examples'].includes(k))
        schemaTexts(x, out, depth + 1);
      else if (typeof x === 'object') schemaTexts(x, out, depth + 1);
    }
  return out;
}

function gradeDefinition(
  kind: ItemKind,
  name: string,
  o: Readonly<Record<string, unknown>>,
  n: Readonly<Record<string, unknown>>,
  judge: TextJudge,
): DefinitionChange[] {
  const out: DefinitionChange[] = [];
  const textOf = (v: unknown): string =>
    typeof v === 'string' ? v : v === undefined || v === null ? '' : canonicalJson(v);
  const differs = (k: string) => canonicalJson(o[k] ?? null) !== canonicalJson(n[k] ?? null);
  const ctx = (field: string) => ({ itemKind: kind, itemName: name, field });
  for (const field of ['description', 'title']) {
    if (!differs(field)) continue;
    const g = gradeText(textOf(o[field]), textOf(n[field]), judge, ctx(field));
    out.push({
      key: field === 'description' ? 'description' : 'title',
      severity: g.severity,
      what:
        g.signals.length > 0 ? `${field} rewritten, new text: ${g.signals.join(', ')}` : `${field} reworded`,
    });
  }
  const schemaFields =
    kind === 'tool' ? ['inputSchema', 'outputSchema'] : kind === 'prompt' ? ['arguments'] : [];
  for (const field of schemaFields) {
    if (!differs(field)) continue;
    const was = schemaTexts(o[field]).join('\n');
    const now = schemaTexts(n[field]).join('\n');
    if (was !== now) {
      const g = gradeText(was, now, judge, ctx(field));
      out.push({
        key: 'schema-text',
        severity: g.severity,
        what:
          g.signals.length > 0
            ? `${field} text rewritten, new text: ${g.signals.join(', ')}`
            : `${field} text reworded`,
      });
    }
    if (field === 'inputSchema') out.push(...inputSchemaChanges(o[field], n[field]));
    if (field === 'arguments') {
      const req = (v: unknown) =>
        Array.isArray(v)
          ? v.flatMap((a) =>
              asSchema(a)?.['required'] === true && typeof asSchema(a)?.['name'] === 'string'
                ? [asSchema(a)!['name'] as string]
                : [],
            )
          : [];
      const fresh = req(n[field]).filter((r) => !req(o[field]).includes(r));
      if (fresh.length > 0)
        out.push({
          key: 'input-required',
          severity: 'medium',
          what: `new required argument ${fresh.map(showInvisible).join(', ')}`,
        });
    }
    if (!out.some((c) => ['schema-text', 'input-required', 'input-loosened', 'input-sink'].includes(c.key)))
      out.push({ key: 'input-schema', severity: 'low', what: `${field} changed` });
  }
  if (kind === 'tool' && differs('annotations'))
    out.push(...annotationChanges(o['annotations'], n['annotations']));
  const graded = new Set(['description', 'title', 'annotations', ...schemaFields, ITEM_KEY[kind]]);
  const rest = [...new Set([...Object.keys(o), ...Object.keys(n)])]
    .filter((k) => !graded.has(k) && differs(k))
    .sort();
  if (rest.length > 0)
    out.push({ key: 'definition', severity: 'low', what: `${rest.map(showInvisible).join(', ')} changed` });
  return out;
}

// ---------------------------------------------------------------------------
// Instructions and server identity
// ---------------------------------------------------------------------------

export interface InstructionsChange {
  readonly severity: ChangeSeverity;
  readonly signals: readonly string[];
  readonly diff: string;
  readonly newHash: string | null;
}

export function diffInstructions(
  base: LockSurface,
  cur: LockSurface,
  judge: TextJudge = activeTextJudge,
): InstructionsChange | null {
  const o = base.instructions;
  const n = cur.instructions;
  if ((o?.hash ?? null) === (n?.hash ?? null)) return null;
  const g = gradeText(o?.text ?? '', n?.text ?? '', judge, {
    itemKind: 'server',
    itemName: 'instructions',
    field: 'instructions',
  });
  return { ...g, diff: unifiedDiff(o?.text ?? '', n?.text ?? ''), newHash: n?.hash ?? null };
}
