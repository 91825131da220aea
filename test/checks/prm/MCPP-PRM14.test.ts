import check from '../../../src/checks/prm/MCPP-PRM14.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import type { OAuthDraft } from '../../helpers/oauth.js';
import { oauthEvidence, publicTarget } from '../../helpers/oauth-rs.js';

const PUBLIC_PRM = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';

function addresses(
  d: OAuthDraft,
  issuerScope: OAuthDraft['addresses'][number]['scope'],
  issuerAddrs: string[],
): void {
  d.addresses = [
    { role: 'resource_metadata', url: PUBLIC_PRM, addresses: ['203.0.113.10'], scope: 'public' },
    {
      role: 'authorization_servers[0]',
      url: 'https://auth.example.com',
      addresses: issuerAddrs,
      scope: issuerScope,
    },
  ];
}

testCheck(check, {
  pass: [
    {
      name: 'every discovery URL resolves publicly',
      evidence: oauthEvidence((d, _b, ev) => {
        publicTarget(ev);
        addresses(d, 'public', ['198.51.100.7']);
      }),
    },
  ],
  fail: [
    {
      name: 'an issuer resolves to a private address',
      evidence: oauthEvidence((d, _b, ev) => {
        publicTarget(ev);
        addresses(d, 'private', ['10.0.0.5']);
      }),
      key: 'https://auth.example.com',
      severity: 'high',
    },
    {
      name: 'an issuer resolves to the cloud metadata address',
      evidence: oauthEvidence((d, _b, ev) => {
        publicTarget(ev);
        addresses(d, 'link-local', ['169.254.169.254']);
      }),
      key: 'https://auth.example.com',
    },
  ],
  inconclusive: [
    {
      name: 'an issuer name did not resolve',
      evidence: oauthEvidence((d, _b, ev) => {
        publicTarget(ev);
        addresses(d, null, []);
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    { name: 'loopback target', evidence: oauthEvidence(), reason: 'target_scope' },
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'public target without authorization',
      evidence: evidence((ev) => publicTarget(ev)),
      reason: 'no_auth',
    },
  ],
});
