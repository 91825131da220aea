import check from '../../../src/checks/asm/MCPP-ASM18.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { ISSUER, MCP_URL, oauthEvidence } from '../../helpers/oauth.js';
import { tokenScan } from '../../helpers/oauth-as.js';

/** evidence() starts the scan at 2026-01-01T00:00:00Z. */
const start = Date.parse('2026-01-01T00:00:00.000Z') / 1000;
const jwt = (claims: Record<string, unknown>) =>
  oauthEvidence((d, _b, ev) => tokenScan(ev, d, 'jwt', { iss: ISSUER, aud: MCP_URL, ...claims }));

testCheck(check, {
  pass: [
    { name: 'one-hour token (oidc-provider default)', evidence: jwt({ iat: start - 60, exp: start + 3540 }) },
    { name: 'twelve-hour token with nbf only', evidence: jwt({ nbf: start, exp: start + 12 * 3600 }) },
  ],
  fail: [
    {
      name: 'thirty-day token',
      evidence: jwt({ iat: start, exp: start + 30 * 86400 }),
      key: 'long',
      severity: 'low',
    },
    { name: 'no exp', evidence: jwt({ iat: start }), key: 'no-exp' },
    { name: 'no iat, expires in a week', evidence: jwt({ exp: start + 7 * 86400 }), key: 'long' },
  ],
  inconclusive: [
    { name: 'no token supplied', evidence: oauthEvidence(), reason: 'needs_token' },
    {
      name: 'opaque token',
      evidence: oauthEvidence((d, _b, ev) => tokenScan(ev, d, 'opaque')),
      reason: 'opaque_token',
    },
    { name: 'no iat, expires within the hour', evidence: jwt({ exp: start + 1800 }), reason: 'ambiguous' },
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
