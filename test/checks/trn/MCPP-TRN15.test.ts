import check from '../../../src/checks/trn/MCPP-TRN15.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm, PRM_URL } from '../../helpers/oauth.js';
import { hop, oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [
    { name: 'documents served directly', evidence: oauthEvidence() },
    {
      name: 'a same-origin redirect (trailing slash)',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, goodPrm(), { hops: [hop(b, PRM_URL, `${PRM_URL}/`, 308)] }),
      ),
    },
  ],
  fail: [
    {
      name: 'the PRM URL redirects to another host',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, goodPrm(), { hops: [hop(b, PRM_URL, 'https://tenant.idp.example.com/prm')] }),
      ),
      key: PRM_URL,
      severity: 'low',
    },
    {
      name: 'a 404 reached through a cross-origin redirect still counts',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, undefined, {
          status: 404,
          mediaType: 'text/plain',
          hops: [hop(b, PRM_URL, 'https://cdn.example.net/prm', 302)],
        }),
      ),
      key: PRM_URL,
    },
  ],
  notApplicable: [
    { name: 'no discovery evidence', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'nothing served, nothing redirected',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' });
        d.authorizationServers = [];
      }),
      reason: 'feature_absent',
    },
  ],
});
