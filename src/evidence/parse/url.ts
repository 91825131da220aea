/**
 * URL helpers over the WHATWG URL parser (the one browsers and Node clients
 * use), restricted to http(s). Inputs are server-supplied and hostile.
 */

/**
 * The canonical form of an http(s) URL, resolved against `base`: scheme and host
 * lower-case, default port dropped, empty path as `/`, fragment kept. Null for
 * unparseable input and other schemes.
 */
export function canonicalUrl(input: string, base?: string): string | null {
  const url = parseHttpUrl(input, base);
  return url === null ? null : url.href;
}

/** True when both are http(s) URLs with the same canonical form (server-supplied URLs). */
export function sameUrl(a: string, b: string): boolean {
  const ca = canonicalUrl(a);
  return ca !== null && ca === canonicalUrl(b);
}

/**
 * True when both parse to the same URL (any scheme), or, when either does not parse, are the
 * same string: for URLs and names the user wrote (config targets, suppression filters).
 */
export function sameHref(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

function parseHttpUrl(input: string, base?: string): URL | null {
  if (typeof input !== 'string') return null;
  try {
    const url = new URL(input, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** True when both are http(s) URLs with the same scheme, host and port. */
export function sameOrigin(a: string, b: string): boolean {
  const ua = parseHttpUrl(a);
  const ub = parseHttpUrl(b);
  return ua !== null && ub !== null && ua.origin === ub.origin;
}

// Characters that would make `http://${host}/` parse as something other than a
// bare host (userinfo, port, path, query, fragment), plus controls and spaces.
const DELIMITERS = new Set(['/', '\\', '?', '#', '@', ':', '[', ']']);

function hasDelimiter(host: string): boolean {
  for (const ch of host) {
    const c = ch.codePointAt(0) ?? 0;
    if (c <= 0x20 || c === 0x7f || DELIMITERS.has(ch) || /\s/.test(ch)) return true;
  }
  return false;
}
const BARE_IPV6 = /^[0-9a-fA-F:.]+$/;
const LOOPBACK_IPV4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
// ::ffff:127.x.y.z as the WHATWG serializer writes it.
const MAPPED_LOOPBACK_IPV4 = /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/;

/**
 * True for hostnames that name this machine: `localhost`, `*.localhost`
 * (RFC 6761), 127.0.0.0/8 and ::1 (also IPv4-mapped 127/8). Accepts a URL's
 * `hostname` (`[::1]`) or a bare IPv6 literal; normalizes through the WHATWG host
 * parser, so `127.1`, `0x7f.0.0.1` and `LOCALHOST.` are recognized. A host with
 * a port or any URL delimiter is not a hostname: false.
 */
export function isLoopbackHostname(host: string): boolean {
  if (typeof host !== 'string' || host === '' || host.length > 1024) return false;
  let literal = host;
  if (host.startsWith('[') && host.endsWith(']')) {
    if (!BARE_IPV6.test(host.slice(1, -1))) return false;
  } else if (host.includes(':')) {
    if (!BARE_IPV6.test(host)) return false;
    literal = `[${host}]`;
  } else if (hasDelimiter(host)) return false;

  let hostname: string;
  try {
    hostname = new URL(`http://${literal}/`).hostname;
  } catch {
    return false;
  }
  if (hostname.startsWith('[')) return hostname === '[::1]' || MAPPED_LOOPBACK_IPV4.test(hostname);
  const h = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return h === 'localhost' || h.endsWith('.localhost') || LOOPBACK_IPV4.test(h);
}
