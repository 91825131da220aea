/**
 * `mcp-posture discover`: every MCP server the user's clients are configured with, read from the
 * files in ./clients.ts (docs/stdio.md#discovery). It never launches anything. Config files are
 * hostile input: each is read only up to 1 MB, parsed without evaluation, cut to 500 servers, and
 * every string is cut short; a malformed file is reported in `errors` and hides nothing else.
 * Environment-variable references (`${env:X}`, `$X`) are kept as written, never expanded.
 */
import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

import { redactArgs, stdioRedactor } from '../redact-command.js';
import type { ClientConfigRow, ClientScope } from './clients.js';
import { CLIENT_CONFIGS } from './clients.js';
import { parseJsonc, parseTomlSubset } from './parse.js';
import { configuredCredentials, literalSecrets } from './secrets.js';

export const MAX_CONFIG_BYTES = 1024 * 1024;
export const MAX_SERVERS_PER_FILE = 500;
const MAX_STRING = 2_000;
const MAX_ARGS = 100;
const MAX_PROJECTS = 200;

export type DiscoveredTransport = 'stdio' | 'streamable-http' | 'sse';

export interface DiscoveredServer {
  readonly client: string;
  readonly scope: ClientScope;
  readonly file: string;
  /** For per-project entries of a user file (Claude Code): the project path. */
  readonly project?: string;
  readonly name: string;
  readonly transport: DiscoveredTransport;
  readonly url?: string;
  readonly command?: string;
  readonly args?: readonly string[];
  /** Declared variables, values as written (references unexpanded); never printed. */
  readonly env?: Readonly<Record<string, string>>;
  /** Declared HTTP headers of a remote server, values as written (references unexpanded); never printed. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

export interface DiscoveryError {
  readonly file: string;
  readonly message: string;
}

/** A file discovery would have read but did not, with the reason (a project that is gone). */
export interface DiscoverySkip {
  readonly file: string;
  readonly reason: string;
}

export interface Discovery {
  readonly servers: readonly DiscoveredServer[];
  readonly errors: readonly DiscoveryError[];
  readonly skipped: readonly DiscoverySkip[];
}

export interface DiscoverOptions {
  readonly home: string;
  /** Directory whose project files (.mcp.json, .cursor/mcp.json, .vscode/mcp.json …) are read. */
  readonly project?: string | null;
  /** Root of the managed (system-wide) settings; null skips them. */
  readonly systemRoot?: string | null;
  readonly platform?: NodeJS.Platform;
}

const cut = (s: string) => (s.length > MAX_STRING ? s.slice(0, MAX_STRING) : s);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? cut(v) : undefined);

/** The file's text, or why not; a missing file is neither a server nor an error. */
function readCapped(file: string): { text: string } | { error: string } | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? null : { error: `cannot read: ${code ?? 'error'}` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { error: 'not a regular file' };
    if (st.size > MAX_CONFIG_BYTES) return { error: `larger than ${MAX_CONFIG_BYTES} bytes; not read` };
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return { text: buf.subarray(0, off).toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

function parseAs(format: ClientConfigRow['format'], text: string): unknown {
  if (format === 'toml') return parseTomlSubset(text);
  if (format === 'jsonc') return parseJsonc(text);
  return JSON.parse(text) as unknown;
}

function at(doc: unknown, key: readonly string[]): unknown {
  let v = doc;
  for (const k of key) {
    if (!isRecord(v) || !Object.hasOwn(v, k)) return undefined;
    v = v[k];
  }
  return v;
}

function stringMap(v: unknown): Record<string, string> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v).slice(0, MAX_ARGS)) if (typeof x === 'string') out[cut(k)] = cut(x);
  return out;
}

function stringList(v: unknown): string[] | undefined {
  return Array.isArray(v)
    ? v
        .slice(0, MAX_ARGS)
        .filter((x): x is string => typeof x === 'string')
        .map(cut)
    : undefined;
}

