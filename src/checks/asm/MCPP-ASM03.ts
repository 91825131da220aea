import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import type { ExchangeId } from '../../evidence/types.js';
import { isLoopbackHostname } from '../../evidence/parse/url.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import type { CheckContext, Severity, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, isObject, judgeFoundMetadata } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

/** Schemes that run code or read local files when a client follows the URL. */
const SCRIPT_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:']);
/** URL members a client sends requests to, besides every `*_endpoint`. */
const ENDPOINT_MEMBERS = ['issuer', 'jwks_uri', 'check_session_iframe'];
/** Pages for people, not endpoints: only a script-capable scheme is judged. */
const PAGE_MEMBERS = ['service_documentation', 'op_policy_uri', 'op_tos_uri'];

export default defineCheck({
  meta: {
    id: 'MCPP-ASM03',
    title: 'AS endpoints use https',
    requirement:
      '`issuer`, every `*_endpoint` (including `registration_endpoint`, `end_session_endpoint`, device and `mtls_endpoint_aliases` endpoints) and `jwks_uri` are absolute https URLs (http on a loopback host is tolerated at a lower severity), and no URL-valued member uses a script-capable scheme.',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26'),
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      script: 'an endpoint member uses a script-capable scheme such as javascript: (critical)',
      http: 'an endpoint member uses cleartext http (high)',
      'loopback-http': 'an endpoint member uses http on a loopback host (medium)',
      relative: 'an endpoint member is not an absolute URL (high)',
      scheme: 'an endpoint member uses another non-https scheme (high)',
    },
    severity: 'high',
    citations: [
      mcp('2025-03-26', 'basic/authorization', 'Security Considerations'),
      mcp('2025-06-18', 'basic/authorization', 'Communication Security'),
      mcp('2025-11-25', 'basic/authorization', 'Communication Security'),
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Communication Security'),
      mcp('2026-07-28', 'basic/security_best_practices', 'OAuth Authorization URL Validation'),
      rfc(8414, '2'),
    ],
    rationale:
      'Authorization codes, client credentials, refresh and access tokens travel to these endpoints; over cleartext anyone on the path can read or replace them. A `javascript:`, `data:`, `vbscript:` or `file:` URL in metadata is a malicious indicator: clients that open the authorization URL in a browser or shell run the attacker’s code.',
    remediation:
      'Publish every endpoint as an absolute https URL on a host with a valid certificate, and make the metadata document list exactly those URLs. Loopback http is only acceptable for local development.',
    evidence: 'Every URL-valued member of the found metadata document (`p.as(i)`, `p.as0326`).',
    traps:
      'Relative URLs fail; `end_session_endpoint` and device endpoints are included; documentation and policy pages (`service_documentation`, `op_policy_uri`, `op_tos_uri`) are not endpoints and are judged only for script-capable schemes.',
    notes:
      'One result per member (location `as:<issuer>#<member>`). Keys: `script` (critical), `http` (high), `loopback-http` (medium: http on localhost, 127/8 or ::1), `relative` (high: not an absolute URL), `scheme` (high: another non-https scheme). Members that are not strings are left to MCPP-ASM15. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'revision', (s, found) => judgeServer(s, found, ctx));
  },
});

function judgeServer(
  obs: AuthorizationServerObservation,
  found: FoundMetadata,
  ctx: CheckContext,
): Verdict[] {
  const out: Verdict[] = [];
  const m = found.metadata;
  const members = Object.keys(m).filter((k) => ENDPOINT_MEMBERS.includes(k) || k.endsWith('_endpoint'));
  for (const member of members) {
    const v = judgeUrl(obs.issuer, member, m[member], true, found.exchanges, ctx);
    if (v) out.push(v);
  }
  const aliases = m['mtls_endpoint_aliases'];
  if (isObject(aliases)) {
    for (const [k, value] of Object.entries(aliases)) {
      const v = judgeUrl(obs.issuer, `mtls_endpoint_aliases.${k}`, value, true, found.exchanges, ctx);
      if (v) out.push(v);
    }
  }
  for (const member of PAGE_MEMBERS) {
    const v = judgeUrl(obs.issuer, member, m[member], false, found.exchanges, ctx);
    if (v) out.push(v);
  }
  if (out.length === 0) {
    return [
      ctx.notApplicable('feature_absent', `The metadata of ${obs.issuer} lists no URL-valued member.`, {
        location: asLocation(obs.issuer),
      }),
    ];
  }
  return out;
}

function judgeUrl(
  issuer: string,
  member: string,
  value: unknown,
  endpoint: boolean,
  evidence: readonly ExchangeId[],
  ctx: CheckContext,
): Verdict | null {
  if (typeof value !== 'string') return null;
  const location = asLocation(issuer, member);
  const shown = JSON.stringify(value);
  const fail = (key: string, severity: Severity, why: string) =>
    ctx.fail(`\`${member}\` ${shown} ${why}.`, evidence, { location, key, severity });
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (url && SCRIPT_SCHEMES.has(url.protocol)) {
    return fail(
      'script',
      'critical',
      `uses the script-capable ${url.protocol} scheme (a malicious indicator)`,
    );
  }
  if (!endpoint) return null;
  if (!url) return fail('relative', 'high', 'is not an absolute URL; clients cannot resolve it safely');
  if (url.protocol === 'https:') return ctx.pass(`\`${member}\` uses https.`, evidence, { location });
  if (url.protocol === 'http:') {
    return isLoopbackHostname(url.hostname)
      ? fail(
          'loopback-http',
          'medium',
          'uses cleartext http on a loopback host (tolerated for development only)',
        )
      : fail('http', 'high', 'uses cleartext http; authorization server endpoints MUST be served over https');
  }
  return fail('scheme', 'high', `uses the ${url.protocol} scheme instead of https`);
}
