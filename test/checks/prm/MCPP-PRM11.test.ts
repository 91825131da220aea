import check from '../../../src/checks/prm/MCPP-PRM11.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm, ISSUER, prmCandidate, ROOT_PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence } from '../../helpers/oauth-rs.js';

const withRoot = (overrides: Record<string, unknown>) =>
  oauthEvidence((d, b) => {
    d.prm.push(
      prmCandidate(b, 'root', ROOT_PRM_URL, goodPrm({ resource: 'http://127.0.0.1:3000', ...overrides })),
    );
  });

testCheck(check, {
  pass: [
    { name: 'a single variant', evidence: oauthEvidence() },
    { name: 'root and path documents agree (resource differs legitimately)', evidence: withRoot({}) },
    {
      name: 'same issuers in another order; bearer methods omitted in one',
      evidence: oauthEvidence((d, b) => {
        d.prm[0] = prmCandidate(
          b,
          'path-inserted',
          d.prm[0]!.url,
          goodPrm({ authorization_servers: [ISSUER, 'https://b.example'] }),
        );
        const { bearer_methods_supported: _drop, ...rest } = goodPrm({
          authorization_servers: ['https://b.example', ISSUER],
        });
        d.prm.push(prmCandidate(b, 'root', ROOT_PRM_URL, rest));
      }),
    },
  ],
  fail: [
    {
      name: 'variants name different authorization servers',
      evidence: withRoot({ authorization_servers: ['https://other-as.example.com'] }),
      key: 'authorization_servers',
      severity: 'medium',
    },
    {
      name: 'variants disagree on bearer methods',
      evidence: withRoot({ bearer_methods_supported: ['header', 'body'] }),
      key: 'bearer_methods_supported',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'no PRM',
      evidence: oauthEvidence((d) => {
        d.prm = [];
      }),
      reason: 'feature_absent',
    },
  ],
});