/** One entry of a server map, in any of the clients' shapes; null when it has neither command nor URL. */
export function normalizeEntry(
  client: string,
  raw: Record<string, unknown>,
): Omit<DiscoveredServer, 'client' | 'scope' | 'file' | 'name'> | null {
  // Continue nests the transport; Zed may nest the command.
  const e = isRecord(raw['transport']) ? { ...raw, ...raw['transport'] } : raw;
  const type = str(e['type'])?.toLowerCase();
  let command = e['command'];
  let args = stringList(e['args']);
  let env = stringMap(e['env']) ?? stringMap(e['environment']);
  if (isRecord(command)) {
    // Zed: { "command": { "path": "...", "args": [...], "env": {...} } }
    args = stringList(command['args']) ?? args;
    env = stringMap(command['env']) ?? env;
    command = command['path'] ?? command['command'];
  }
  if (Array.isArray(command)) {
    // opencode: "command": ["npx", "-y", "server"]
    const list = stringList(command) ?? [];
    command = list[0];
    args = [...list.slice(1), ...(args ?? [])];
  }
  const cwd = str(e['cwd']);
  if (typeof command === 'string' && command !== '' && type !== 'remote') {
    return {
      transport: 'stdio',
      command: cut(command),
      ...(args && args.length ? { args } : {}),
      ...(env && Object.keys(env).length ? { env } : {}),
      ...(cwd ? { cwd } : {}),
    };
  }
  const httpUrl = str(e['httpUrl']);
  const url = httpUrl ?? str(e['url']) ?? str(e['serverUrl']);
  if (!url) return null;
  const sse = type === 'sse' || (client === 'gemini-cli' && httpUrl === undefined && e['url'] !== undefined);
  // `headers` (Claude Code, Cursor, VS Code, Gemini CLI, opencode); `http_headers` (Codex).
  const headers = stringMap(e['headers']) ?? stringMap(e['http_headers']);
  return {
    transport: sse ? 'sse' : 'streamable-http',
    url,
    ...(headers && Object.keys(headers).length ? { headers } : {}),
  };
}

function serversOf(
  row: ClientConfigRow,
  doc: unknown,
  file: string,
  project: string | undefined,
  errors: DiscoveryError[],
): DiscoveredServer[] {
  const container = at(doc, row.key);
  if (container === undefined) return [];
  const entries: [string, unknown][] =
    row.layout === 'list'
      ? Array.isArray(container)
        ? container.map((x, i) => [isRecord(x) && typeof x['name'] === 'string' ? x['name'] : `#${i}`, x])
        : []
      : isRecord(container)
        ? Object.entries(container)
        : [];
  if (entries.length === 0 && !isRecord(container) && !Array.isArray(container)) {
    errors.push({
      file,
      message: `${row.key.join('.')} is not ${row.layout === 'list' ? 'a list' : 'an object'}`,
    });
    return [];
  }
  const out: DiscoveredServer[] = [];
  if (entries.length > MAX_SERVERS_PER_FILE)
    errors.push({
      file,
      message: `${entries.length} servers; only the first ${MAX_SERVERS_PER_FILE} are listed`,
    });
  for (const [name, raw] of entries.slice(0, MAX_SERVERS_PER_FILE)) {
    const n = cut(name);
    if (!isRecord(raw)) {
      errors.push({ file, message: `server ${JSON.stringify(n)} is not an object` });
      continue;
    }
    const entry = normalizeEntry(row.client, raw);
    if (!entry) {
      errors.push({ file, message: `server ${JSON.stringify(n)} has neither a command nor a URL` });
      continue;
    }
    out.push({
      client: row.client,
      scope: row.scope,
      file,
      ...(project ? { project } : {}),
      name: n,
      ...entry,
    });
  }
  return out;
}

type Loaded = { doc: unknown } | { error: string } | null;

/** Reads and parses each file once; a read or parse error is reported once, the first time. */
class Files {
  readonly #parsed = new Map<string, Loaded>();
  /** Files whose servers were listed (a project file may be named twice: by the table and by ~/.claude.json). */
  readonly listed = new Set<string>();
  constructor(private readonly errors: DiscoveryError[]) {}

