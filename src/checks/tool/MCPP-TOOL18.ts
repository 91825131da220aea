import { defineCheck } from '../define-check.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { TOOL_TRANSPORTS } from './common.js';
import { codeText, toolProbeReply } from './probe-replies.js';

const WHAT = '`tools/call` of a nonexistent tool (`s.tool.unknown`)';

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL18',
    title: 'Unknown tools answered with a protocol error',
    requirement: '`tools/call` of a nonexistent tool yields a JSON-RPC error, not a result.',
    keyword: 'SHOULD',
    revisions: revisionRange(),
    transports: TOOL_TRANSPORTS,
    mode: 'safe',
    requires: ['detection', 'toolProbes'],
    rating: { scope: 'protocol' },
    keys: {
      result:
        'the call of a nonexistent tool returned a result (with or without `isError`) instead of a JSON-RPC error',
      '5xx': 'the call of a nonexistent tool was answered with an HTTP 5xx status',
    },
    severity: 'low',
    citations: [
      mcp('2025-11-25', 'server/tools', 'Error Handling'),
      mcp('2026-07-28', 'server/tools', 'Error Handling'),
    ],
    rationale:
      'The spec sorts unknown tools among protocol errors, which clients handle as such; a result (even with `isError`) is a tool execution error, passed to the model as if the tool had run, and a server error says the lookup itself is broken.',
    remediation:
      'Look the tool up before running anything and answer an unknown name with a JSON-RPC error, `-32602` as in the spec’s example (`Unknown tool: <name>`), never with a `CallToolResult`.',
    // The fix in the framework’s own terms, by fingerprint id (docs/fingerprints.md#framework-specific-fixes).
    fixes: {
      'typescript-sdk-1': {
        fix: 'McpServer 1.x reports an unknown tool as an isError result; SDK 2.x answers -32602 (move to @modelcontextprotocol/server, or answer tools/call through the low-level Server with an McpError).',
        source:
          '@modelcontextprotocol/sdk 1.32.2 server/mcp.js; @modelcontextprotocol/server 2.4.0, @modelcontextprotocol/express 2.0.2, @modelcontextprotocol/node 2.1.2',
      },
      'python-sdk': {
        fix: 'MCPServer turns an unknown tool into an isError result; register the tools/call handler on the low-level server and raise an MCPError (-32602) for names it does not know.',
        source: 'mcp 2.3.0 mcp/server/mcpserver/tools/tool_manager.py',
      },
    },
    evidence:
      '`s.tool.unknown`: `tools/call` of a random name (`mcp-posture-nonexistent-…`, checked against the listed tools) with empty arguments, on the channel and with the credentials the listing used. On the 2026-07-28 wire it is the same call the `Mcp-Name` checks compare against.',
    traps:
      'Harmless by construction: no listed tool has the name. A 401/403 is inconclusive here (`auth_wall`); AUTHN07 judges a server that protects only `tools/call`.',
    notes:
      'Every revision’s Error Handling section (2024-11-05 to 2026-07-28) lists unknown tools among the protocol errors and shows `-32602` as the example; no revision says SHOULD or MUST for it (the text was checked for each), so the check grades it as a SHOULD, at low, on every revision. Any JSON-RPC error passes: the code is reported, not judged. Not applicable when the server declares no `tools` capability.',
  },
  evaluate(ev, ctx) {
    const got = toolProbeReply(ev.detection, ev.toolProbes.toolUnknown, WHAT, ctx);
    if ('verdict' in got) return got.verdict;
    const reply = got.reply;
    const evidence = [reply.exchange];
    const status = isHttpReply(reply) ? reply.status : null;
    if (status !== null && status >= 500)
      return ctx.fail(`${WHAT} was answered with HTTP ${status}.`, evidence, { key: '5xx' });
    const error = reply.response?.error;
    if (error !== undefined)
      return ctx.pass(`${WHAT} was answered with JSON-RPC error ${codeText(error.code)}.`, evidence);
    const result = reply.response?.result;
    if (result !== undefined) {
      const isError =
        typeof result === 'object' &&
        result !== null &&
        (result as Record<string, unknown>)['isError'] === true;
      return ctx.fail(
        `${WHAT} returned a result${isError ? ' with `isError: true`' : ' without `isError`'} instead of a JSON-RPC error.`,
        evidence,
        { key: 'result' },
      );
    }
    return ctx.inconclusive(
      'ambiguous',
      `${WHAT} got no JSON-RPC response${status !== null ? ` (HTTP ${status})` : ''}.`,
      evidence,
    );
  },
});
