/** Parsers for command-line values: each turns bad input into a usage error that names what is valid. */
import { InvalidArgumentError } from 'commander';

import { UsageError } from '../run/errors.js';

import type { FailOn, Grade } from '../config/constants.js';
import { FAIL_ON, GRADES } from '../config/constants.js';
import type { FormatName } from '../report/format-spec.js';
import { FORMAT_NAMES, isFormatName } from '../report/format-spec.js';
import type { Revision } from '../spec/revisions.js';
import { CLIENT_PROFILES } from '../clients/profiles/index.js';
import { isRevision, REVISIONS } from '../spec/revisions.js';

export function parseFailOn(v: string): FailOn {
  const s = v.toLowerCase();
  if ((FAIL_ON as readonly string[]).includes(s)) return s as FailOn;
  throw new InvalidArgumentError(`expected one of ${FAIL_ON.join(', ')}`);
}

export function parseGrade(v: string): Grade {
  const s = v.toUpperCase();
  if ((GRADES as readonly string[]).includes(s)) return s as Grade;
  throw new InvalidArgumentError(`expected one of ${GRADES.join(', ')}`);
}

/** `--clients`, `--fail-on-client`: comma-separated client profile ids, each one we know. */
export function parseClientIds(v: string): string[] {
  const known = CLIENT_PROFILES.map((p) => p.id);
  const list = v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (list.length === 0) throw new InvalidArgumentError(`expected client ids: ${known.join(', ')}`);
  for (const id of list)
    if (!known.includes(id))
      throw new InvalidArgumentError(`unknown client "${id}"; expected ${known.join(', ')}`);
  return [...new Set(list)];
}

export function parsePositiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError('expected a positive integer (milliseconds)');
  return n;
}

export function parseRevision(v: string): Revision {
  const r = v === 'draft' ? '2026-07-28' : v;
  if (!isRevision(r)) throw new InvalidArgumentError(`expected one of ${REVISIONS.join(', ')} or draft`);
  return r;
}

export function parseFormats(v: string): FormatName[] {
  const list = v.split(',').map((s) => s.trim().toLowerCase());
  for (const f of list)
    if (!isFormatName(f))
      throw new InvalidArgumentError(`unknown format "${f}"; expected ${FORMAT_NAMES.join(', ')}`);
  return [...new Set(list)] as FormatName[];
}

/** A repeatable option's values, in order. */
export function collectList(v: string, acc: readonly string[] | undefined): string[] {
  return [...(acc ?? []), v];
}

/** `-H` is repeatable: each value adds to the headers collected so far (none before the first). */
export function collectHeader(v: string, acc: Record<string, string> | undefined): Record<string, string> {
  const i = v.indexOf(':');
  if (i <= 0) throw new InvalidArgumentError('expected "Name: value"');
  const name = v.slice(0, i).trim().toLowerCase();
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name))
    throw new InvalidArgumentError(`invalid header name "${name}"`);
  return { ...acc, [name]: v.slice(i + 1).trim() };
}

/** `--designate-tool-args`: a JSON object (the designated tool's arguments). */
export function parseJsonObject(v: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw new InvalidArgumentError('expected a JSON object, e.g. \'{"region":"us-west1"}\'');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new InvalidArgumentError('expected a JSON object, e.g. \'{"region":"us-west1"}\'');
  return parsed as Record<string, unknown>;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `--env NAME=value` sets a variable; `--env NAME` passes the scanner's own value through. */
export function collectEnv(v: string, acc: Record<string, string> | undefined): Record<string, string> {
  const out = { ...(acc ?? {}) };
  const eq = v.indexOf('=');
  const name = eq === -1 ? v : v.slice(0, eq);
  if (!ENV_NAME.test(name)) throw new UsageError(`--env needs NAME or NAME=value, got ${JSON.stringify(v)}`);
  if (eq !== -1) out[name] = v.slice(eq + 1);
  else {
    const value = process.env[name];
    if (value === undefined) throw new UsageError(`--env ${name}: the variable is not set`);
    out[name] = value;
  }
  return out;
}
