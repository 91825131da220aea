/**
 * Which destinations a URL learned from the (hostile) server may reach. The user's own
 * target is always reachable; everything a server hands us goes through `decideAddress`,
 * applied at connect time to every resolved address so DNS rebinding cannot slip past.
 */
import { isIP } from 'node:net';
import type { AddressScope } from '../../evidence/types.js';

/** Strip URL brackets and an IPv6 zone id (`fe80::1%eth0`). */
export function bareHost(hostname: string): string {
  const unbracketed = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const zone = unbracketed.indexOf('%');
  return zone >= 0 && unbracketed.includes(':') ? unbracketed.slice(0, zone) : unbracketed;
}

function parseV4(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => Number.isInteger(o) && o >= 0 && o <= 255) ? octets : null;
}

/** Expand an IPv6 literal into eight 16-bit groups (an embedded dotted IPv4 tail included). */
function parseV6(ip: string): number[] | null {
  let text = ip;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = parseV4(text.slice(lastColon + 1));
    if (!v4) return null;
    tail.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    text = text.slice(0, lastColon + 1) + '0';
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  // The dotted tail replaced one placeholder group with two real ones.
  if (tail.length) (halves.length === 2 ? rest : head).pop();
  const fill = 8 - head.length - rest.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const all = [...head, ...new Array<number>(fill).fill(0), ...rest, ...tail];
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

function classifyV4([a = 0, b = 0]: readonly number[]): AddressScope {
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private'; // CGNAT
  if (a === 169 && b === 254) return 'link-local'; // includes cloud metadata 169.254.169.254
  if (a === 0 || a >= 224) return 'unknown'; // unspecified, multicast, reserved, broadcast
  return 'public';
}

function v4FromGroups(hi: number, lo: number): number[] {
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
}

function classifyV6(g: readonly number[]): AddressScope {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0 && g6 === 0) return g7 === 1 ? 'loopback' : 'unknown'; // ::1, ::
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible form reach the IPv4 host.
  if (upperZero && (g5 === 0xffff || g5 === 0)) return classifyV4(v4FromGroups(g6, g7));
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) embed an IPv4 destination.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return classifyV4(v4FromGroups(g6, g7));
  }
  if (g0 === 0x2002) return classifyV4(v4FromGroups(g1, g2));
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((g0 & 0xff00) === 0xff00) return 'unknown'; // multicast
  return 'public';
}

/** Classify an IP literal; anything that is not one is `unknown`. */
export function classifyAddress(ip: string): AddressScope {
  const host = bareHost(ip);
  const version = isIP(host);
  if (version === 4) {
    const v4 = parseV4(host);
    return v4 ? classifyV4(v4) : 'unknown';
  }
  if (version === 6) {
    const v6 = parseV6(host);
    return v6 ? classifyV6(v6) : 'unknown';
  }
  return 'unknown';
}

/** A canonical form so `::ffff:127.0.0.1` and `127.0.0.1` compare equal. */
export function canonicalAddress(ip: string): string {
  const host = bareHost(ip);
  if (isIP(host) !== 6) return host;
  const g = parseV6(host);
  if (!g) return host.toLowerCase();
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return v4FromGroups(g[6] ?? 0, g[7] ?? 0).join('.');
  return g.map((x) => x.toString(16)).join(':');
}

export interface PolicyContext {
  /** Scope of the user's target (from its first resolved address). */
  readonly targetScope: AddressScope;
  /** Every address the target resolved to; these are always reachable. */
  readonly targetAddresses: readonly string[];
  readonly allowPrivate: boolean;
}

export type PolicyDecision =
  | { readonly allowed: true; readonly scope: AddressScope }
  | { readonly allowed: false; readonly scope: AddressScope; readonly reason: string };

/** May a learned URL connect to `ip`? */
export function decideAddress(ip: string, ctx: PolicyContext): PolicyDecision {
  const scope = classifyAddress(ip);
  if (scope === 'public') return { allowed: true, scope };
  if (scope === 'unknown') {
    return { allowed: false, scope, reason: `${ip} is unspecified, multicast or reserved` };
  }
  if (ctx.allowPrivate) return { allowed: true, scope };
  const canonical = canonicalAddress(ip);
  if (ctx.targetAddresses.some((t) => canonicalAddress(t) === canonical)) return { allowed: true, scope };
  // A loopback/private target legitimately points at siblings in its own network class.
  if (scope === ctx.targetScope && (scope === 'loopback' || scope === 'private'))
    return { allowed: true, scope };
  return {
    allowed: false,
    scope,
    reason: `${ip} is ${scope} and the target is ${ctx.targetScope} (use --allow-private to permit)`,
  };
}

/** Every address must pass: one bad record is enough to refuse the host. */
export function decideAddresses(ips: readonly string[], ctx: PolicyContext): PolicyDecision {
  let first: PolicyDecision | null = null;
  for (const ip of ips) {
    const d = decideAddress(ip, ctx);
    if (!d.allowed) return d;
    first ??= d;
  }
  return first ?? { allowed: false, scope: 'unknown', reason: 'no address' };
}

/** Only http and https are ever fetched. */
export function isFetchableScheme(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}
