/**
 * `scan --targets FILE`: one URL per line (blank lines and `#` comments ignored, a comment may
 * follow a URL), or a JSON list of URL strings or of `{ "url": …, "name": … }` objects. The file
 * is the user's, but it may come from an inventory export: it is size-capped, and every bad
 * entry is reported with its line or index, all at once.
 */
import { readFileSync, statSync } from 'node:fs';

import type { HttpTarget, Target } from '../target.js';
import { isTargetError, parseHttpTarget } from '../target.js';
import type { TargetEntry, TargetSource, TargetSourceKind } from './types.js';

export const MAX_TARGETS_FILE_BYTES = 16 * 1024 * 1024;
const MAX_NAME_LENGTH = 200;

export class TargetsFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : '';
    super(`${file}:\n  ${shown.join('\n  ')}${more}`);
  }
}

interface Parsed {
  readonly target: HttpTarget;
  readonly name: string | null;
}

function fromLines(text: string, problems: string[]): Parsed[] {
  const out: Parsed[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') return;
    const t = parseHttpTarget(line);
    if (isTargetError(t)) problems.push(`line ${i + 1}: ${t.error}`);
    else out.push({ target: t, name: null });
  });
  return out;
}

function fromJson(text: string, problems: string[]): Parsed[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    problems.push(`not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
    return [];
  }
  if (!Array.isArray(raw)) {
    problems.push('expected a JSON list of URLs or of {"url", "name"} objects');
    return [];
  }
  const out: Parsed[] = [];
  raw.forEach((item: unknown, i) => {
    let url: unknown = item;
    let name: unknown = null;
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const extra = Object.keys(item).filter((k) => k !== 'url' && k !== 'name');
      if (extra.length)
        problems.push(`[${i}]: unknown key ${extra.map((k) => JSON.stringify(k)).join(', ')}`);
      url = 'url' in item ? item.url : undefined;
      name = 'name' in item ? (item.name ?? null) : null;
    }
    if (typeof url !== 'string') {
      problems.push(`[${i}]: expected a URL string or {"url": "…"}`);
      return;
    }
    if (name !== null && (typeof name !== 'string' || name === '' || name.length > MAX_NAME_LENGTH)) {
      problems.push(`[${i}].name: expected a non-empty string of at most ${MAX_NAME_LENGTH} characters`);
      return;
    }
    const t = parseHttpTarget(url);
    if (isTargetError(t)) problems.push(`[${i}]: ${t.error}`);
    else out.push({ target: t, name });
  });
  return out;
}

/** Parses a targets file's text; throws TargetsFileError listing every problem. */
export function parseTargetsFile(text: string, file: string): Parsed[] {
  const problems: string[] = [];
  const body = text.replace(/^\uFEFF/, '');
  const parsed = /^[[{]/.test(body.trimStart()) ? fromJson(body, problems) : fromLines(body, problems);
  if (problems.length) throw new TargetsFileError(file, problems);
  if (parsed.length === 0) throw new TargetsFileError(file, ['no targets in the file']);
  return parsed;
}

export function readTargetsFile(file: string): Parsed[] {
  let text: string;
  try {
    if (statSync(file).size > MAX_TARGETS_FILE_BYTES)
      throw new TargetsFileError(file, [`larger than ${MAX_TARGETS_FILE_BYTES} bytes`]);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof TargetsFileError) throw err;
    throw new TargetsFileError(file, [`cannot read: ${err instanceof Error ? err.message : String(err)}`]);
  }
  return parseTargetsFile(text, file);
}

/** The targets file as a source (read when the run starts). */
export function fileSource(file: string): TargetSource {
  return {
    label: file,
    async *entries(): AsyncIterable<TargetEntry> {
      for (const p of readTargetsFile(file))
        yield { kind: 'target', target: { target: p.target, name: p.name, source: 'file', registry: null } };
    },
  };
}

/** Targets named on the command line or in the config file, already parsed where they were read. */
export function listSource(
  label: string,
  kind: TargetSourceKind,
  items: readonly { readonly target: Target; readonly name: string | null }[],
): TargetSource {
  return {
    label,
    async *entries(): AsyncIterable<TargetEntry> {
      for (const item of items)
        yield {
          kind: 'target',
          target: { target: item.target, name: item.name, source: kind, registry: null },
        };
    },
  };
}
