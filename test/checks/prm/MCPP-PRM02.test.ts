import check from '../../../src/checks/prm/MCPP-PRM02.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { challenge, goodPrm, knownRevisions, prmCandidate, ROOT_PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [
    { name: '200 application/json object', evidence: oauthEvidence() },
    {
      name: 'published PRM under a 2024-11-05-only server (RFC evaluation)',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2024-11-05'])),
    },
  ],
  fail: [
    {
      name: 'served as text/plain',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm(), { mediaType: 'text/plain' })),
      key: 'content-type',
      severity: 'medium',
    },
    {
      name: 'served with 203',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm(), { status: 203 })),
      key: 'status',
    },
    {
      name: 'empty scopes_supported sent instead of omitted',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ scopes_supported: [] }))),
      key: 'empty-member',
    },
    {
      name: 'the advertised URL 404s while the root PRM exists',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' });
        d.prm.push(prmCandidate(b, 'root', ROOT_PRM_URL, goodPrm()));
      }),
      key: 'advertised',
    },
  ],
  inconclusive: [
    {
      name: 'the advertised URL timed out',
      evidence: oauthEvidence((d, b) => {
        d.prm = [{ source: 'path-inserted', url: d.prm[0]!.url, fetch: b.failed('timeout'), signed: null }];
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'nothing published, nothing advertised',
      evidence: oauthEvidence((d, b) => {
        d.challenges = [challenge(b, { params: { scope: 'mcp:tools' } })];
        setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' });
      }),
      reason: 'feature_absent',
    },
  ],
});
