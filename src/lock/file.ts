/**
 * The lock file on disk: read and validated against its schema (./schema.ts, published as
 * schema/lock.schema.json), written safely.
 * A write takes an exclusive `<file>.lck` beside the lock, re-reads the file, replaces only its
 * own target and context, writes a temporary file in the same directory and renames it over
 * the lock: other targets' entries survive, a concurrent update loses nothing, and a crash
 * leaves either the old or the new file, never half of one. A lock of another schema version
 * is refused with a clear message rather than rewritten.
 */
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

import type { z as Zod } from 'zod';

import type { CredentialContext, LockEntry } from '../evidence/pin-types.js';
import { identityOf } from '../targets/target.js';
import { canonicalJson, prettyJson } from './canonical.js';
import { lockFileSchema } from './schema.js';

export const LOCK_SCHEMA_VERSION = 1 as const;

type TargetEntries = Readonly<Partial<Record<CredentialContext, LockEntry>>>;

export interface LockFile {
  readonly schemaVersion: typeof LOCK_SCHEMA_VERSION;
  /**
   * Keyed by target identity (src/targets/target.ts: the canonical endpoint URL, or `stdio:` and
   * the command line), then by credential context.
   */
  readonly targets: Readonly<Record<string, TargetEntries>>;
}

export class LockError extends Error {}

export const emptyLock = (): LockFile => ({ schemaVersion: LOCK_SCHEMA_VERSION, targets: {} });

// zod is loaded when a lock is first validated, not with every scan (most scans have no lock).
const load = createRequire(import.meta.url);
let validator: ReturnType<typeof lockFileSchema>['file'] | null = null;
function lockValidator(): ReturnType<typeof lockFileSchema>['file'] {
  validator ??= lockFileSchema(load('zod') as typeof Zod).file;
  return validator;
}

/** `/targets/x/anonymous/recordedAt`: where a problem is, as a JSON Pointer. */
const pointer = (path: readonly PropertyKey[]): string =>
  path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** A lock's text, validated; the error names the file and the first problem. */
export function parseLock(text: string, source: string): LockFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new LockError(`${source}: not a lock file: not JSON (${(err as Error).message})`);
  }
  const version =
    typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['schemaVersion'] : undefined;
  if (version !== LOCK_SCHEMA_VERSION) {
    throw new LockError(
      `${source}: lock schema version ${JSON.stringify(version ?? null)} is not the version this mcp-posture reads (${LOCK_SCHEMA_VERSION}); it was left untouched. Re-record it with a matching mcp-posture, or use another --lock file.`,
    );
  }
  const checked = lockValidator().safeParse(raw);
  if (!checked.success) {
    const first = checked.error.issues[0];
    throw new LockError(
      `${source}: not a valid lock file: ${(first && pointer(first.path)) || '(root)'} ${first?.message ?? ''}`.trim(),
    );
  }
  return withIdentityKeys(raw as LockFile);
}

/**
 * Keys as identities: a lock an older mcp-posture wrote keyed a target by its URL as typed
 * (`https://MCP.example.com:443/mcp#x`); read through `identityOf`, it still matches its target.
 * Two keys of one identity merge, the first recorded context winning.
 */
function withIdentityKeys(lock: LockFile): LockFile {
  const targets: Record<string, TargetEntries> = {};
  for (const [key, entries] of Object.entries(lock.targets)) {
    const id = identityOf(key);
    targets[id] = Object.hasOwn(targets, id) ? { ...entries, ...targets[id] } : entries;
  }
  return { ...lock, targets };
}

