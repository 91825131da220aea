import check from '../../../src/checks/act/MCPP-ACT12.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { ISSUER } from '../../helpers/oauth.js';
import type { Spec } from '../../helpers/proxy.js';
import { proxyEvidence, UPSTREAM } from '../../helpers/proxy.js';

const upstream = (clientId: string): Spec => ({
  location: `${UPSTREAM}?client_id=${clientId}&redirect_uri=${encodeURIComponent(`${ISSUER}/upstream/callback`)}&state=s`,
});
const loginRedirect: Spec = { status: 303, location: '/interaction/abc' };
const consentPage: Spec = { body: '<form method="post" action="/consent"><button>Allow</button></form>' };

testCheck(check, {
  pass: [
    {
      name: 'both fresh clients get the AS’s own login step (oidc-provider)',
      evidence: proxyEvidence([loginRedirect, loginRedirect]),
    },
    { name: 'both get an own consent page', evidence: proxyEvidence([consentPage, consentPage]) },
    {
      name: 'both redirected upstream, each with its own upstream client (upstream DCR)',
      evidence: proxyEvidence([upstream('up-1'), upstream('up-2')]),
    },
  ],
  fail: [
    {
      name: 'both redirected at once upstream with one static upstream client_id',
      evidence: proxyEvidence([upstream('static-upstream-client'), upstream('static-upstream-client')]),
      key: 'static-upstream',
      severity: 'high',
    },
  ],
  inconclusive: [
    {
      name: 'one upstream, one own page',
      evidence: proxyEvidence([upstream('x'), loginRedirect]),
      reason: 'ambiguous',
    },
    {
      name: 'a server error',
      evidence: proxyEvidence([{ status: 503 }, { status: 503 }]),
      reason: 'ambiguous',
    },
    { name: 'evidence from before the probe', evidence: proxyEvidence(null), reason: 'probe_unavailable' },
  ],
  notApplicable: [
    {
      name: 'the AS is a third-party IdP on another host',
      evidence: proxyEvidence([upstream('s'), upstream('s')], { issuer: 'https://login.idp.example' }),
      reason: 'feature_absent',
    },
    {
      name: 'no authorization in use',
      evidence: evidence((ev) => void (ev.settings.mode = 'intrusive')),
      reason: 'no_auth',
    },
  ],
});
