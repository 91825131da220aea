/**
 * Reads and validates the config file. Every problem is reported at once, each
 * with the path of the offending key (`targets[1].failOn: expected one of …`),
 * so a CI run fixes a broken file in one edit.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import type { z } from 'zod';

import { ConfigError } from './errors.js';
import type { Config } from './schema.js';
import { ConfigSchema } from './schema.js';

export { ConfigError } from './errors.js';

/** `targets[1].headers["x y"]`: the path a user can find in their file. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof seg === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out || '(root)';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string[] {
  const at = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((k) => `${formatPath([...issue.path, k])}: unknown key`);
  if (issue.code === 'invalid_value') {
    const v = issue.values;
    return [`${at}: expected ${v.length === 1 ? JSON.stringify(v[0]) : `one of ${v.map(String).join('|')}`}`];
  }
  if (issue.code === 'invalid_key') return [`${at}: ${issue.issues[0]?.message ?? 'invalid key'}`];
  if (issue.code === 'invalid_type') {
    if (valueAt(input, issue.path) === undefined) return [`${at}: required`];
    // Custom messages (set in the schema) already read well; zod's default names the types.
    return [`${at}: ${issue.message.replace(/^Invalid input: /, '')}`];
  }
  return [`${at}: ${issue.message}`];
}

/** Zod issues as `path: problem` lines. */
export function formatIssues(issues: readonly z.core.$ZodIssue[], input: unknown): string[] {
  return issues.flatMap((i) => describeIssue(i, input));
}

export interface ParseOptions {
  /** Named in errors. */
  readonly source?: string;
  /** Relative `baseline`, `lock` and `outputDir` paths are resolved against this directory. */
  readonly baseDir?: string;
}

function resolvePaths(cfg: Config, baseDir: string): Config {
  const out = (s: { outputDir?: string | undefined }) =>
    s.outputDir === undefined ? {} : { outputDir: resolve(baseDir, s.outputDir) };
  return {
    ...cfg,
    ...(cfg.defaults ? { defaults: { ...cfg.defaults, ...out(cfg.defaults) } } : {}),
    targets: cfg.targets.map((t) => ({
      ...t,
      ...out(t),
      ...(t.cwd !== undefined ? { cwd: resolve(baseDir, t.cwd) } : {}),
    })),
    ...(cfg.baseline !== undefined ? { baseline: resolve(baseDir, cfg.baseline) } : {}),
    ...(cfg.lock !== undefined ? { lock: resolve(baseDir, cfg.lock) } : {}),
  };
}

export function parseConfig(text: string, opts: ParseOptions = {}): Config {
  const source = opts.source ?? 'config';
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(source, [`not valid JSON: ${(err as Error).message}`]);
  }
  const r = ConfigSchema.safeParse(raw);
  if (!r.success) throw new ConfigError(source, formatIssues(r.error.issues, raw));
  return opts.baseDir === undefined ? r.data : resolvePaths(r.data, opts.baseDir);
}

/** Reads, validates and resolves relative paths against the file's directory. */
export function loadConfig(path: string): Config {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(path, [`cannot read: ${(err as Error).message}`]);
  }
  return parseConfig(text, { source: path, baseDir: dirname(resolve(path)) });
}
