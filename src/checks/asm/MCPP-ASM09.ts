import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import type { Evidence } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS, judgeFoundMetadata } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { registrationAnswer } from './registration.js';
import { asLocation } from '../shared/locations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM09',
    title: 'Registration endpoint protected or absent',
    requirement:
      'Reports whether the `registration_endpoint` accepts anonymous registration (open Dynamic Client Registration) or requires an initial access token.',
    keyword: 'policy',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS, 'exchanges'],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration', followsMember: 'location' },
    keys: {
      open: 'the registration endpoint read an unauthenticated registration request (info)',
    },
    severity: 'info',
    citations: [
      rfc(7591, '3'),
      rfc(7591, '3.2.2'),
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Dynamic Client Registration'),
    ],
    rationale:
      'Open registration lets anyone create clients with arbitrary names, logos and redirect URIs, which feeds consent phishing and resource exhaustion. It is also the registration model MCP intended for DCR, so it is reported as exposure, not as a defect.',
    remediation:
      'If registration must stay open, rate-limit it, validate redirect URIs strictly, show the client’s redirect host on the consent screen and expire unused clients; otherwise require an initial access token (RFC 7591 §3) or move to Client ID Metadata Documents.',
    evidence:
      'Presence of `registration_endpoint` in the found metadata; the answer to `s.dcr.malformed` (POST `{` with `Content-Type: application/json`, which cannot create a client).',
    traps:
      'Open DCR is the MCP-intended DCR model — reported as exposure only; the malformed body cannot create a client; abuse resistance is MCPP-ACT09.',
    notes:
      'Pass: no `registration_endpoint`, or 401/403 (or a 400 with an authorization challenge or `invalid_token`) before the body is read. Fail (info, key `open`): a 400 carrying an RFC 7591 / RFC 6749 error code, or naming a JSON parse error, with no authorization demand (confidence medium for the parse-error reading: an endpoint that parses before it authenticates looks the same); a 2xx. Inconclusive: 429 (`rate_limited`), 5xx (`fetch_failed`), any other answer (`ambiguous`), the probe not sent (`mode_disabled` in passive mode). ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'all', (s, found) => judge(ev, s, found, ctx));
  },
});

function judge(
  ev: Pick<Evidence, 'exchanges'>,
  obs: AuthorizationServerObservation,
  found: FoundMetadata,
  ctx: CheckContext,
): Verdict {
  const location = asLocation(obs.issuer);
  const endpoint = found.metadata['registration_endpoint'];
  if (endpoint === undefined) {
    return ctx.pass(`${obs.issuer} advertises no registration endpoint.`, found.exchanges, { location });
  }
  if (typeof endpoint !== 'string') {
    return ctx.inconclusive(
      'ambiguous',
      `\`registration_endpoint\` of ${obs.issuer} is not a string (${JSON.stringify(endpoint)}).`,
      found.exchanges,
      { location },
    );
  }
  const probe = obs.dcrMalformed;
  if (probe.kind !== 'ok')
    return ctx.fromProbe(probe, `The malformed registration request to ${endpoint}`, { location });
  const answer = registrationAnswer(ev, probe.value);
  const evidence = [probe.value.exchange];
  const status = probe.value.status;
  switch (answer.kind) {
    case 'protected':
      return ctx.pass(
        `${endpoint} demands authorization before reading the body (${answer.detail}).`,
        evidence,
        {
          location,
        },
      );
    case 'open':
      return ctx.fail(
        `${endpoint} accepts anonymous registration requests: the malformed body was answered ${answer.detail} without an authorization demand.`,
        evidence,
        { location, key: 'open', confidence: answer.confidence },
      );
    case 'rate_limited':
      return ctx.inconclusive('rate_limited', `${endpoint} answered 429.`, evidence, { location });
    case 'server_error':
      return ctx.inconclusive('fetch_failed', `${endpoint} answered ${status}.`, evidence, { location });
    case 'unclear':
      return ctx.inconclusive(
        'ambiguous',
        `${endpoint} answered ${answer.detail}; open and protected registration cannot be told apart.`,
        evidence,
        { location },
      );
  }
}
