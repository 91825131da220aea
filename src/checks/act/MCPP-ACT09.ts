import type { DcrUnsafeAnswer, DcrUnsafeProbes } from '../../evidence/auth-types.js';
import type { Probe } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { withProbedServer } from './probed-server.js';

/** The refusals RFC 7591 §3.2.2 defines for unacceptable client metadata. */
const REFUSALS = new Set(['invalid_redirect_uri', 'invalid_client_metadata']);
/** Error codes that demand credentials (as ASM09 reads them). */
const AUTH_ERRORS = new Set(['invalid_token', 'unauthorized', 'unauthorized_client', 'access_denied']);

interface Leg {
  readonly key: 'http' | 'javascript';
  readonly probe: Probe<DcrUnsafeAnswer>;
}

/** The registration demanded an initial access token (or other authorization): ASM09's case. */
function isProtected(a: DcrUnsafeAnswer): boolean {
  if (a.status === 401 || a.status === 403) return true;
  if (a.status >= 200 && a.status < 300) return false;
  return (
    a.status < 500 && a.status !== 429 && (a.challenged || (a.error !== null && AUTH_ERRORS.has(a.error)))
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-ACT09',
    title: 'Open registration refuses unsafe clients',
    requirement:
      'Open DCR rejects redirect URIs that are neither https nor loopback (`/cb` over cleartext http on `evil.example`, a `javascript` URI).',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: {
      http: "the anonymous registration with a cleartext http redirect URI on a foreign host was accepted (also that leg's pass and non-verdicts)",
      javascript:
        "the anonymous registration with a javascript: redirect URI was accepted (also that leg's pass and non-verdicts)",
    },
    severity: 'high',
    citations: [
      mcp('2025-03-26', 'basic/authorization', 'Security Considerations'),
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Communication Security'),
      rfc(7591, '2'),
      rfc(7591, '3.2.2'),
      rfc(7592),
    ],
    rationale:
      'MCP requires redirect URIs to be either https or loopback. An open registration endpoint that accepts a cleartext redirect URI on an arbitrary host, or a `javascript` URI, lets anyone mint a client whose authorization codes travel in the clear or to an attacker, under a name of their choosing, and show it to users on the consent screen: consent phishing with the authorization server’s own branding.',
    remediation:
      'Validate `redirect_uris` at registration: accept only https URIs and http URIs on loopback hosts (`127.0.0.1`, `[::1]`, `localhost`) or private-use schemes for native clients, and refuse anything else with 400 `invalid_redirect_uri` (RFC 7591 §3.2.2). Rate-limit the endpoint and expire unused clients.',
    evidence:
      '`i.dcr(unsafe)`: two anonymous POSTs (JSON, no credentials) to the first authorization server’s `registration_endpoint`, one after the other, of RFC 7591 client metadata — `client_name` "mcp-posture-probe (delete me)", `grant_types` `["authorization_code"]`, `response_types` `["code"]`, `token_endpoint_auth_method` `none` — with one redirect URI: `/cb` over cleartext http on the host `evil.example` (`i.dcr(unsafe-http)`), then a `javascript` URI calling `alert(1)` (`i.dcr(unsafe-javascript)`). Status, `error`, presence of `client_id`, `registration_client_uri`, and whether a `registration_access_token` came back (its value is redacted from the record). A created client is deleted at once (`i.dcr.cleanup`: RFC 7592 `DELETE registration_client_uri` with the registration access token).',
    traps:
      'Registration endpoints are often rate-limited (e.g. 20 per hour). A vulnerable server keeps the created client when it offers no RFC 7592 management (no `registration_client_uri` or `registration_access_token`): the client is named "mcp-posture-probe (delete me)" so an administrator can find it.',
    notes:
      'Needs `--mode intrusive` (an accepted registration creates a client). One result per redirect URI, keyed `http` and `javascript`. Pass: 400 with `invalid_redirect_uri` or `invalid_client_metadata`. Fail: a 2xx (a client was created; the message says whether it was deleted again). Not applicable: no `registration_endpoint`; registration protected (401/403, or an authorization demand, for both requests: an initial access token is required, which MCPP-ASM09 reports). Inconclusive: 429 (`rate_limited`), 5xx or no answer (`fetch_failed`), any other 4xx, or another 400 error code (`ambiguous`: refused, but not shown to be for the redirect URI). Only the first discovered authorization server is probed. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withProbedServer(
      ev,
      ctx,
      {
        probe: (d) => d.dcrUnsafe,
        endpoint: 'registration_endpoint',
        noEndpoint: 'there is no open registration to test',
        name: 'The unsafe registrations (i.dcr)',
        notSent: 'No registration was sent',
      },
      ({ value, location }) => judge(ctx, value, location),
    );
  },
});

