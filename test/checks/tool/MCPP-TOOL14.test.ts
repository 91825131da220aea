import check from '../../../src/checks/tool/MCPP-TOOL14.js';
import { testCheck } from '../../helpers/check-tester.js';
import { modernEvidence } from '../../helpers/modern.js';
import { tool } from '../../surface/evidence.js';
import type { Evidence } from '../../../src/evidence/types.js';

/** A modern-only server listing these tools (x-mcp-header is a 2026-07-28 extension). */
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
      name: 'valid annotations',
      evidence: modernTools([
        tool(
          'q',
          'Q.',
          schema({
            region: { type: 'string', 'x-mcp-header': 'Region' },
            n: { type: 'integer', 'x-mcp-header': 'Count' },
          }),
        ),
      ]),
    },
  ],
  fail: [
    {
      name: 'number type',
      evidence: modernTools([tool('q', 'Q.', schema({ n: { type: 'number', 'x-mcp-header': 'N' } }))]),
      key: 'type',
      severity: 'medium',
    },
    {
      name: 'not a token',
      evidence: modernTools([tool('q', 'Q.', schema({ n: { type: 'string', 'x-mcp-header': 'Bad Name' } }))]),
      key: 'token',
    },
    {
      name: 'duplicate ignoring case',
      evidence: modernTools([
        tool(
          'q',
          'Q.',
          schema({
            a: { type: 'string', 'x-mcp-header': 'Tag' },
            b: { type: 'string', 'x-mcp-header': 'tag' },
          }),
        ),
      ]),
      key: 'duplicate',
    },
    {
      name: 'through items',
      evidence: modernTools([
        tool('q', 'Q.', schema({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } })),
      ]),
      key: 'reachability',
    },
    {
      name: 'empty value',
      evidence: modernTools([tool('q', 'Q.', schema({ a: { type: 'string', 'x-mcp-header': '' } }))]),
      key: 'empty',
    },
  ],
  notApplicable: [
    { name: 'no annotations', evidence: modernTools([tool('q', 'Q.')]), reason: 'feature_absent' },
  ],
});
