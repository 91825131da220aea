/**
 * What mcp-posture is pointed at, parsed once. Every way of naming a server (a URL on the
 * command line, a config target, a targets file, the registry, a client config, `--stdio`)
 * becomes one of these two kinds before anything is sent, and everything downstream reads the
 * parsed form: stages never re-parse a URL string.
 *
 * `identity` is the one notion of "the same target": locks, stored logins, fleet
 * de-duplication and shards, and the history database all key by it.
 */
import type { StdioPackage } from '../evidence/stdio-types.js';
import { redactArgs, stdioRedactor } from './redact-command.js';

/** A remote server: Streamable HTTP or HTTP+SSE (the scan detects which). */
export interface HttpTarget {
  readonly kind: 'http';
  /** The parsed URL (WHATWG), fragment removed. Frozen: never mutate, build a new URL. */
  readonly url: Readonly<URL>;
  /** `url.href`: the canonical string, as recorded in evidence and reports. */
  readonly href: string;
  readonly origin: string;
  readonly scheme: 'http' | 'https';
  /** As the URL parser normalised it (lower case; IPv6 in brackets). */
  readonly hostname: string;
  readonly identity: string;
}

/** How a local server is started (`--stdio`, a config target with `command`, a client config). */
export interface StdioCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** Environment variables the server needs (the only ones passed besides a minimal set). */
  readonly env: Readonly<Record<string, string>>;
  /** Working directory; null: a fresh temporary directory. */
  readonly cwd: string | null;
}

/** A local server spoken to over stdin/stdout. */
export interface StdioTarget extends StdioCommand {
  readonly kind: 'stdio';
  /**
   * `stdio:` and the command line with secrets redacted: shown in reports, and the identity. For a
   * package installed by the scan (`--npm`, `--pypi`): `npm:<name>@<version>` and its arguments.
   */
  readonly href: string;
  readonly identity: string;
  /** `--npm` / `--pypi`: the package that was installed into a throwaway prefix. */
  readonly package?: StdioPackage;
  /** Paths the server needs that the sandbox maps back read-only (the throwaway prefix). */
  readonly readOnly?: readonly string[];
}

export type Target = HttpTarget | StdioTarget;

/** Why a string is not an http(s) target, in words for the user, with the next step when there is one. */
export interface TargetError {
  readonly error: string;
  readonly hint?: string;
}

export const MAX_TARGET_URL_LENGTH = 2048;

/**
 * An absolute http(s) URL, parsed; null for anything else (javascript:, data:, relative,
 * unparseable). The one place a string is read as "a link the scanner may follow or print as a
 * link"; unlike `parseHttpTarget` it keeps the fragment and credentials and suggests nothing.
 */
export function parseHttpUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

/** True for the result of `parseHttpTarget` that is an error. */
export function isTargetError(r: Target | TargetError): r is TargetError {
  return 'error' in r;
}

/**
 * Parses what the user (or a fleet source) named as a remote target. Refuses non-http(s)
 * schemes, over-long URLs and URLs carrying credentials (`user:pass@`: a target list is no
 * place for a password, and the scanner never sends them). The fragment is dropped: it is
 * never sent, so it cannot make two targets different.
 */
export function parseHttpTarget(input: string): HttpTarget | TargetError {
  const trimmed = input.trim();
  if (trimmed.length > MAX_TARGET_URL_LENGTH)
    return { error: `longer than ${MAX_TARGET_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return schemeless(trimmed) ?? { error: `not a URL: ${trimmed}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return schemeless(trimmed) ?? { error: 'the URL must be http:// or https://' };
  if (url.username || url.password) return { error: 'the URL carries credentials (user:password@)' };
  url.hash = '';
  return httpTargetOf(url);
}

function httpTargetOf(url: URL): HttpTarget {
  const href = url.href;
  return Object.freeze({
    kind: 'http',
    url: Object.freeze(url),
    href,
    origin: url.origin,
    scheme: url.protocol === 'https:' ? 'https' : 'http',
    hostname: url.hostname,
    identity: href,
  });
}

/** `127.0.0.1:8080/mcp` and `example.com/mcp` parse as something else, or not at all: suggest the scheme. */
function schemeless(input: string): TargetError | null {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) return null;
  const guess = /^(localhost|127\.|\[::1\])/i.test(input) ? `http://${input}` : `https://${input}`;
  let url: URL;
  try {
    url = new URL(guess);
  } catch {
    return null;
  }
  if (!url.hostname.includes('.') && url.hostname !== 'localhost' && !url.hostname.startsWith('['))
    return null;
  return { error: `not a URL: ${input}`, hint: `did you mean ${guess}?` };
}

/** A stdio target from its command; the identity redacts what looks like a secret. */
export function stdioTarget(command: StdioCommand): StdioTarget {
  const href = stdioCommandLine(command);
  return Object.freeze({
    kind: 'stdio',
    command: command.command,
    args: [...command.args],
    env: { ...command.env },
    cwd: command.cwd,
    href,
    identity: href,
  });
}

/**
 * A package installed into a throwaway prefix, launched by `command`: its identity is the
 * package and the exact version (`npm:@scope/name@1.2.3`, `pypi:name==1.2.3`), followed by the
 * arguments it is given (redacted), never the throwaway path.
 */
export function packageTarget(
  command: StdioCommand,
  pkg: StdioPackage,
  extraArgs: readonly string[],
  readOnly: readonly string[],
): StdioTarget {
  const redact = stdioRedactor(command.env);
  const ref = pkg.ecosystem === 'npm' ? `npm:${pkg.name}@${pkg.version}` : `pypi:${pkg.name}==${pkg.version}`;
  const href = [ref, ...redactArgs(extraArgs, redact)].join(' ');
  return Object.freeze({
    ...stdioTarget(command),
    href,
    identity: href,
    package: pkg,
    readOnly: [...readOnly],
  });
}

/** The same local server, with more paths the sandbox maps back read-only (`--sandbox-map`). */
export function withReadOnly(target: StdioTarget, paths: readonly string[]): StdioTarget {
  return Object.freeze({ ...target, readOnly: [...(target.readOnly ?? []), ...paths] });
}

/** `stdio:` and the command with its arguments, secrets (declared env values, token shapes) redacted. */
export function stdioCommandLine(command: StdioCommand): string {
  const redact = stdioRedactor(command.env);
  return `stdio:${[redact(command.command), ...redactArgs(command.args, redact)].join(' ')}`;
}

/**
 * The identity of a target named only by a string (a lock entry, a stored login, a history
 * row): an http(s) URL is canonicalised as `parseHttpTarget` does; anything else (a `stdio:`
 * command line) is its own identity.
 */
export function identityOf(ref: string): string {
  if (/^(stdio|npm|pypi):/.test(ref)) return ref;
  const t = parseHttpTarget(ref);
  return isTargetError(t) ? ref : t.identity;
}
