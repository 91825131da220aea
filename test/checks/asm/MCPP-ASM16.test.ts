import check from '../../../src/checks/asm/MCPP-ASM16.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { oauthEvidence } from '../../helpers/oauth.js';
import {
  addresses,
  asFound,
  HTTPS_ISSUER,
  httpsAsMetadata,
  publicTarget,
  setServers,
} from '../../helpers/oauth-as.js';
import type { AddressObservation } from '../../../src/evidence/auth-types.js';

/** A public target whose AS resolves as given. */
const resolving = (entries: Record<string, [string, AddressObservation['scope']]>) =>
  oauthEvidence((d, b, ev) => {
    publicTarget(ev);
    setServers(d, {
      ...asFound(b, httpsAsMetadata(), { issuer: HTTPS_ISSUER }),
      addresses: addresses(HTTPS_ISSUER, entries),
    });
  });

testCheck(check, {
  pass: [
    {
      name: 'issuer and endpoints public',
      evidence: resolving({
        issuer: ['198.51.100.7', 'public'],
        authorization_endpoint: ['198.51.100.7', 'public'],
        token_endpoint: ['198.51.100.8', 'public'],
      }),
    },
    {
      name: 'an endpoint that does not resolve is skipped',
      evidence: resolving({ issuer: ['198.51.100.7', 'public'], token_endpoint: ['', null] }),
    },
  ],
  fail: [
    {
      name: 'token endpoint in a private network',
      evidence: resolving({ issuer: ['198.51.100.7', 'public'], token_endpoint: ['10.0.0.5', 'private'] }),
      key: 'token_endpoint',
      severity: 'high',
    },
    {
      name: 'jwks_uri on the cloud metadata address',
      evidence: resolving({
        issuer: ['198.51.100.7', 'public'],
        jwks_uri: ['169.254.169.254', 'link-local'],
      }),
      key: 'jwks_uri',
    },
  ],
  inconclusive: [
    {
      name: 'address of unknown scope',
      evidence: resolving({ issuer: ['198.51.100.7', 'public'], token_endpoint: ['100.64.0.1', 'unknown'] }),
      reason: 'ambiguous',
    },
    {
      name: 'no resolution recorded',
      evidence: resolving({}),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    { name: 'loopback target uses a loopback AS', evidence: oauthEvidence(), reason: 'target_scope' },
  ],
});
