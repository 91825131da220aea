/**
 * The token store: one JSON file in the user's config directory, mode 0600 in a 0700 directory,
 * one entry per resource, each bound to the issuer that issued it (docs/login.md#token-storage).
 * A stored token is handed out only for the exact resource it was issued for, and the scan
 * attaches it only to that resource's origin.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

import type { HttpTarget } from '../targets/target.js';
import { identityOf } from '../targets/target.js';

export interface StoredLogin {
  /** The canonical resource URI the token was issued for (RFC 8707). */
  readonly resource: string;
  /** The MCP endpoint URL the user logged in to; matched to targets through its identity. */
  readonly target: string;
  readonly issuer: string;
  readonly tokenEndpoint: string;
  readonly clientId: string;
  readonly clientKind: 'pre-registered' | 'metadata-document' | 'dynamic-registration';
  /** The environment variable holding the client secret (the secret itself is never stored). */
  readonly clientSecretEnv?: string;
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** Epoch ms. */
  readonly expiresAt?: number;
  readonly scope?: string;
  /** RFC 7592 management of a client this tool registered, to delete it at logout. */
  readonly registration?: { readonly clientUri: string; readonly accessToken: string };
  readonly createdAt: number;
}

interface StoreFile {
  readonly version: 1;
  readonly logins: readonly StoredLogin[];
}

/** The platform's per-user config directory (XDG on Linux), with an `mcp-posture` folder. */
export function configDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env['MCP_POSTURE_CONFIG_DIR']) return env['MCP_POSTURE_CONFIG_DIR'];
  if (platform === 'win32')
    return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'mcp-posture');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'mcp-posture');
  const xdg = env['XDG_CONFIG_HOME'];
  return join(xdg && xdg.startsWith('/') ? xdg : join(homedir(), '.config'), 'mcp-posture');
}

export function tokenFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'tokens.json');
}

function read(file: string): StoreFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { version: 1, logins: [] };
  }
  try {
    const parsed = JSON.parse(text) as Partial<StoreFile>;
    return { version: 1, logins: Array.isArray(parsed.logins) ? parsed.logins : [] };
  } catch {
    return { version: 1, logins: [] };
  }
}

function write(file: string, data: StoreFile): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  // Created 0600 before any secret is written; the rename keeps the mode.
  writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/**
 * RFC 8707 resource indicators: same scheme, host, port and path, ignoring a trailing slash and
 * the fragment. A resource is not a target (an authorization server may name it with or without
 * the slash), so this comparison is kept apart from target identity (src/targets/target.ts).
 */
export function sameResource(a: string, b: string): boolean {
  const norm = (s: string): string | null => {
    try {
      const u = new URL(s);
      u.hash = '';
      return u.href.endsWith('/') ? u.href.slice(0, -1) : u.href;
    } catch {
      return null;
    }
  };
  const x = norm(a);
  return x !== null && x === norm(b);
}

export function saveLogin(login: StoredLogin, file = tokenFile()): void {
  const data = read(file);
  const others = data.logins.filter(
    (l) => !sameResource(l.resource, login.resource) || l.issuer !== login.issuer,
  );
  write(file, { version: 1, logins: [...others, login] });
}

/** Does a stored login belong to the target: its target has the identity, or its resource is the URL? */
function loginOf(l: StoredLogin, identity: string, href: string, by: 'target' | 'resource'): boolean {
  // A login stored by an older mcp-posture names its target as typed: read through identityOf.
  return by === 'target' ? identityOf(l.target) === identity : sameResource(l.resource, href);
}

/** The login for a target: the entry for its identity, else the one whose resource is its URL. */
export function findLogin(target: HttpTarget | string, file = tokenFile()): StoredLogin | null {
  const identity = typeof target === 'string' ? identityOf(target) : target.identity;
  const href = typeof target === 'string' ? target : target.href;
  const logins = read(file).logins;
  return (
    logins.find((l) => loginOf(l, identity, href, 'target')) ??
    logins.find((l) => loginOf(l, identity, href, 'resource')) ??
    null
  );
}

/** Removes the logins of one URL (or all, with null); returns what was removed. */
export function removeLogins(url: string | null, file = tokenFile()): StoredLogin[] {
  const data = read(file);
  const match = (l: StoredLogin): boolean =>
    url === null || loginOf(l, identityOf(url), url, 'target') || loginOf(l, '', url, 'resource');
  const removed = data.logins.filter(match);
  const kept = data.logins.filter((l) => !match(l));
  if (kept.length === 0) rmSync(file, { force: true });
  else write(file, { version: 1, logins: kept });
  return removed;
}
