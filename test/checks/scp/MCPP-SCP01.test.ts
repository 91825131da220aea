import check from '../../../src/checks/scp/MCPP-SCP01.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { challenge, goodPrm, PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

const scopes = (list: string[]) => oauthEvidence((d, b) => setPrm(d, b, goodPrm({ scopes_supported: list })));

testCheck(check, {
  pass: [
    { name: 'narrow scopes', evidence: oauthEvidence() },
    {
      name: 'standard OIDC-ish scopes',
      evidence: scopes(['openid', 'profile', 'mcp:tools:read', 'install_status']),
    },
  ],
  fail: [
    { name: 'a bare wildcard', evidence: scopes(['mcp:tools', '*']), key: '*', severity: 'medium' },
    { name: 'an x:admin scope', evidence: scopes(['repo:admin']), key: 'repo:admin' },
    { name: 'an x.all scope', evidence: scopes(['files.all']), key: 'files.all' },
    { name: 'a prefix wildcard', evidence: scopes(['mcp:*']), key: 'mcp:*' },
    {
      name: 'the challenge asks for full_access',
      evidence: oauthEvidence((d, b) => {
        d.challenges = [challenge(b, { params: { resource_metadata: PRM_URL, scope: 'full_access' } })];
      }),
      key: 'full_access',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'no scopes advertised anywhere',
      evidence: oauthEvidence((d, b) => {
        const { scopes_supported: _drop, ...rest } = goodPrm();
        setPrm(d, b, rest);
        d.challenges = [challenge(b, { params: { resource_metadata: PRM_URL } })];
      }),
      reason: 'feature_absent',
    },
  ],
});
