import check from '../../../src/checks/prm/MCPP-PRM05.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import { goodPrm } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

const issuers = (list: unknown) =>
  oauthEvidence((d, b) => setPrm(d, b, goodPrm({ authorization_servers: list })));

testCheck(check, {
  pass: [
    { name: 'https issuer', evidence: issuers(['https://auth.example.com']) },
    {
      name: 'https issuer with path and trailing slash',
      evidence: issuers(['https://auth.example.com/tenant/']),
    },
  ],
  fail: [
    {
      name: 'loopback http issuer',
      evidence: issuers(['http://127.0.0.1:4000']),
      key: 'http',
      severity: 'medium',
    },
    {
      name: 'public http issuer',
      evidence: issuers(['http://auth.example.com']),
      key: 'http',
      severity: 'high',
    },
    { name: 'issuer with a query', evidence: issuers(['https://auth.example.com?tenant=a']), key: 'query' },
    { name: 'issuer with a fragment', evidence: issuers(['https://auth.example.com#x']), key: 'fragment' },
    { name: 'issuer that is not a URL', evidence: issuers(['auth.example.com']), key: 'invalid' },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    { name: 'no issuer strings (PRM04)', evidence: issuers([]), reason: 'feature_absent' },
  ],
});
