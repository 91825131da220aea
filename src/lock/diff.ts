/**
 * The semantic diff of a lock entry against the current surface (docs/pinning.md#how-changes-are-graded).
 * Pure: the PIN checks, `lock diff` and the tests call it on two entries. Every change carries
 * the severity the catalogue rows give it, so the checks only turn changes into results.
 */
import type {
  ItemKind,
  LockAuthorizationServer,
  LockEntry,
  LockItem,
  LockSurface,
} from '../evidence/pin-types.js';
import { canonicalJson, hashOf, prettyJson } from './canonical.js';
import { ITEM_KEY, ITEM_KINDS } from './build.js';
import type { JudgedSeverity, TextJudge } from './text-judge.js';
import { activeTextJudge } from './text-judge.js';
import { addedText, showInvisible, unifiedDiff } from './text-diff.js';

export type ChangeSeverity = JudgedSeverity;

const RANK: readonly ChangeSeverity[] = ['critical', 'high', 'medium', 'low', 'info'];
export const worst = (list: readonly ChangeSeverity[]): ChangeSeverity | null =>
  RANK.find((r) => list.includes(r)) ?? null;
const higher = (a: ChangeSeverity | null, b: ChangeSeverity | null): boolean =>
  a !== null && (b === null || RANK.indexOf(a) < RANK.indexOf(b));

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

/** One reason a definition differs, with its severity and result key. */
export interface DefinitionChange {
  readonly key: string;
  readonly severity: ChangeSeverity;
  readonly what: string;
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

/** Grades new text against old: the judge's severity for what was added, else low (a wording change). */
export function gradeText(
  oldText: string,
  newText: string,
  judge: TextJudge,
  ctx: { itemKind: string; itemName: string; field: string },
): { severity: ChangeSeverity; signals: string[] } {
  const onAdded = judge(addedText(oldText, newText), ctx);
  if (onAdded.severity !== null) return { severity: onAdded.severity, signals: onAdded.signals };
  // Signals split across kept words: what the whole new text carries that the old did not.
  const before = judge(oldText, ctx);
  const after = judge(newText, ctx);
  if (higher(after.severity, before.severity))
    return { severity: after.severity!, signals: after.signals.filter((s) => !before.signals.includes(s)) };
  return { severity: 'low', signals: [] };
}

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

type Hints = Readonly<Record<string, unknown>>;

/** Effective hint values (the spec's defaults when absent). */
const hint = (a: Hints | null, name: string, dflt: boolean): boolean =>
  typeof a?.[name] === 'boolean' ? a[name] : dflt;

function annotationChanges(o: unknown, n: unknown): DefinitionChange[] {
  const a = (typeof o === 'object' && o !== null ? o : null) as Hints | null;
  const b = (typeof n === 'object' && n !== null ? n : null) as Hints | null;
  const out: DefinitionChange[] = [];
  const ro = [hint(a, 'readOnlyHint', false), hint(b, 'readOnlyHint', false)] as const;
  const de = [hint(a, 'destructiveHint', true), hint(b, 'destructiveHint', true)] as const;
  const ow = [hint(a, 'openWorldHint', true), hint(b, 'openWorldHint', true)] as const;
  if (!ro[0] && ro[1])
    out.push({
      key: 'annotations-scrutiny',
      severity: 'high',
      what: 'readOnlyHint turned true: clients may now run it without asking',
    });
  if (de[0] && !de[1] && !ro[1])
    out.push({
      key: 'annotations-scrutiny',
      severity: 'high',
      what: 'destructiveHint turned false: clients may now treat it as harmless',
    });
  if (ro[0] && !ro[1])
    out.push({
      key: 'annotations-weakened',
      severity: 'high',
      what: 'readOnlyHint turned false: the reviewed read-only tool now may modify its environment',
    });
  if (!de[0] && de[1] && !ro[1])
    out.push({
      key: 'annotations-weakened',
      severity: 'high',
      what: 'destructiveHint turned true: the reviewed non-destructive tool now may destroy data',
    });
  if (!ow[0] && ow[1])
    out.push({
      key: 'annotations-weakened',
      severity: 'high',
      what: 'openWorldHint turned true: the reviewed closed-world tool now reaches external entities',
    });
  if (out.length === 0 && canonicalJson(o ?? null) !== canonicalJson(n ?? null))
    out.push({ key: 'annotations', severity: 'low', what: 'other annotations changed' });
  return out;
}

const CONSTRAINTS = [
  'enum',
  'const',
  'pattern',
  'format',
  'maxLength',
  'minLength',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'maxItems',
  'minItems',
  'maxProperties',
  'uniqueItems',
] as const;

type Schema = Readonly<Record<string, unknown>>;
const asSchema = (v: unknown): Schema | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Schema) : null;

