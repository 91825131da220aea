import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { rfc } from '../../spec/citations.js';
import { bearerOf, ordinaryChallenges, rfcNote } from './discovery.js';

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN05',
    title: 'Anonymous challenges carry no error code',
    requirement: 'A 401 to a request that carried no credentials has no `error` attribute.',
    keyword: 'SHOULD NOT',
    revisions: 'any',
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'challenge' },
    keys: {
      '<error>':
        'the error code a challenge to an unauthenticated request carried (server-supplied, one result per value)',
    },
    severity: 'low',
    citations: [rfc(6750, '3.1')],
    rationale:
      'An error code tells the client that a token it sent was bad. Sent to a client that sent none, `invalid_token` misleads clients into discarding or refreshing credentials they do not have, and blurs the difference between "log in" and "your token is broken" in logs and retry logic.',
    remediation:
      'When the request carried no `Authorization` header, answer 401 with `WWW-Authenticate: Bearer` and its parameters (`resource_metadata`, `scope`) but without `error=`; keep `error="invalid_token"` for requests whose token failed validation.',
    evidence:
      'The Bearer challenges returned to the unauthenticated probes (requests without `Authorization` and without crafted forwarding or Origin headers).',
    traps:
      'A widely used SDK middleware always sends `error="invalid_token"`, even without credentials — common, hence low.',
    notes:
      'One failing result per distinct `error` value (key = the value). 403 challenges to anonymous requests are judged too: RFC 6750 §3.1 ties the SHOULD NOT to the absence of authentication, not to the status.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const anonymous = ordinaryChallenges(oauth).filter((c) => bearerOf(c) !== null);
    if (anonymous.length === 0) {
      return ctx.notApplicable(
        'feature_absent',
        'No Bearer challenge to an unauthenticated request was observed.',
      );
    }
    const byError = new Map<string, ExchangeId[]>();
    for (const c of anonymous) {
      const error = bearerOf(c)!.params['error'];
      if (error !== undefined) byError.set(error, [...(byError.get(error) ?? []), c.exchange]);
    }
    const note = rfcNote(ev);
    if (byError.size === 0) {
      return ctx.pass(
        `None of the ${anonymous.length} challenge(s) to unauthenticated requests carries an error code.${note}`,
        anonymous.map((c) => c.exchange).slice(0, 5),
      );
    }
    const verdicts: Verdict[] = [];
    for (const [error, ids] of byError) {
      verdicts.push(
        ctx.fail(
          `${ids.length} challenge(s) to requests without credentials carry error="${error}".${note}`,
          ids.slice(0, 5),
          { key: error },
        ),
      );
    }
    return verdicts;
  },
});
