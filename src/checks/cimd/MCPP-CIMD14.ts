import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import { defineCheck } from '../define-check.js';
import { exchangeOf } from '../shared/exchanges.js';
import { read, withCimd } from './as-requests.js';

const HOSTNAME = /\b(127\.0\.0\.1|localhost)\b/i;
const WARNING =
  /\b(warn(ing)?|caution|careful|only (on|to) this (device|computer)|local(host)? (only|application|app))\b/i;

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD14',
    title: 'Consent shows the redirect host; warns on localhost-only',
    requirement:
      'The consent page displays the redirect URI hostname and warns when all of the client’s redirect URIs are localhost.',
    keyword: 'MUST',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS, 'exchanges'],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: {
      hostname: 'the consent page does not show the redirect URI hostname',
      warning: 'the consent page shows no warning for a localhost-only client',
    },
    severity: 'low',
    confidence: 'low',
    citations: [
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Localhost Redirect URI Risks'),
    ],
    rationale:
      'Any program on the user’s machine can listen on a loopback port: a CIMD client whose only redirect URIs are localhost can be impersonated locally. The consent page is the user’s one chance to notice where the code will go.',
    remediation:
      'On the consent page, show the hostname of the redirect URI the code will be sent to, and warn when every redirect URI of the client is a localhost one.',
    evidence:
      '`i.cimd(localhost-only)`: an S256 authorization request for the localhost-only variant (its only redirect URI is `/callback` over http on `127.0.0.1`). Its first answer, when it is a consent page reachable without login: the recorded page text is searched for the hostname and a warning.',
    traps: 'Most ASes authenticate before consent — expect `inconclusive`.',
    notes:
      'Judged only when the first answer is a page with a form and no password field (a consent page shown without login). A login page or a redirect to a login step is `ambiguous` (login required first, the usual case), as is a rejection of the localhost-only document. Fail `hostname` (the page names neither `127.0.0.1` nor `localhost`), fail `warning` (no warning wording). Conf. low: the page text is matched with patterns. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(ev, ctx, (scene) => {
      const what = 'the localhost-only document';
      const r = read(ctx, scene, 'localhost-only', what);
      if (r.kind === 'verdict') return r.verdict;
      const { location } = scene;
      const ids = [r.answer.exchange];
      const o = r.outcome;
      const consent = o.kind === 'accepted' && o.login === 'page' && r.answer.page?.password !== true;
      if (!consent)
        return ctx.inconclusive(
          o.kind === 'unclear' ? o.reason : 'ambiguous',
          o.kind === 'accepted'
            ? `${what} got ${o.how}: a login comes before consent, so the consent page cannot be seen without signing in.`
            : `${what} got ${o.how}: no consent page to judge.`,
          ids,
          { location },
        );
      const body = exchangeOf(ev, r.answer.exchange)?.response?.body ?? '';
      if (!HOSTNAME.test(body))
        return ctx.fail(`The consent page for ${what} does not show the redirect host 127.0.0.1.`, ids, {
          location,
          key: 'hostname',
        });
      if (!WARNING.test(body))
        return ctx.fail(
          `The consent page for ${what} shows the redirect host but no warning that every redirect URI is localhost.`,
          ids,
          { location, key: 'warning' },
        );
      return ctx.pass(`The consent page for ${what} shows the redirect host and a warning.`, ids, {
        location,
      });
    });
  },
});
