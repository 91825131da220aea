/**
 * `mcp-posture lock show FILE` and `lock diff OLD NEW`: the lock's contents and the semantic diff
 * of two locks, without scanning. The grading is the PIN checks' own: the changes come from
 * src/lock (./diff.ts, ./metadata-diff.ts), each check's ID and key severities from its meta
 * (`PIN_BY_CHANGE`); this module only lists them per target and context, as text or JSON.
 */
import type { CheckMeta } from '../checks/define-check.js';
import { SEVERITIES, severityOfKey } from '../checks/define-check.js';
import { PIN_BY_CHANGE as PIN } from '../checks/pin/index.js';
import type { CredentialContext, LockEntry } from '../evidence/pin-types.js';
import type { ChangeSeverity } from '../lock/change-types.js';
import { worst } from '../lock/change-types.js';
import { diffInstructions, diffItems, itemLocation } from '../lock/diff.js';
import {
  describeMember,
  diffAuthorizationServer,
  diffProtectedResource,
  diffProtocol,
} from '../lock/metadata-diff.js';
import type { LockFile } from '../lock/file.js';
import { showInvisible } from '../escape/invisible.js';
import { compactDiff } from '../lock/text-diff.js';

export interface LockChange {
  readonly target: string;
  readonly context: CredentialContext;
  readonly check: string;
  readonly key: string;
  readonly severity: ChangeSeverity;
  readonly location: string;
  readonly message: string;
}

const CONTEXTS: readonly CredentialContext[] = ['anonymous', 'token'];

/** The changes from `a` to `b` for one target and context, graded as the PIN checks grade them. */
export function entryChanges(
  target: string,
  context: CredentialContext,
  a: LockEntry,
  b: LockEntry,
): LockChange[] {
  const out: LockChange[] = [];
  /** A change of `check` under `key`, at the key's severity by the check's meta unless it is graded. */
  const add = (
    check: CheckMeta,
    key: string,
    location: string,
    message: string,
    severity: ChangeSeverity = severityOfKey(check, key),
  ) => out.push({ target, context, check: check.id, key, severity, location, message });
  if (a.surface && b.surface) {
    const d = diffItems(a.surface, b.surface);
    for (const x of d.added)
      add(PIN.added, 'added', itemLocation(x.kind, x.name), `${x.kind} ${showInvisible(x.name)} added`);
    for (const x of d.removed)
      add(PIN.removed, 'removed', itemLocation(x.kind, x.name), `${x.kind} ${showInvisible(x.name)} removed`);
    for (const r of d.renamed)
      add(
        PIN.changed,
        'renamed',
        itemLocation(r.kind, r.to),
        `${r.kind} ${showInvisible(r.from)} renamed to ${showInvisible(r.to)}`,
      );
    for (const c of d.changed) {
      const top = worst(c.changes.map((x) => x.severity));
      const key = c.changes.find((x) => x.severity === top)?.key ?? 'definition';
      add(
        PIN.changed,
        key,
        itemLocation(c.kind, c.name),
        `${c.changes.map((x) => x.what).join('; ')}. Diff: ${compactDiff(c.diff)}`,
        top ?? severityOfKey(PIN.changed, 'definition'),
      );
    }
    const i = diffInstructions(a.surface, b.surface);
    if (i)
      add(
        PIN.changed,
        'instructions',
        'server:instructions',
        `instructions changed. Diff: ${compactDiff(i.diff)}`,
        i.severity,
      );
  } else if (a.listable !== b.listable) {
    add(
      PIN.coverage,
      'unlisted',
      'lock',
      b.listable ? 'the surface is listable now' : 'the surface is no longer listable',
    );
  }
  const pa = a.protectedResource;
  const pb = b.protectedResource;
  if (pa && pb)
    for (const c of diffProtectedResource(pa.fields, pb.fields))
      add(PIN.protectedResource, c.member, 'endpoint', describeMember(c), c.severity);
  else if (pa && !pb)
    add(PIN.protectedResource, 'withdrawn', 'endpoint', 'protected-resource metadata withdrawn');
  else if (!pa && pb)
    add(PIN.protectedResource, 'published', 'endpoint', 'protected-resource metadata published');
  for (const issuer of Object.keys(a.authorizationServers).sort()) {
    const y = b.authorizationServers[issuer];
    if (!y) continue;
    for (const c of diffAuthorizationServer(a.authorizationServers[issuer]!, y))
      add(PIN.authorizationServer, c.member, `as:${issuer}`, `${describeMember(c)} (${c.why})`, c.severity);
  }
  for (const c of diffProtocol(a, b))
    add(PIN.protocol, c.member, 'endpoint', `${describeMember(c)} (${c.why})`, c.severity);
  return out;
}

/** Most severe first; among equals, the order they were found in (by target, context, check). */
const bySeverity = (a: LockChange, b: LockChange) =>
  SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity);

/**
 * Every change between two locks, the most severe first; entries present in only one lock are
 * reported as PIN04 changes.
 */
export function lockChanges(oldLock: LockFile, newLock: LockFile): LockChange[] {
  const out: LockChange[] = [];
  const targets = [...new Set([...Object.keys(oldLock.targets), ...Object.keys(newLock.targets)])].sort();
  for (const target of targets) {
    for (const context of CONTEXTS) {
      const a = oldLock.targets[target]?.[context];
      const b = newLock.targets[target]?.[context];
      if (a && b) out.push(...entryChanges(target, context, a, b));
      else if (a || b)
        out.push({
          target,
          context,
          check: PIN.coverage.id,
          key: 'missing',
          severity: severityOfKey(PIN.coverage, 'missing'),
          location: 'lock',
          message: b ? 'entry added' : 'entry removed',
        });
    }
  }
  return out.sort(bySeverity);
}

/** `1 critical, 2 medium`: the changes counted by severity, the most severe first. */
function countsBySeverity(changes: readonly LockChange[]): string {
  return SEVERITIES.map((s) => [s, changes.filter((c) => c.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
}

export function renderChangesText(changes: readonly LockChange[]): string {
  if (changes.length === 0) return 'No changes.\n';
  const lines: string[] = [];
  let last = '';
  for (const c of changes) {
    const head = `${c.target} (${c.context})`;
    if (head !== last) lines.push(showInvisible(head));
    last = head;
    lines.push(
      `  ${c.severity.padEnd(8)} ${c.check.slice(5)} ${c.key.padEnd(18)} ${showInvisible(c.location)}  ${c.message}`,
    );
  }
  const n = changes.length;
  return `${lines.join('\n')}\n${n} change${n === 1 ? '' : 's'}: ${countsBySeverity(changes)}\n`;
}

/** `lock show`: one line per target and context. */
export function renderLockText(lock: LockFile): string {
  const lines: string[] = [];
  for (const target of Object.keys(lock.targets).sort()) {
    for (const context of CONTEXTS) {
      const e = lock.targets[target]?.[context];
      if (!e) continue;
      const s = e.surface;
      const counts = s
        ? `${Object.keys(s.tools).length} tools, ${Object.keys(s.prompts).length} prompts, ${Object.keys(s.resources).length} resources, ${Object.keys(s.resourceTemplates).length} templates`
        : 'surface not listable';
      const servers = Object.keys(e.authorizationServers);
      lines.push(
        `${showInvisible(target)} (${context}) recorded ${e.recordedAt}: ${counts}; ${servers.length ? `authorization servers ${servers.map(showInvisible).join(', ')}` : 'no authorization server'}; auth ${e.protocol.authRequired ? 'required' : 'not required'}`,
      );
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : 'The lock records no target.\n';
}
