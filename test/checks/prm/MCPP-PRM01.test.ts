import check from '../../../src/checks/prm/MCPP-PRM01.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm, knownRevisions, prmCandidate, ROOT_PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [
    { name: 'path-inserted PRM', evidence: oauthEvidence() },
    {
      name: 'only the root PRM',
      evidence: oauthEvidence((d, b) => {
        d.prm = [prmCandidate(b, 'root', ROOT_PRM_URL, goodPrm())];
      }),
    },
  ],
  fail: [
    {
      name: 'every candidate 404s',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' });
        d.prm.push(prmCandidate(b, 'root', ROOT_PRM_URL, undefined, 404));
      }),
      severity: 'high',
    },
    {
      name: 'an SPA answers 200 text/html at the well-known URI',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, undefined, { mediaType: 'text/html' });
      }),
    },
  ],
  inconclusive: [
    {
      name: 'every candidate timed out or answered 5xx',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, undefined, { status: 502, mediaType: 'text/html' });
        d.prm.push({ source: 'root', url: ROOT_PRM_URL, fetch: b.failed('timeout'), signed: null });
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'only 2025-03-26 known',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-03-26'])),
      reason: 'revision',
    },
  ],
});
