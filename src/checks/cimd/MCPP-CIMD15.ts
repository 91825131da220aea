import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import { fetchedVariant, judgeRejected, read, withCimd } from './as-requests.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD15',
    title: 'Redirects not followed when fetching',
    requirement: 'A client ID URL that answers with a redirect is rejected (CIMD-02 requirement).',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: {
      accepted: 'the document behind the redirect was accepted',
      followed: 'the variants server’s log shows the redirect target was fetched',
    },
    severity: 'low',
    citations: [mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements')],
    rationale:
      'The client ID is the URL that was fetched; following a redirect means the document actually came from another URL, which weakens the binding between the identity and its host (an open redirect on the client’s site becomes a way to impersonate it).',
    remediation: 'Fetch client ID URLs without following redirects and reject any answer other than 200.',
    evidence:
      '`i.cimd(redirecting)`: the redirecting variant answers 302 to redirect-target.json, whose `client_id` is the redirecting URL (so only an AS that follows the redirect accepts it). The first answer only; with the scanner’s loopback variants server, its log shows whether the target was fetched.',
    traps: 'CIMD-00, which MCP cites, lacks this rule: findings say “-02 requirement”.',
    notes:
      'A CIMD-02 requirement (§5); CIMD-00 has no such rule. Fail `accepted`: a login or consent step for the redirecting URL; fail `followed`: rejected, but the loopback log shows redirect-target.json was fetched. Pass: rejected and not followed, when the valid document was accepted (otherwise `ambiguous`). ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(ev, ctx, (scene) => {
      const verdict = judgeRejected(ctx, scene, 'redirecting', {
        what: 'a client ID URL that answers with a redirect (a CIMD-02 requirement)',
        key: 'accepted',
        failure: 'The document was taken from the redirect’s target, not from the client ID URL.',
      });
      const followed = fetchedVariant(scene.cimd, 'redirect-target') ?? 0;
      const r = read(ctx, scene, 'redirecting', 'the redirecting variant');
      if (verdict.status === 'fail' || followed === 0 || r.kind !== 'read') return verdict;
      return ctx.fail(
        `${scene.cimd.issuer} followed the redirect of the client ID URL ${r.request.clientId}: the variants server served redirect-target.json ${followed} time(s) (a CIMD-02 requirement).`,
        [r.answer.exchange],
        { location: scene.location, key: 'followed' },
      );
    });
  },
});
