import check from '../../../src/checks/prm/MCPP-PRM13.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

const prm = (overrides: Record<string, unknown>) => oauthEvidence((d, b) => setPrm(d, b, goodPrm(overrides)));

testCheck(check, {
  pass: [
    { name: 'loopback http resource', evidence: oauthEvidence() },
    {
      name: 'https members',
      evidence: prm({
        resource: 'https://mcp.example.com/mcp',
        jwks_uri: 'https://mcp.example.com/jwks',
        resource_documentation: 'https://docs.example.com/mcp',
      }),
    },
  ],
  fail: [
    {
      name: 'http resource on a public host',
      evidence: prm({ resource: 'http://mcp.example.com/mcp' }),
      key: 'resource',
      severity: 'high',
    },
    {
      name: 'http jwks_uri',
      evidence: prm({ jwks_uri: 'http://mcp.example.com/jwks' }),
      key: 'jwks_uri',
      severity: 'medium',
    },
    {
      name: 'http terms of service',
      evidence: prm({ resource_tos_uri: 'http://example.com/tos' }),
      key: 'resource_tos_uri',
      severity: 'low',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'no URL members',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, { authorization_servers: ['https://auth.example.com'] }),
      ),
      reason: 'feature_absent',
    },
  ],
});