function judge(ctx: CheckContext, dcr: DcrUnsafeProbes, location: string): Verdict[] {
  const legs: Leg[] = [
    { key: 'http', probe: dcr.http },
    { key: 'javascript', probe: dcr.javascript },
  ];
  const answers = legs.flatMap((l) => (l.probe.kind === 'ok' ? [l.probe.value] : []));
  if (answers.length > 0 && answers.every(isProtected))
    return [
      ctx.notApplicable(
        'feature_absent',
        `${dcr.registrationEndpoint} is protected: the registrations were answered ${answers.map((a) => a.status).join(' and ')} with an authorization demand (an initial access token; MCPP-ASM09 reports it), so registration is not open.`,
        { location },
      ),
    ];
  return legs.map((leg) => judgeLeg(ctx, dcr, leg, location));
}

function judgeLeg(ctx: CheckContext, dcr: DcrUnsafeProbes, leg: Leg, location: string): Verdict {
  const opts = { location, key: leg.key };
  const p = leg.probe;
  if (p.kind !== 'ok')
    return ctx.fromProbe(p, `The registration with an unsafe ${leg.key} redirect URI`, opts);
  const a = p.value;
  const what = `The anonymous registration with redirect_uris ["${a.redirectUri}"] at ${dcr.registrationEndpoint}`;
  const ids = a.deletion ? [a.exchange, a.deletion.exchange] : [a.exchange];
  const s = a.status;
  if (s >= 200 && s < 300) {
    const created = a.clientId ? 'a client was created' : 'no client_id was returned';
    const cleanup = a.clientId ? cleanupNote(a) : '';
    return ctx.fail(`${what} was accepted (${s}): ${created}${cleanup}.`, ids, opts);
  }
  if (s === 400 && a.error !== null && REFUSALS.has(a.error))
    return ctx.pass(`${what} was refused with 400 ${a.error}.`, ids, opts);
  if (s === 429)
    return ctx.inconclusive('rate_limited', `${what} was answered 429 (rate limited).`, ids, opts);
  if (s >= 500) return ctx.inconclusive('fetch_failed', `${what} was answered ${s}.`, ids, opts);
  if (isProtected(a))
    return ctx.inconclusive(
      'ambiguous',
      `${what} was answered ${s} with an authorization demand, unlike the other registration: whether open registration refuses the redirect URI is not shown.`,
      ids,
      opts,
    );
  return ctx.inconclusive(
    'ambiguous',
    `${what} was answered ${s}${a.error !== null ? ` ${a.error}` : ''}, not 400 invalid_redirect_uri or invalid_client_metadata: refused, but not shown to be for the redirect URI.`,
    ids,
    opts,
  );
}

const BY_HAND = 'remove the client named "mcp-posture-probe (delete me)" by hand';

/** Whether the created client was deleted again, for the fail message. */
function cleanupNote(a: DcrUnsafeAnswer): string {
  if (a.deletion === null)
    return `; it could not be deleted (no registration_client_uri and registration_access_token were returned): ${BY_HAND}`;
  if (a.deletion.deleted) return `; it was deleted again (RFC 7592 DELETE answered ${a.deletion.status})`;
  return `; deleting it failed (RFC 7592 DELETE answered ${a.deletion.status ?? 'nothing'}): ${BY_HAND}`;
}
