import check from '../../../src/checks/prm/MCPP-PRM04.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [{ name: 'one issuer listed', evidence: oauthEvidence() }],
  fail: [
    {
      name: 'authorization_servers absent',
      evidence: oauthEvidence((d, b) => {
        const { authorization_servers: _drop, ...rest } = goodPrm();
        setPrm(d, b, rest);
      }),
      key: 'absent',
      severity: 'high',
    },
    {
      name: 'authorization_servers empty',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ authorization_servers: [] }))),
      key: 'empty',
    },
    {
      name: 'authorization_servers is a string',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, goodPrm({ authorization_servers: 'https://auth.example.com' })),
      ),
      key: 'type',
    },
    {
      name: 'an entry is an object',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, goodPrm({ authorization_servers: [{ issuer: 'https://auth.example.com' }] })),
      ),
      key: 'type',
    },
  ],
  inconclusive: [
    {
      name: 'the PRM fetch timed out',
      evidence: oauthEvidence((d, b) => {
        d.prm = [{ source: 'path-inserted', url: d.prm[0]!.url, fetch: b.failed('timeout'), signed: null }];
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'no PRM found',
      evidence: oauthEvidence((d, b) => setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' })),
      reason: 'feature_absent',
    },
  ],
});
