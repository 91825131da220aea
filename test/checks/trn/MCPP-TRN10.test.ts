import check from '../../../src/checks/trn/MCPP-TRN10.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import type { OAuthDraft } from '../../helpers/oauth.js';
import { goodPrm } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm, setResponseHeader } from '../../helpers/oauth-rs.js';
import { editRequest } from '../../helpers/trn.js';

/** Adds nosniff to the AS metadata answer of the default chain. */
function asNosniff(d: OAuthDraft, b: EvidenceBuilder): void {
  const f = d.authorizationServers[0]!.attempts[0]!.fetch;
  if (f.kind === 'ok') setResponseHeader(b, f.value.exchange, 'x-content-type-options', ['nosniff']);
}

testCheck(check, {
  pass: [
    {
      name: 'nosniff on both documents, public CORS without credentials',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, goodPrm(), {
          headers: { 'x-content-type-options': 'nosniff', 'access-control-allow-origin': '*' },
        });
        asNosniff(d, b);
      }),
    },
  ],
  fail: [
    {
      name: 'nosniff missing (large IdP style)',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, goodPrm(), { headers: { 'x-content-type-options': 'nosniff' } }),
      ),
      key: 'nosniff',
      severity: 'low',
    },
    {
      name: 'credentialed wildcard CORS on the PRM',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, goodPrm(), {
          headers: {
            'x-content-type-options': 'nosniff',
            'access-control-allow-origin': '*',
            'access-control-allow-credentials': 'true',
          },
        });
        asNosniff(d, b);
      }),
      key: 'cors-credentials',
      severity: 'medium',
    },
    {
      name: 'a reflected Origin with credentials',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, goodPrm(), {
          headers: {
            'x-content-type-options': 'nosniff',
            'access-control-allow-origin': 'https://evil.example',
            'access-control-allow-credentials': 'true',
          },
        });
        const f = d.prm[0]!.fetch;
        if (f.kind === 'ok')
          editRequest(b, f.value.exchange, { headers: { origin: 'https://evil.example' } });
        asNosniff(d, b);
      }),
      key: 'cors-credentials',
    },
  ],
  notApplicable: [
    { name: 'no discovery evidence', evidence: evidence(), reason: 'feature_absent' },
    {
      name: 'no document found',
      evidence: oauthEvidence((d, b) => {
        setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' });
        d.authorizationServers = [];
      }),
      reason: 'feature_absent',
    },
  ],
});