/** A constraint the reviewed schema had that the new one dropped or widened, by path. */
function loosened(o: Schema | null, n: Schema | null, path: string, out: string[], depth = 0): void {
  if (!o || depth > 32) return;
  if (!n) return;
  for (const c of CONSTRAINTS) {
    if (o[c] === undefined) continue;
    if (n[c] === undefined) out.push(`${path}: ${c} removed`);
    else if (c === 'enum' && Array.isArray(o[c]) && Array.isArray(n[c])) {
      const was = new Set((o[c] as unknown[]).map((x) => canonicalJson(x)));
      if ((n[c] as unknown[]).some((x) => !was.has(canonicalJson(x)))) out.push(`${path}: enum widened`);
    } else if (
      (c.startsWith('max') || c === 'exclusiveMaximum') &&
      typeof o[c] === 'number' &&
      typeof n[c] === 'number' &&
      n[c] > o[c]
    )
      out.push(`${path}: ${c} raised`);
    else if (
      (c.startsWith('min') || c === 'exclusiveMinimum') &&
      typeof o[c] === 'number' &&
      typeof n[c] === 'number' &&
      n[c] < o[c]
    )
      out.push(`${path}: ${c} lowered`);
    else if (['pattern', 'format', 'const'].includes(c) && canonicalJson(o[c]) !== canonicalJson(n[c]))
      out.push(`${path}: ${c} changed`);
  }
  if (o['additionalProperties'] === false && n['additionalProperties'] !== false)
    out.push(`${path}: additionalProperties no longer false`);
  const ot = o['type'];
  const nt = n['type'];
  if (
    ot !== undefined &&
    (nt === undefined || (typeof ot === 'string' && Array.isArray(nt) && nt.length > 1))
  )
    out.push(`${path}: type widened`);
  const op = asSchema(o['properties']);
  const np = asSchema(n['properties']);
  if (op && np)
    for (const k of Object.keys(op).sort())
      loosened(asSchema(op[k]), asSchema(np[k]), `${path}.${k}`, out, depth + 1);
  loosened(asSchema(o['items']), asSchema(n['items']), `${path}[]`, out, depth + 1);
}

const requiredOf = (s: Schema | null): string[] =>
  Array.isArray(s?.['required'])
    ? (s['required'] as unknown[]).filter((x): x is string => typeof x === 'string')
    : [];

function inputSchemaChanges(o: unknown, n: unknown): DefinitionChange[] {
  const out: DefinitionChange[] = [];
  const os = asSchema(o);
  const ns = asSchema(n);
  const newRequired = requiredOf(ns)
    .filter((r) => !requiredOf(os).includes(r))
    .sort();
  if (newRequired.length > 0)
    out.push({
      key: 'input-required',
      severity: 'medium',
      what: `new required parameter${newRequired.length > 1 ? 's' : ''} ${newRequired.map((r) => showInvisible(r)).join(', ')}`,
    });
  const loose: string[] = [];
  loosened(os, ns, 'inputSchema', loose);
  if (loose.length > 0)
    out.push({
      key: 'input-loosened',
      severity: 'medium',
      what: `constraint loosened (${loose.slice(0, 5).map(showInvisible).join('; ')}${loose.length > 5 ? '; …' : ''})`,
    });
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
    if (!out.some((c) => ['schema-text', 'input-required', 'input-loosened'].includes(c.key)))
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

// ---------------------------------------------------------------------------
// Member-level diffs: protected-resource metadata, AS metadata, protocol
// ---------------------------------------------------------------------------

export interface MemberChange {
  readonly member: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly severity: ChangeSeverity;
  readonly why: string;
}

const show = (v: unknown): string => (v === undefined ? '(absent)' : showInvisible(canonicalJson(v)));
export const describeMember = (c: MemberChange): string =>
  `${c.member}: ${show(c.before)} → ${show(c.after)}`;

function changedMembers(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => canonicalJson(a[k] ?? null) !== canonicalJson(b[k] ?? null) || k in a !== k in b)
    .sort();
}

/** PIN05: `authorization_servers` high, every other member medium. */
export function diffProtectedResource(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
): MemberChange[] {
  return changedMembers(a, b).map((m) => ({
    member: m,
    before: a[m],
    after: b[m],
    severity: m === 'authorization_servers' ? 'high' : 'medium',
    why:
      m === 'authorization_servers'
        ? 'clients now register with and send users to another authorization server'
        : 'protected-resource metadata changed',
  }));
}

