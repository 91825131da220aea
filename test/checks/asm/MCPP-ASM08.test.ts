import check from '../../../src/checks/asm/MCPP-ASM08.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { ISSUER, MCP_URL, oauthEvidence } from '../../helpers/oauth.js';
import { tokenScan } from '../../helpers/oauth-as.js';

const now = Date.parse('2026-01-01T00:00:00.000Z') / 1000;
const jwt = (claims: Record<string, unknown>) =>
  oauthEvidence((d, _b, ev) =>
    tokenScan(ev, d, 'jwt', { iss: ISSUER, iat: now, exp: now + 3600, ...claims }),
  );

testCheck(check, {
  pass: [
    { name: 'oidc-provider JWT with aud = resource', evidence: jwt({ aud: MCP_URL }) },
    { name: 'aud array containing the resource', evidence: jwt({ aud: ['https://other.example', MCP_URL] }) },
    { name: 'aud with a trailing slash', evidence: jwt({ aud: `${MCP_URL}/` }) },
  ],
  fail: [
    { name: 'no aud', evidence: jwt({}), key: 'absent', severity: 'medium' },
    {
      name: 'custom resource claim instead of aud',
      evidence: jwt({ resource: MCP_URL }),
      key: 'absent',
    },
    { name: 'audience of another API', evidence: jwt({ aud: 'https://api.other.example' }), key: 'other' },
    {
      name: 'origin-only audience for a path endpoint',
      evidence: jwt({ aud: 'http://127.0.0.1:3000' }),
      key: 'other',
    },
  ],
  inconclusive: [
    { name: 'no token supplied', evidence: oauthEvidence(), reason: 'needs_token' },
    {
      name: 'opaque token (SDK demo AS)',
      evidence: oauthEvidence((d, _b, ev) => tokenScan(ev, d, 'opaque')),
      reason: 'opaque_token',
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
    {
      name: 'only 2025-03-26 known',
      evidence: oauthEvidence((d, _b, ev) => tokenScan(ev, d, 'jwt', { aud: MCP_URL }, ['2025-03-26'])),
      reason: 'revision',
    },
  ],
});
