import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import { controlProblem, read, withCimd } from './as-requests.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD13',
    title: 'Registered redirect URIs enforced',
    requirement:
      'An authorization request from a URL client ID whose `redirect_uri` is not in its document is rejected and never redirected there.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization', mergesWith: 'MCPP-ACT07' },
    chain: { hop: 'registration' },
    keys: {
      redirect: 'the authorization server redirected to the unregistered redirect URI host (critical)',
      consent: 'a login or consent step was shown for the unregistered redirect URI (high)',
    },
    severity: 'critical',
    citations: [
      mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements'),
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Open Redirection'),
    ],
    rationale:
      'With CIMD anyone can mint a client: the document’s `redirect_uris` are the only thing binding codes to it. An AS that does not check them sends codes (and users) wherever a crafted link says, under the name of a real client.',
    remediation:
      'Compare the request’s `redirect_uri` with the fetched document’s `redirect_uris` by exact string match (only a loopback port may vary) and answer a mismatch with an error page on the AS, never a redirect to the unregistered URI.',
    evidence:
      '`i.cimd(bad-redirect)`: an S256 authorization request whose `client_id` is the valid variant’s URL and whose `redirect_uri` is `/cb` over https on the reserved host `mcp-posture-probe.invalid` (never resolved). The first answer only: its status and `Location` host (recorded, never fetched); `i.cimd(valid)` is the control.',
    traps: 'ACT07 covers pre-registered and DCR clients; the rating counts one finding per AS for the pair.',
    notes:
      'Fail `redirect` (critical): a `Location` to the unregistered host, error redirects included. Fail `consent` (high): a login or consent step for it. Pass: an error page or an error redirect to the registered URI or the AS, when the valid document was accepted (otherwise `ambiguous`). Deducts once with MCPP-ACT07 on the same authorization server. CIMD-02 §4.2. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(ev, ctx, (scene) => {
      const what = 'the valid document with an unregistered redirect_uri';
      const r = read(ctx, scene, 'bad-redirect', what);
      if (r.kind === 'verdict') return r.verdict;
      const { location } = scene;
      const ids = [r.answer.exchange];
      const o = r.outcome;
      const issuer = scene.cimd.issuer;
      const uri = r.request.redirectUri;
      if (o.kind === 'unregistered-redirect')
        return ctx.fail(
          `${issuer} redirected an authorization request for ${r.request.clientId} to the unregistered redirect_uri ${uri} (${o.how}): codes and users can be sent to any host.`,
          ids,
          { location, key: 'redirect' },
        );
      if (o.kind === 'accepted')
        return ctx.fail(
          `${issuer} showed ${o.how} for ${r.request.clientId} with the unregistered redirect_uri ${uri}, instead of an error.`,
          ids,
          { location, key: 'consent', severity: 'high' },
        );
      if (o.kind === 'unclear') return ctx.inconclusive(o.reason, `${what} ${o.how}.`, ids, { location });
      const problem = controlProblem(scene);
      if (problem !== null)
        return ctx.inconclusive('ambiguous', `${what} was rejected (${o.how}), but ${problem}`, ids, {
          location,
        });
      return ctx.pass(
        `${issuer} refused the unregistered redirect_uri ${uri} for the valid document (${o.how}), without redirecting there.`,
        ids,
        { location },
      );
    });
  },
});