const hostOf = (v: unknown): string | null => {
  if (typeof v !== 'string' || !URL.canParse(v)) return null;
  return new URL(v).host.toLowerCase();
};
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** PIN06 per issuer: issuer or endpoint host high; a weakened security property medium; other low. */
export function diffAuthorizationServer(
  a: LockAuthorizationServer,
  b: LockAuthorizationServer,
): MemberChange[] {
  const out: MemberChange[] = [];
  for (const m of changedMembers(a.fields, b.fields)) {
    const before = a.fields[m];
    const after = b.fields[m];
    let severity: ChangeSeverity = 'low';
    let why = 'metadata member changed';
    if (m === 'issuer') {
      severity = 'high';
      why = 'the issuer identifier changed';
    } else if (m.endsWith('_endpoint') || m === 'jwks_uri') {
      const hb = hostOf(before);
      const ha = hostOf(after);
      if (hb !== null && ha !== null && hb !== ha) {
        severity = 'high';
        why = `the host changed from ${hb} to ${ha}`;
      } else if (hb !== null && ha === null) {
        why = after === undefined ? 'endpoint removed' : 'endpoint no longer a URL';
      } else why = 'endpoint path changed on the same host';
    } else if (m === 'code_challenge_methods_supported') {
      const was = strings(before);
      const now = strings(after);
      if (was.includes('S256') && !now.includes('S256')) {
        severity = 'medium';
        why = 'S256 is no longer advertised';
      } else if (!was.includes('plain') && now.includes('plain')) {
        severity = 'medium';
        why = 'plain is now advertised';
      }
    } else if (m === 'grant_types_supported' || m === 'response_types_supported') {
      const was = strings(before);
      const fresh = strings(after).filter((x) => !was.includes(x));
      const weak = fresh.filter(
        (x) => x === 'implicit' || x === 'password' || x === 'token' || /\btoken\b/.test(x),
      );
      if (weak.length > 0) {
        severity = 'medium';
        why = `${weak.join(', ')} now supported`;
      }
    } else if (m === 'authorization_response_iss_parameter_supported' && before === true && after !== true) {
      severity = 'medium';
      why = 'the iss response parameter is no longer advertised';
    }
    out.push({ member: m, before, after, severity, why });
  }
  const ta = a.jwks?.thumbprints;
  const tb = b.jwks?.thumbprints;
  if (ta && tb && a.jwks?.uri === b.jwks?.uri && canonicalJson(ta) !== canonicalJson(tb)) {
    out.push({
      member: 'jwks',
      before: ta,
      after: tb,
      severity: 'info',
      why: 'keys rotated under the same jwks_uri (normal)',
    });
  }
  return out;
}

/** PIN07: authorization no longer required or a downgrade to HTTP+SSE medium; every other field low. */
export function diffProtocol(a: LockEntry, b: LockEntry): MemberChange[] {
  const out: MemberChange[] = [];
  const pa = a.protocol;
  const pb = b.protocol;
  if (pa.authRequired && !pb.authRequired)
    out.push({
      member: 'authRequired',
      before: true,
      after: false,
      severity: 'medium',
      why: 'authorization is no longer required',
    });
  else if (pa.authRequired !== pb.authRequired)
    out.push({
      member: 'authRequired',
      before: pa.authRequired,
      after: pb.authRequired,
      severity: 'low',
      why: 'authorization is now required',
    });
  // An unknown transport (behind an authorization wall) is not a change.
  if (pa.transport !== pb.transport && pa.transport !== null && pb.transport !== null)
    out.push({
      member: 'transport',
      before: pa.transport,
      after: pb.transport,
      severity: pb.transport === 'http+sse' ? 'medium' : 'low',
      why:
        pb.transport === 'http+sse' ? 'downgraded to the deprecated HTTP+SSE transport' : 'transport changed',
    });
  // Revisions and capabilities are only known when the endpoint could be listed.
  if (a.listable && b.listable) {
    if (canonicalJson(pa.revisions) !== canonicalJson(pb.revisions))
      out.push({
        member: 'revisions',
        before: pa.revisions,
        after: pb.revisions,
        severity: 'low',
        why: 'supported revisions changed',
      });
    if (canonicalJson(pa.capabilities) !== canonicalJson(pb.capabilities))
      out.push({
        member: 'capabilities',
        before: pa.capabilities,
        after: pb.capabilities,
        severity: 'low',
        why: 'capabilities changed',
      });
  }
  const ia = a.surface?.serverInfo ?? null;
  const ib = b.surface?.serverInfo ?? null;
  if (a.surface && b.surface && (ia?.hash ?? null) !== (ib?.hash ?? null))
    out.push({
      member: 'serverInfo',
      before: ia?.value,
      after: ib?.value,
      severity: 'low',
      why: 'serverInfo changed (a version bump on a release is expected)',
    });
  return out;
}
