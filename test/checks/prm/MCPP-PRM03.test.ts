import check from '../../../src/checks/prm/MCPP-PRM03.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence, setEndpoint } from '../../helpers/evidence.js';
import { challenge, goodPrm, prmCandidate, ROOT_PRM_URL } from '../../helpers/oauth.js';
import { oauthEvidence, setPrm } from '../../helpers/oauth-rs.js';

/** Only a root PRM, not advertised by the challenge. */
const rootOnly = (resource: string) =>
  oauthEvidence((d, b) => {
    d.challenges = [challenge(b, { params: { scope: 'mcp:tools' } })];
    d.prm = [prmCandidate(b, 'root', ROOT_PRM_URL, goodPrm({ resource }))];
  });

testCheck(check, {
  pass: [
    { name: 'resource equals the endpoint (challenge and path-inserted)', evidence: oauthEvidence() },
    { name: 'root document naming the origin', evidence: rootOnly('http://127.0.0.1:3000') },
    {
      name: 'root document naming the endpoint (MCP sanctions it)',
      evidence: rootOnly('http://127.0.0.1:3000/mcp'),
    },
    {
      name: 'uppercase scheme and host',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ resource: 'HTTP://127.0.0.1:3000/mcp' }))),
    },
    {
      name: 'after a same-origin redirect to /mcp/, the final URL',
      evidence: oauthEvidence((d, b, ev) => {
        setEndpoint(ev, { redirect: { status: 308, location: '/mcp/', sameOrigin: true } });
        setPrm(d, b, goodPrm({ resource: 'http://127.0.0.1:3000/mcp/' }));
      }),
    },
  ],
  fail: [
    {
      name: 'resource on another origin',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ resource: 'https://api.example.com/mcp' }))),
      key: 'host',
      severity: 'high',
    },
    {
      name: 'resource missing',
      evidence: oauthEvidence((d, b) => {
        const { resource: _drop, ...rest } = goodPrm();
        setPrm(d, b, rest);
      }),
      key: 'missing',
    },
    {
      name: 'resource with a trailing slash',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ resource: 'http://127.0.0.1:3000/mcp/' }))),
      key: 'slash',
      severity: 'medium',
    },
    {
      name: 'resource names the origin at the path-inserted URL',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ resource: 'http://127.0.0.1:3000' }))),
      key: 'parent',
      severity: 'medium',
    },
    {
      name: 'root document reached through the challenge names the origin (¶2 needs the endpoint)',
      evidence: oauthEvidence((d, b) => {
        d.challenges = [challenge(b, { params: { resource_metadata: ROOT_PRM_URL } })];
        d.prm = [prmCandidate(b, 'root', ROOT_PRM_URL, goodPrm({ resource: 'http://127.0.0.1:3000' }))];
      }),
      key: 'parent',
    },
    {
      name: 'resource names another path',
      evidence: oauthEvidence((d, b) => setPrm(d, b, goodPrm({ resource: 'http://127.0.0.1:3000/other' }))),
      key: 'other-path',
      severity: 'high',
    },
  ],
  notApplicable: [
    { name: 'no authorization in use', evidence: evidence(), reason: 'no_auth' },
    {
      name: 'no PRM found',
      evidence: oauthEvidence((d, b) => setPrm(d, b, undefined, { status: 404, mediaType: 'text/plain' })),
      reason: 'feature_absent',
    },
  ],
});
