import check from '../../../src/checks/asm/MCPP-ASM09.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import type { Probe, HttpReply } from '../../../src/evidence/types.js';
import { asObservation, oauthEvidence } from '../../helpers/oauth.js';
import {
  asFound,
  dcrAnswer,
  oidcProviderMetadata,
  sdkDemoMetadata,
  setServers,
} from '../../helpers/oauth-as.js';

/** oidc-provider's metadata, with `answer` as the reply to the malformed registration POST. */
const registration = (answer: (b: EvidenceBuilder) => Probe<HttpReply>, metadata = oidcProviderMetadata()) =>
  oauthEvidence((d, b) => setServers(d, { ...asFound(b, metadata), dcrMalformed: answer(b) }));

testCheck(check, {
  pass: [
    { name: 'no registration endpoint', evidence: oauthEvidence() },
    {
      name: 'oidc-provider REG=closed: 401 before reading the body',
      evidence: registration((b) =>
        dcrAnswer(b, 401, '{"error":"invalid_token","error_description":"no access token provided"}', {
          'www-authenticate': 'Bearer realm="reg", error="invalid_token"',
        }),
      ),
    },
  ],
  fail: [
    {
      name: 'oidc-provider open DCR: invalid_request for the parse error',
      evidence: registration((b) =>
        dcrAnswer(
          b,
          400,
          '{"error":"invalid_request","error_description":"failed to parse the request body"}',
        ),
      ),
      key: 'open',
      severity: 'info',
    },
    {
      name: 'SDK demo AS: express parse error page',
      evidence: registration(
        (b) => dcrAnswer(b, 400, '<pre>SyntaxError: Unexpected end of JSON input</pre>'),
        sdkDemoMetadata('http://127.0.0.1:4000'),
      ),
      key: 'open',
    },
    {
      name: 'invalid_client_metadata',
      evidence: registration((b) => dcrAnswer(b, 400, '{"error":"invalid_client_metadata"}')),
      key: 'open',
    },
  ],
  inconclusive: [
    {
      name: 'rate limited',
      evidence: registration((b) => dcrAnswer(b, 429, '{"error":"too_many_requests"}')),
      reason: 'rate_limited',
    },
    {
      name: 'bare 400',
      evidence: registration((b) => dcrAnswer(b, 400, 'Bad Request')),
      reason: 'ambiguous',
    },
    {
      name: 'passive scan: probe not sent',
      evidence: registration((b) => b.skipped('mode_disabled')),
      reason: 'mode_disabled',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'AS publishes no metadata',
      evidence: oauthEvidence((d, b) => setServers(d, asObservation(b, null))),
      reason: 'feature_absent',
    },
  ],
});