  load(format: ClientConfigRow['format'], file: string): Loaded {
    if (this.#parsed.has(file)) return this.#parsed.get(file)!;
    const read = readCapped(file);
    let got: Loaded = null;
    if (read !== null && 'error' in read) got = read;
    else if (read !== null)
      try {
        got = { doc: parseAs(format, read.text) };
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        got = { error: `not valid ${format.toUpperCase()}: ${cut(msg).slice(0, 200)}` };
      }
    this.#parsed.set(file, got);
    if (got && 'error' in got) this.errors.push({ file, message: got.error });
    return got;
  }
}

/**
 * The project file (`.mcp.json`) of a project listed in ~/.claude.json: read like any config
 * file; a project path that is not absolute or no longer exists is skipped with the reason, and
 * a project without the file has no project servers (most have none).
 */
function projectFileServers(
  row: ClientConfigRow,
  project: string,
  files: Files,
  errors: DiscoveryError[],
  skipped: DiscoverySkip[],
): DiscoveredServer[] {
  const rel = row.projectFile!.path;
  if (!isAbsolute(project)) {
    skipped.push({ file: project, reason: `project path is not absolute; its ${rel} is not read` });
    return [];
  }
  if (!existsSync(project)) {
    skipped.push({ file: project, reason: `project directory not found; its ${rel} is not read` });
    return [];
  }
  const file = join(project, rel);
  if (files.listed.has(file)) return [];
  const got = files.load(row.format, file);
  if (!got || 'error' in got) return [];
  files.listed.add(file);
  return serversOf(row, got.doc, file, project, errors);
}

export function discoverServers(opts: DiscoverOptions): Discovery {
  const platform = opts.platform ?? process.platform;
  const servers: DiscoveredServer[] = [];
  const errors: DiscoveryError[] = [];
  const skipped: DiscoverySkip[] = [];
  const files = new Files(errors);
  for (const row of CLIENT_CONFIGS) {
    if (row.os && row.os !== platform) continue;
    const base = row.base === 'home' ? opts.home : row.base === 'project' ? opts.project : opts.systemRoot;
    if (base === null || base === undefined) continue;
    const file = join(base, row.path);
    const got = files.load(row.format, file);
    if (!got || 'error' in got) continue;
    if (!row.perProject) {
      if (files.listed.has(file) && row.base === 'project') continue;
      files.listed.add(file);
      servers.push(...serversOf(row, got.doc, file, undefined, errors));
      continue;
    }
    const projects = at(got.doc, ['projects']);
    if (!isRecord(projects)) continue;
    const list = Object.entries(projects);
    if (list.length > MAX_PROJECTS)
      errors.push({ file, message: `${list.length} projects; only the first ${MAX_PROJECTS} are read` });
    for (const [path, p] of list.slice(0, MAX_PROJECTS)) {
      servers.push(...serversOf(row, p, file, cut(path), errors));
      if (row.projectFile) servers.push(...projectFileServers(row, cut(path), files, errors, skipped));
    }
  }
  return { servers, errors, skipped };
}

/** A server as printed (`discover --format json`): env values never appear, secret-looking args are redacted. */
export function publicView(s: DiscoveredServer): Record<string, unknown> {
  const redact = stdioRedactor({});
  return {
    client: s.client,
    scope: s.scope,
    file: s.file,
    ...(s.project ? { project: s.project } : {}),
    name: s.name,
    transport: s.transport,
    ...(s.url ? { url: redact(s.url) } : {}),
    ...(s.command ? { command: redact(s.command) } : {}),
    ...(s.args ? { args: redactArgs(s.args, redact) } : {}),
    ...credentialsView(s),
  };
}

/** The credentials the entry gives the server, by name; `literal` when the value is written out (MCPP-CFG01). */
function credentialsView(s: DiscoveredServer): { credentials?: Record<string, unknown>[] } {
  const given = configuredCredentials(s.headers, s.env);
  if (given.length === 0) return {};
  const literal = new Set(literalSecrets(s.headers, s.env).map((k) => `${k.where}\u0000${k.key}`));
  return {
    credentials: given.map((k) => ({ ...k, literal: literal.has(`${k.where}\u0000${k.key}`) })),
  };
}
