import check from '../../../src/checks/asm/MCPP-ASM17.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  asObservation,
  goodAsMetadata,
  goodPrm,
  MCP_URL,
  oauthEvidence,
  PRM_URL,
  prmCandidate,
} from '../../helpers/oauth.js';
import { setServers, withAsMetadata } from '../../helpers/oauth-as.js';

const { resource: _r, ...prmWithoutResource } = goodPrm();

testCheck(check, {
  pass: [
    {
      name: 'protected_resources lists the resource',
      evidence: withAsMetadata(
        goodAsMetadata({ protected_resources: ['https://other.example/api', MCP_URL] }),
      ),
    },
  ],
  fail: [
    {
      name: 'protected_resources lists only other resources',
      evidence: withAsMetadata(goodAsMetadata({ protected_resources: ['https://other.example/api'] })),
      severity: 'low',
    },
  ],
  inconclusive: [
    {
      name: 'PRM has no resource to compare with',
      evidence: oauthEvidence((d, b) => {
        d.prm = [prmCandidate(b, 'path-inserted', PRM_URL, prmWithoutResource)];
        setServers(d);
        d.authorizationServers.push(asObservation(b, goodAsMetadata({ protected_resources: [MCP_URL] })));
      }),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    { name: 'member absent', evidence: oauthEvidence(), reason: 'feature_absent' },
  ],
});
