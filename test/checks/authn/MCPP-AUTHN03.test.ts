import check from '../../../src/checks/authn/MCPP-AUTHN03.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import type { OAuthDraft } from '../../helpers/oauth.js';
import { challenge, goodPrm, knownRevisions, prmCandidate, ROOT_PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';

/** Challenges without `resource_metadata` (scope only). */
function noParam(d: OAuthDraft, b: EvidenceBuilder): void {
  d.challenges = [
    challenge(b, { params: { scope: 'mcp:tools' } }),
    challenge(b, { params: { scope: 'mcp:tools' }, probe: 'p.init(2025-11-25)' }),
  ];
}

testCheck(check, {
  pass: [
    { name: 'the challenge names a PRM URL that serves the document', evidence: oauthEvidence() },
    {
      name: 'only a well-known PRM, server known to speak 2025-11-25',
      evidence: oauthEvidence((d, b, ev) => {
        noParam(d, b);
        knownRevisions(ev, ['2025-11-25', '2026-07-28']);
      }),
    },
    {
      name: 'no Bearer challenge (PRM signals authorization), well-known PRM served',
      evidence: oauthEvidence((d) => {
        d.challenges = [];
      }),
    },
  ],
  fail: [
    {
      name: 'only a well-known PRM, server known to speak 2025-06-18',
      evidence: oauthEvidence((d, b, ev) => {
        noParam(d, b);
        knownRevisions(ev, ['2025-06-18', '2025-11-25']);
      }),
      key: 'challenge-param',
      severity: 'high',
    },
    {
      name: 'the advertised URL 404s although a root PRM exists',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' });
        d.prm.push(prmCandidate(b, 'root', ROOT_PRM_URL, goodPrm()));
      }),
      key: 'advertised',
    },
    {
      name: 'no challenge parameter and no well-known PRM',
      evidence: oauthEvidence((d, b) => {
        noParam(d, b);
        setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' });
      }),
      key: 'none',
    },
  ],
  inconclusive: [
    {
      name: 'only a well-known PRM, revision unknown behind the wall',
      evidence: oauthEvidence(noParam),
      reason: 'revision_dependent',
    },
    {
      name: 'the advertised URL timed out',
      evidence: oauthEvidence((d) => {
        d.prm[0] = {
          ...d.prm[0]!,
          fetch: { kind: 'failed', error: { code: 'timeout', message: 'timeout' }, exchanges: [] },
        };
      }),
      reason: 'fetch_failed',
    },
    {
      name: 'every well-known URL answered 503',
      evidence: oauthEvidence((d, b) => {
        noParam(d, b);
        setPrm(d, b, undefined, { status: 503, mediaType: 'text/html' });
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'only 2025-03-26 known (no PRM discovery in that revision)',
      evidence: oauthEvidence((_d, _b, ev) => knownRevisions(ev, ['2025-03-26'])),
      reason: 'revision',
    },
  ],
});
