import check from '../../../src/checks/authn/MCPP-AUTHN01.js';
import { testCheck } from '../../helpers/check-tester.js';
import { evidence } from '../../helpers/evidence.js';
import {
  authInUse,
  listing,
  oauthEvidence,
  setInventory,
  setMethod,
  withCredentials,
} from '../../helpers/oauth-rs.js';
import { setDetection, setOrigin } from '../../helpers/trn.js';

testCheck(check, {
  pass: [
    { name: 'behind an authorization wall', evidence: oauthEvidence() },
    {
      name: 'served lists are all empty',
      evidence: evidence((ev, b) => setInventory(ev, b, {})),
    },
    {
      name: 'list methods refused with 401',
      evidence: evidence((ev, b) =>
        setInventory(ev, b, {
          tools: listing(b, 'tools', [], 401),
          prompts: listing(b, 'prompts', [], 401),
          resources: listing(b, 'resources', [], 401),
          resourceTemplates: listing(b, 'resourceTemplates', [], 401),
        }),
      ),
    },
  ],
  fail: [
    {
      name: 'read-only tools listed anonymously',
      evidence: evidence((ev, b) =>
        setInventory(ev, b, {
          tools: listing(b, 'tools', [{ name: 'search_docs', annotations: { readOnlyHint: true } }]),
        }),
      ),
      severity: 'medium',
    },
    {
      name: 'state-changing tool listed anonymously',
      evidence: evidence((ev, b) =>
        setInventory(ev, b, {
          tools: listing(b, 'tools', [
            { name: 'deleteFile', annotations: { readOnlyHint: false, destructiveHint: false } },
          ]),
        }),
      ),
      severity: 'high',
    },
    {
      name: 'un-annotated tool counts as state-changing (spec defaults)',
      evidence: evidence((ev, b) =>
        setInventory(ev, b, { tools: listing(b, 'tools', [{ name: 'lookup' }]) }),
      ),
      severity: 'high',
    },
    {
      name: 'local server that also serves a foreign Origin',
      evidence: evidence((ev, b) => {
        setInventory(ev, b, { prompts: listing(b, 'prompts', [{ name: 'summarise' }]) });
        setOrigin(ev, { foreign: b.ok(b.reply({ result: { tools: [] } })) });
      }),
      severity: 'high',
    },
    {
      name: 'optional-auth server lists resources',
      evidence: evidence((ev, b) => {
        authInUse(ev);
        setInventory(ev, b, {
          resources: listing(b, 'resources', [{ uri: 'file:///readme', name: 'readme' }]),
        });
      }),
      severity: 'medium',
    },
    {
      name: 'token-mode scan: the unauthenticated tools/list of s.methods.noauth served tools',
      evidence: oauthEvidence((d, b, ev) => {
        ev.settings.tokenSupplied = true;
        setMethod(
          d,
          'tools/list',
          b.ok(b.reply({ result: { tools: [{ name: 'search', annotations: { readOnlyHint: true } }] } })),
        );
      }),
      severity: 'medium',
    },
  ],
  inconclusive: [
    {
      name: 'the listing failed',
      evidence: evidence((ev, b) =>
        setInventory(ev, b, {
          tools: b.failed('reset'),
          prompts: b.skipped('dependency_failed'),
          resources: b.skipped('dependency_failed'),
          resourceTemplates: b.skipped('dependency_failed'),
        }),
      ),
      reason: 'fetch_failed',
    },
    { name: 'no listing recorded', evidence: evidence(), reason: 'fetch_failed' },
    {
      name: 'only a listing sent with the user token',
      evidence: evidence((ev, b) => {
        ev.settings.tokenSupplied = true;
        const tools = listing(b, 'tools', [{ name: 'delete_all' }]);
        if (tools.kind === 'ok') withCredentials(b, tools.value.replies[0]!.exchange);
        setInventory(ev, b, {
          tools,
          prompts: b.skipped('dependency_failed'),
          resources: b.skipped('dependency_failed'),
          resourceTemplates: b.skipped('dependency_failed'),
        });
      }),
      reason: 'fetch_failed',
    },
  ],
  notApplicable: [
    {
      name: 'stdio target',
      evidence: evidence((ev) => setDetection(ev, { transport: 'stdio' })),
      reason: 'transport',
    },
    {
      name: 'not an MCP target',
      evidence: evidence((ev) => setDetection(ev, { targetClass: 'not_mcp' })),
      reason: 'target_class',
    },
  ],
});
