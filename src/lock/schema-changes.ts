/**
 * PIN03's grading of a tool's annotations and input schema: a reviewed guarantee dropped, a hint
 * now asking for less scrutiny, a constraint loosened or a parameter newly required.
 */
import { canonicalJson } from './canonical.js';
import type { DefinitionChange } from './change-types.js';
import { showInvisible } from '../escape/invisible.js';

type Hints = Readonly<Record<string, unknown>>;

/** Effective hint values (the spec's defaults when absent). */
const hint = (a: Hints | null, name: string, dflt: boolean): boolean =>
  typeof a?.[name] === 'boolean' ? a[name] : dflt;

export function annotationChanges(o: unknown, n: unknown): DefinitionChange[] {
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
export const asSchema = (v: unknown): Schema | null =>
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

/** Formats of a value that names where data goes. */
const SINK_FORMATS = new Set([
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uri-template',
  'email',
  'idn-email',
]);
/** Words of a parameter name that give it a destination role (split at `_`, `-`, `.` and camelCase). */
const SINK_WORDS = new Set([
  'url',
  'uri',
  'href',
  'email',
  'mail',
  'mailto',
  'webhook',
  'callback',
  'endpoint',
  'recipient',
  'bcc',
  'cc',
]);
/** A description that gives the parameter a destination role. */
const SINK_DESCRIPTION = /\b(url|uri|e-?mail( address)?|webhook|callback|endpoint|recipient)\b/i;

/** Why a parameter looks like a place data is sent to (a URL, an e-mail address, a webhook), or null. */
function sinkRole(name: string, schema: Schema | null): string | null {
  const type = schema?.['type'];
  if (typeof type === 'string' && ['boolean', 'number', 'integer', 'null'].includes(type)) return null;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  if (words.some((w) => SINK_WORDS.has(w))) return 'its name';
  const format = schema?.['format'];
  if (typeof format === 'string' && SINK_FORMATS.has(format.toLowerCase())) return `format ${format}`;
  const d = schema?.['description'];
  if (typeof d === 'string' && SINK_DESCRIPTION.test(d)) return 'its description';
  return null;
}

/** Parameters the new schema has and the old did not, at any depth of `properties` and `items`. */
function addedSinks(o: Schema | null, n: Schema | null, path: string, out: string[], depth = 0): void {
  if (!n || depth > 32) return;
  const op = asSchema(o?.['properties']);
  const np = asSchema(n['properties']);
  if (np)
    for (const k of Object.keys(np).sort()) {
      const at = path ? `${path}.${k}` : k;
      const was = op && Object.hasOwn(op, k) ? asSchema(op[k]) : null;
      const role = was ? null : sinkRole(k, asSchema(np[k]));
      if (role) out.push(`${showInvisible(at)} (${role})`);
      addedSinks(was, asSchema(np[k]), at, out, depth + 1);
    }
  addedSinks(asSchema(o?.['items']), asSchema(n['items']), `${path}[]`, out, depth + 1);
}

export function inputSchemaChanges(o: unknown, n: unknown): DefinitionChange[] {
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
  const sinks: string[] = [];
  addedSinks(os, ns, '', sinks);
  if (sinks.length > 0)
    out.push({
      key: 'input-sink',
      severity: 'medium',
      what: `new parameter${sinks.length > 1 ? 's' : ''} with a destination role (a URL, e-mail address or webhook: where data can be sent): ${sinks.slice(0, 5).join(', ')}${sinks.length > 5 ? ', …' : ''}`,
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
