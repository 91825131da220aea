/**
 * Member-level diffs (docs/pinning.md#how-changes-are-graded): protected-resource metadata (PIN05),
 * authorization-server metadata (PIN06) and the protocol surface (PIN07).
 */
import type { LockAuthorizationServer, LockEntry } from '../evidence/pin-types.js';
import { canonicalJson } from './canonical.js';
import type { ChangeSeverity } from './change-types.js';
import { showInvisible } from '../escape/invisible.js';

export interface MemberChange {
  readonly member: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly severity: ChangeSeverity;
  readonly why: string;
}

const show = (v: unknown): string => (v === undefined ? '(absent)' : showInvisible(canonicalJson(v)));
export const describeMember = (c: MemberChange): string =>
  `${c.member}: ${show(c.before)} → ${show(c.after)}`;

function changedMembers(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => canonicalJson(a[k] ?? null) !== canonicalJson(b[k] ?? null) || k in a !== k in b)
    .sort();
}

/** PIN05: `authorization_servers` high, every other member medium. */
export function diffProtectedResource(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
): MemberChange[] {
  return changedMembers(a, b).map((m) => ({
    member: m,
    before: a[m],
    after: b[m],
    severity: m === 'authorization_servers' ? 'high' : 'medium',
    why:
      m === 'authorization_servers'
        ? 'clients now register with and send users to another authorization server'
        : 'protected-resource metadata changed',
  }));
}

const hostOf = (v: unknown): string | null => {
  if (typeof v !== 'string' || !URL.canParse(v)) return null;
  return new URL(v).host.toLowerCase();
};
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** PIN06 per issuer: issuer or endpoint host high; a weakened security property medium; other low. */
export function diffAuthorizationServer(
  a: LockAuthorizationServer,
  b: LockAuthorizationServer,
): MemberChange[] {
  const out: MemberChange[] = [];
  for (const m of changedMembers(a.fields, b.fields)) {
    const before = a.fields[m];
    const after = b.fields[m];
    let severity: ChangeSeverity = 'low';
    let why = 'metadata member changed';
    if (m === 'issuer') {
      severity = 'high';
      why = 'the issuer identifier changed';
    } else if (m.endsWith('_endpoint') || m === 'jwks_uri') {
      const hb = hostOf(before);
      const ha = hostOf(after);
      if (hb !== null && ha !== null && hb !== ha) {
        severity = 'high';
        why = `the host changed from ${hb} to ${ha}`;
      } else if (hb !== null && ha === null) {
        why = after === undefined ? 'endpoint removed' : 'endpoint no longer a URL';
      } else why = 'endpoint path changed on the same host';
    } else if (m === 'code_challenge_methods_supported') {
      const was = strings(before);
      const now = strings(after);
      if (was.includes('S256') && !now.includes('S256')) {
        severity = 'medium';
        why = 'S256 is no longer advertised';
      } else if (!was.includes('plain') && now.includes('plain')) {
        severity = 'medium';
        why = 'plain is now advertised';
      }
    } else if (m === 'grant_types_supported' || m === 'response_types_supported') {
      const was = strings(before);
      const fresh = strings(after).filter((x) => !was.includes(x));
      const weak = fresh.filter(
        (x) => x === 'implicit' || x === 'password' || x === 'token' || /\btoken\b/.test(x),
      );
      if (weak.length > 0) {
        severity = 'medium';
        why = `${weak.join(', ')} now supported`;
      }
    } else if (m === 'authorization_response_iss_parameter_supported' && before === true && after !== true) {
      severity = 'medium';
      why = 'the iss response parameter is no longer advertised';
    }
    out.push({ member: m, before, after, severity, why });
  }
  const ta = a.jwks?.thumbprints;
  const tb = b.jwks?.thumbprints;
  if (ta && tb && a.jwks?.uri === b.jwks?.uri && canonicalJson(ta) !== canonicalJson(tb)) {
    out.push({
      member: 'jwks',
      before: ta,
      after: tb,
      severity: 'info',
      why: 'keys rotated under the same jwks_uri (normal)',
    });
  }
  return out;
}

/** PIN07: authorization no longer required or a downgrade to HTTP+SSE medium; every other field low. */
export function diffProtocol(a: LockEntry, b: LockEntry): MemberChange[] {
  const out: MemberChange[] = [];
  const pa = a.protocol;
  const pb = b.protocol;
  if (pa.authRequired && !pb.authRequired)
    out.push({
      member: 'authRequired',
      before: true,
      after: false,
      severity: 'medium',
      why: 'authorization is no longer required',
    });
  else if (pa.authRequired !== pb.authRequired)
    out.push({
      member: 'authRequired',
      before: pa.authRequired,
      after: pb.authRequired,
      severity: 'low',
      why: 'authorization is now required',
    });
  // An unknown transport (behind an authorization wall) is not a change.
  if (pa.transport !== pb.transport && pa.transport !== null && pb.transport !== null)
    out.push({
      member: 'transport',
      before: pa.transport,
      after: pb.transport,
      severity: pb.transport === 'http+sse' ? 'medium' : 'low',
      why:
        pb.transport === 'http+sse' ? 'downgraded to the deprecated HTTP+SSE transport' : 'transport changed',
    });
  // Revisions and capabilities are only known when the endpoint could be listed.
  if (a.listable && b.listable) {
    if (canonicalJson(pa.revisions) !== canonicalJson(pb.revisions))
      out.push({
        member: 'revisions',
        before: pa.revisions,
        after: pb.revisions,
        severity: 'low',
        why: 'supported revisions changed',
      });
    if (canonicalJson(pa.capabilities) !== canonicalJson(pb.capabilities))
      out.push({
        member: 'capabilities',
        before: pa.capabilities,
        after: pb.capabilities,
        severity: 'low',
        why: 'capabilities changed',
      });
  }
  const ia = a.surface?.serverInfo ?? null;
  const ib = b.surface?.serverInfo ?? null;
  if (a.surface && b.surface && (ia?.hash ?? null) !== (ib?.hash ?? null))
    out.push({
      member: 'serverInfo',
      before: ia?.value,
      after: ib?.value,
      severity: 'low',
      why: 'serverInfo changed (a version bump on a release is expected)',
    });
  return out;
}
