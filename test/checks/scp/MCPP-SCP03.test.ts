import check from '../../../src/checks/scp/MCPP-SCP03.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import type { OAuthDraft } from '../../helpers/oauth.js';
import { challenge, PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence } from '../../helpers/oauth-rs.js';

/** A token scan in which the user's token was refused for scope with `params` and `status`. */
const denied = (params: Record<string, string>, status = 403) =>
  oauthEvidence((d: OAuthDraft, b: EvidenceBuilder, ev) => {
    ev.settings.tokenSupplied = true;
    d.challenges.push(challenge(b, { params, status, credentialsSent: true, probe: 't.rerun' }));
  });

const FULL = { error: 'insufficient_scope', scope: 'mcp:tools mcp:admin', resource_metadata: PRM_URL };

testCheck(check, {
  pass: [{ name: '403 step-up challenge with error, scope and resource_metadata', evidence: denied(FULL) }],
  fail: [
    { name: 'insufficient_scope sent with 401', evidence: denied(FULL, 401), key: '401', severity: 'medium' },
    {
      name: '403 without error code',
      evidence: denied({ scope: 'mcp:admin', resource_metadata: PRM_URL }),
      key: 'no-error',
    },
    {
      name: 'step-up without scope',
      evidence: denied({ error: 'insufficient_scope', resource_metadata: PRM_URL }),
      key: 'no-scope',
    },
    {
      name: 'step-up without resource_metadata',
      evidence: denied({ error: 'insufficient_scope', scope: 'mcp:admin' }),
      key: 'no-resource-metadata',
    },
  ],
  inconclusive: [
    { name: 'no token supplied', evidence: oauthEvidence(), reason: 'needs_token' },
    {
      name: 'token supplied but no scope refusal observed (the garbage-token 401 does not count)',
      evidence: oauthEvidence((d, b, ev) => {
        ev.settings.tokenSupplied = true;
        d.challenges.push(
          challenge(b, {
            params: { error: 'invalid_token' },
            credentialsSent: true,
            probe: 's.token.garbage',
          }),
        );
      }),
      reason: 'needs_narrow_token',
    },
  ],
  notApplicable: [
    {
      name: 'no authorization in use',
      evidence: evidence((ev) => {
        ev.settings.tokenSupplied = true;
      }),
      reason: 'no_auth',
    },
  ],
});
