import check from '../../../src/checks/tool/MCPP-TOOL15.js';
import type { Evidence } from '../../../src/evidence/types.js';
import { testCheck } from '../../helpers/check-tester.js';
import { modernEvidence } from '../../helpers/modern.js';
import { tool } from '../../surface/evidence.js';

function modernTools(tools: unknown[]): Evidence {
  return modernEvidence((ev, b) => {
    const r = b.reply({ result: { tools } });
    const inv = ev.inventory ?? {
      prompts: b.skipped('not_needed'),
      resources: b.skipped('not_needed'),
      resourceTemplates: b.skipped('not_needed'),
      serverInfo: null,
      instructions: null,
    };
    ev.inventory = {
      ...inv,
      tools: b.ok({ items: tools, pages: 1, truncated: false, replies: [r] }, r.exchange),
    };
  });
}
const schema = (properties: Record<string, unknown>) => ({ inputSchema: { type: 'object', properties } });

testCheck(check, {
  pass: [
    {
      name: 'a region header',
      evidence: modernTools([
        tool('q', 'Q.', schema({ region: { type: 'string', 'x-mcp-header': 'Region' } })),
      ]),
    },
  ],
  fail: [
    {
      name: 'an API key mirrored into a header',
      evidence: modernTools([
        tool('q', 'Q.', schema({ api_key: { type: 'string', 'x-mcp-header': 'Api-Key' } })),
      ]),
      key: 'api_key',
      severity: 'medium',
    },
    {
      name: 'an e-mail address by description',
      evidence: modernTools([
        tool(
          'q',
          'Q.',
          schema({ who: { type: 'string', description: 'Customer e-mail', 'x-mcp-header': 'Who' } }),
        ),
      ]),
      key: 'who',
    },
  ],
  notApplicable: [
    { name: 'no annotations', evidence: modernTools([tool('q', 'Q.')]), reason: 'feature_absent' },
  ],
});
