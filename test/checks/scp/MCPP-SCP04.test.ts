import check from '../../../src/checks/scp/MCPP-SCP04.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, goodPrm } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

testCheck(check, {
  pass: [{ name: 'every resource scope listed by the AS', evidence: oauthEvidence() }],
  fail: [
    {
      name: 'a resource scope the AS does not list',
      evidence: oauthEvidence((d, b) =>
        setPrm(d, b, goodPrm({ scopes_supported: ['mcp:tools', 'mcp:admin'] })),
      ),
      key: 'mcp:admin',
      severity: 'info',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'the AS lists no scopes',
      evidence: oauthEvidence((d, b) => {
        const { scopes_supported: _drop, ...rest } = goodAsMetadata();
        d.authorizationServers = [asObservation(b, rest)];
      }),
      reason: 'feature_absent',
    },
    {
      name: 'the resource advertises no scopes',
      evidence: oauthEvidence((d, b) => {
        const { scopes_supported: _drop, ...rest } = goodPrm();
        setPrm(d, b, rest);
        d.challenges = [];
      }),
      reason: 'feature_absent',
    },
  ],
});