/** The lock at `file`; a missing file is an empty lock when `allowMissing` (the first --update-lock). */
export function readLock(file: string, allowMissing: boolean): LockFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (allowMissing && (err as NodeJS.ErrnoException).code === 'ENOENT') return emptyLock();
    throw new LockError(
      `${file}: cannot read the lock file (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return parseLock(text, file);
}

/** What the lock holds for one target (by identity) in one context, and which contexts it holds for it. */
export function entryFor(
  lock: LockFile,
  identity: string,
  context: CredentialContext,
): { baseline: LockEntry | null; recordedContexts: CredentialContext[] } {
  const t = Object.hasOwn(lock.targets, identity) ? lock.targets[identity]! : {};
  const recordedContexts = (['anonymous', 'token'] as const).filter((c) => t[c] !== undefined);
  return { baseline: t[context] ?? null, recordedContexts };
}

/** The lock's text: sorted keys, two-space indentation, a final newline. */
export function serializeLock(lock: LockFile): string {
  return prettyJson(lock);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const STALE_MS = 30_000;
const WAIT_MS = 10_000;

async function withFileLock<T>(file: string, fn: () => T): Promise<T> {
  const guard = `${file}.lck`;
  const until = Date.now() + WAIT_MS;
  let fd: number | null = null;
  while (fd === null) {
    try {
      fd = openSync(guard, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        // A guard left by a crashed writer is taken over once it is old.
        if (Date.now() - statSync(guard).mtimeMs > STALE_MS) unlinkSync(guard);
      } catch {
        // Gone in between: try again.
      }
      if (Date.now() > until)
        throw new LockError(`${file}: another mcp-posture is updating the lock (${guard})`);
      await sleep(20 + Math.floor(Math.random() * 30));
    }
  }
  try {
    return fn();
  } finally {
    closeSync(fd);
    unlinkSync(guard);
  }
}

function writeAtomically(file: string, text: string): void {
  const tmp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', 0o644);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, file);
  } catch (err) {
    unlinkSync(tmp);
    throw err;
  }
}

const sameSurface = (a: LockEntry, b: LockEntry): boolean =>
  canonicalJson({ ...a, recordedAt: null }) === canonicalJson({ ...b, recordedAt: null });

export type UpdateOutcome =
  { readonly written: true; readonly targets: number } | { readonly written: false; readonly reason: string };

/** One target's surface to record: its identity, the scan's credential context and entry. */
export interface LockUpdate {
  readonly identity: string;
  readonly context: CredentialContext;
  readonly entry: LockEntry;
  /** The scan reached the target as an MCP server. */
  readonly reachable: boolean;
}

/**
 * Records `entry` for `target` in `context`. A scan that did not reach the target, or that
 * could not list a surface the lock already holds listed, does not replace the recorded entry.
 */
export async function updateLock(
  file: string,
  target: string,
  context: CredentialContext,
  entry: LockEntry,
  reachable: boolean,
): Promise<UpdateOutcome> {
  const [out] = await updateLockEntries(file, [{ identity: target, context, entry, reachable }]);
  return out!;
}

/** Several targets' updates under one guard and one write (a fleet's batch); one outcome per update. */
export async function updateLockEntries(
  file: string,
  updates: readonly LockUpdate[],
): Promise<UpdateOutcome[]> {
  return withFileLock(file, () => {
    let lock = readLock(file, true);
    const outcomes: UpdateOutcome[] = [];
    let changed = false;
    for (const u of updates) {
      const next = applied(lock, u);
      if ('reason' in next) outcomes.push({ written: false, reason: next.reason });
      else {
        lock = next;
        changed = true;
        outcomes.push({ written: true, targets: 0 });
      }
    }
    if (changed) writeAtomically(file, serializeLock(lock));
    const count = Object.keys(lock.targets).length;
    return outcomes.map((o) => (o.written ? { written: true, targets: count } : o));
  });
}

/** The lock with one update applied, or why the recorded entry stays. */
function applied(lock: LockFile, u: LockUpdate): LockFile | { readonly reason: string } {
  const target = identityOf(u.identity);
  const old = Object.hasOwn(lock.targets, target) ? lock.targets[target]! : {};
  const recorded = old[u.context];
  if (!u.reachable) return { reason: `the scan did not reach ${target}; the lock was left as it was` };
  if (!u.entry.listable && recorded?.listable)
    return {
      reason: `the scan could not list the surface of ${target} (${u.context}); the recorded entry was kept`,
    };
  // An unchanged surface keeps its entry (and its date), so the file does not change in git.
  if (recorded && sameSurface(recorded, u.entry))
    return { reason: `${target} (${u.context}) is unchanged since ${recorded.recordedAt}` };
  return {
    schemaVersion: LOCK_SCHEMA_VERSION,
    targets: { ...lock.targets, [target]: { ...old, [u.context]: u.entry } },
  };
}
