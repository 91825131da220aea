import check from '../../../src/checks/authn/MCPP-AUTHN04.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { challenge } from '../../helpers/oauth.js';
import { oauthEvidence, publicTarget } from '../../helpers/oauth-rs.js';

const advertise = (url: string) =>
  oauthEvidence((d, b, ev) => {
    publicTarget(ev);
    d.challenges = [challenge(b, { params: { resource_metadata: url, scope: 'mcp:tools' } })];
  });

testCheck(check, {
  pass: [
    { name: 'loopback http on the endpoint origin', evidence: oauthEvidence() },
    {
      name: 'https on the endpoint origin',
      evidence: advertise('https://mcp.example.com/.well-known/oauth-protected-resource/mcp'),
    },
  ],
  fail: [
    {
      name: 'cleartext http on a public host',
      evidence: advertise('http://mcp.example.com/.well-known/oauth-protected-resource/mcp'),
      key: 'http',
      severity: 'medium',
    },
    {
      name: 'https on another origin (hosted gateway)',
      evidence: advertise('https://gateway.example.net/prm/mcp'),
      key: 'cross-origin',
      severity: 'info',
    },
    {
      name: 'a relative URL',
      evidence: advertise('/.well-known/oauth-protected-resource/mcp'),
      key: 'invalid',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'the challenge advertises no resource_metadata',
      evidence: oauthEvidence((d, b) => {
        d.challenges = [challenge(b, { params: { scope: 'mcp:tools' } })];
      }),
      reason: 'feature_absent',
    },
  ],
  inconclusive: [
    {
      name: 'authorization signalled but no discovery evidence recorded',
      evidence: evidence((ev) => {
        ev.auth = { inUse: true, signals: ['401 from the MCP endpoint'] };
      }),
      reason: 'probe_unavailable',
    },
  ],
});
