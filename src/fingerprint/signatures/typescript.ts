/**
 * TypeScript frameworks: the official SDK 1.x and 2.x and the frameworks built on them. Signals
 * were read from the packages as installed (test/real/package.json pins each version) and from
 * the scans of their minimal servers (test/fixtures/frameworks).
 */
import type { FrameworkSignature } from '../types.js';
import { CHECKED } from './sources.js';

const TOOL = '<tool>';
/** The TypeScript SDK's answer to an unsupported MCP-Protocol-Version (1.x, and 2.x's legacy path). */
const TS_VERSION_BAD = '^400 -32000 Bad Request: Unsupported protocol version';
/** How McpServer answers a call of an unknown tool: an isError result in 1.x, a -32602 error in 2.x. */
const SDK1_TOOL_UNKNOWN = `^result .*MCP error -32602: Tool ${TOOL} not found`;
const SDK2_TOOL_UNKNOWN = `^error -32602 Tool ${TOOL} not found$`;

export const TYPESCRIPT_SDK_1: FrameworkSignature = {
  id: 'typescript-sdk-1',
  name: 'MCP TypeScript SDK 1.x',
  language: 'TypeScript',
  signals: [
    {
      feature: 'error.version-bad',
      match: { pattern: TS_VERSION_BAD },
      weight: 3,
      says: 'the SDK transport’s text for an unsupported MCP-Protocol-Version',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: SDK1_TOOL_UNKNOWN },
      weight: 3,
      says: 'McpServer 1.x turns an unknown tool into an isError result quoting the McpError',
    },
    {
      feature: 'init.first-key',
      match: { equals: 'result' },
      weight: 1,
      says: 'JSON-RPC answers serialised with `result` first',
    },
    {
      feature: 'eras',
      match: { equals: 'legacy' },
      weight: 1,
      says: 'no 2026-07-28 wire (1.x has no server/discover)',
    },
  ],
  excludes: [
    {
      feature: 'eras',
      match: { pattern: 'modern' },
      weight: 0,
      says: '1.x does not serve the 2026-07-28 wire',
    },
    {
      feature: 'init.first-key',
      match: { equals: 'jsonrpc' },
      weight: 0,
      says: 'the SDK writes `result` before `jsonrpc`',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: SDK2_TOOL_UNKNOWN },
      weight: 0,
      says: 'McpServer 2.x, not 1.x, answers an unknown tool with a JSON-RPC error',
    },
  ],
  versions: [
    {
      feature: 'error.version-bad',
      pattern: 'supported versions: ([0-9-]+)',
      range: '1.x (newest protocol $1)',
    },
  ],
  sources: [
    {
      url: 'https://github.com/modelcontextprotocol/typescript-sdk/blob/v1.x/src/server/streamableHttp.ts',
      version: '@modelcontextprotocol/sdk 1.32.2',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/modelcontextprotocol/typescript-sdk/blob/v1.x/src/server/mcp.ts',
      version: '@modelcontextprotocol/sdk 1.32.2',
      checked: CHECKED,
    },
  ],
  tested: 'ran',
};

export const TYPESCRIPT_SDK_2: FrameworkSignature = {
  id: 'typescript-sdk-2',
  name: 'MCP TypeScript SDK 2.x',
  language: 'TypeScript',
  signals: [
    {
      feature: 'eras',
      match: { pattern: 'modern' },
      weight: 1,
      says: 'serves the 2026-07-28 wire (server/discover)',
    },
    {
      feature: 'error.version-bad',
      match: { pattern: TS_VERSION_BAD },
      weight: 3,
      says: 'the SDK transport’s text on its 2025-era path',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: SDK2_TOOL_UNKNOWN },
      weight: 3,
      says: 'McpServer 2.x answers an unknown tool with a -32602 JSON-RPC error',
    },
    {
      feature: 'get.body',
      match: { pattern: 'Method not allowed\\.' },
      weight: 1,
      says: 'GET answered 405 "Method not allowed." (createMcpHandler; the 1.x stateless transport says the same)',
    },
    {
      feature: 'init.first-key',
      match: { equals: 'result' },
      weight: 1,
      says: 'JSON-RPC answers serialised with `result` first',
    },
  ],
  excludes: [
    {
      feature: 'init.first-key',
      match: { equals: 'jsonrpc' },
      weight: 0,
      says: 'the SDK writes `result` before `jsonrpc`',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: SDK1_TOOL_UNKNOWN },
      weight: 0,
      says: 'McpServer 1.x, not 2.x, answers an unknown tool with an isError result',
    },
  ],
  versions: [{ feature: 'eras', pattern: 'modern', range: '2.x' }],
  sources: [
    {
      url: 'https://github.com/modelcontextprotocol/typescript-sdk/blob/main/packages/server/src/server/createMcpHandler.ts',
      version: '@modelcontextprotocol/server 2.4.0',
      checked: CHECKED,
    },
  ],
  tested: 'ran',
};

export const FASTMCP_TS: FrameworkSignature = {
  id: 'fastmcp-ts',
  name: 'fastmcp (TypeScript)',
  language: 'TypeScript',
  builtOn: 'typescript-sdk-1',
  signals: [
    {
      feature: 'init.sse-event-id',
      match: { pattern: '^[0-9a-f-]{36}_\\d+_\\d{4}_[a-z0-9]{3}$' },
      weight: 4,
      says: 'event IDs of mcp-proxy’s in-memory event store (stream ID, time, counter, suffix)',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: `^error -32601 MCP error -32601: Unknown tool: ${TOOL}$` },
      weight: 4,
      says: 'FastMCP throws MethodNotFound "Unknown tool" for an unknown tool',
    },
    {
      feature: 'capabilities',
      match: { pattern: '"completions":\\{\\}' },
      weight: 1,
      says: 'declares `completions` by default',
    },
    {
      feature: 'init.content-type',
      match: { equals: 'text/event-stream; charset=utf-8' },
      weight: 1,
      says: 'event stream with a charset parameter',
    },
  ],
  sources: [
    {
      url: 'https://github.com/punkpeye/fastmcp/blob/v4.20.16/src/FastMCP.ts',
      version: 'fastmcp 4.20.16 (dist/chunk-ZNPHP74O.js)',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/punkpeye/mcp-proxy/blob/main/src/InMemoryEventStore.ts',
      version: 'mcp-proxy 6.x as installed with fastmcp 4.20.16',
      checked: CHECKED,
    },
  ],
  tested: 'ran',
};

export const MCP_HANDLER: FrameworkSignature = {
  id: 'mcp-handler',
  name: 'mcp-handler (Vercel)',
  language: 'TypeScript',
  builtOn: 'typescript-sdk-2',
  signals: [],
  sources: [
    {
      url: 'https://github.com/vercel/mcp-handler',
      version: 'mcp-handler 2.4.0 (dist/index.js)',
      checked: CHECKED,
    },
  ],
  tested: 'ran',
  note: 'Its route handler is the SDK 2.x createMcpHandler with no observable addition: a scan reports the SDK 2.x underneath.',
};

export const MCP_USE: FrameworkSignature = {
  id: 'mcp-use',
  name: 'mcp-use',
  language: 'TypeScript',
  builtOn: 'typescript-sdk-2',
  signals: [
    {
      feature: 'get.status',
      match: { equals: '204' },
      weight: 4,
      says: 'GET on the endpoint answered 204 with no body',
    },
    {
      feature: 'capabilities',
      match: {
        pattern: '^\\{"logging":\\{\\},"tools":.*"resources":\\{"listChanged":true,"subscribe":true\\}',
      },
      weight: 2,
      says: 'declares logging, prompts and subscribable resources whatever is registered',
    },
  ],
  sources: [
    {
      url: 'https://github.com/mcp-use/mcp-use/tree/main/libraries/typescript/packages/mcp-use',
      version: 'mcp-use 2.5.2 (dist/server.js)',
      checked: CHECKED,
    },
  ],
  tested: 'ran',
};

export const TMCP: FrameworkSignature = {
  id: 'tmcp',
  name: 'tmcp',
  language: 'TypeScript',
  signals: [
    {
      feature: 'get.body',
      match: { equals: ': connected' },
      weight: 4,
      says: 'the HTTP transport opens the GET stream with the comment ": connected"',
    },
    {
      feature: 'init.protocol-version',
      match: { equals: '2025-06-18' },
      weight: 2,
      says: 'answers an initialize asking for 2025-11-25 with 2025-06-18',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: `^result \\{"type":"text","text":"Tool ${TOOL} not found"\\}$` },
      weight: 2,
      says: 'an unknown tool is an isError result "Tool … not found"',
    },
    {
      feature: 'init.first-key',
      match: { equals: 'jsonrpc' },
      weight: 1,
      says: 'JSON-RPC answers serialised with `jsonrpc` first',
    },
    {
      feature: 'error.session-unknown',
      match: { pattern: '^200 ' },
      weight: 1,
      says: 'an unknown Mcp-Session-Id is served',
    },
  ],
  sources: [
    {
      url: 'https://github.com/paoloricciuti/tmcp/blob/main/packages/tmcp/src/index.js',
      version: 'tmcp 1.20.0',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/paoloricciuti/tmcp/blob/main/packages/transport-http/src/index.js',
      version: '@tmcp/transport-http 0.9.0',
      checked: CHECKED,
    },
  ],
  tested: 'ran',
};

export const MCP_FRAMEWORK: FrameworkSignature = {
  id: 'mcp-framework',
  name: 'mcp-framework',
  language: 'TypeScript',
  builtOn: 'typescript-sdk-1',
  signals: [
    {
      feature: 'header.access-control-allow-headers',
      match: { pattern: 'x-api-key, Mcp-Session-Id' },
      weight: 4,
      says: 'its default CORS allow-list names x-api-key',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: `^error -32603 Unknown tool: ${TOOL}\\. Available tools:` },
      weight: 4,
      says: 'an unknown tool lists the available tools in a -32603 error',
    },
  ],
  sources: [
    {
      url: 'https://github.com/QuantGeekDev/mcp-framework/blob/main/src/core/MCPServer.ts',
      version: 'mcp-framework 0.2.22 (dist/core/MCPServer.js)',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/QuantGeekDev/mcp-framework/blob/main/src/transports/sse/types.ts',
      version: 'mcp-framework 0.2.22',
      checked: CHECKED,
    },
  ],
  tested: 'ran',
};

export const XMCP: FrameworkSignature = {
  id: 'xmcp',
  name: 'xmcp',
  language: 'TypeScript',
  builtOn: 'typescript-sdk-2',
  signals: [],
  sources: [
    {
      url: 'https://github.com/basementstudio/xmcp',
      version: 'xmcp 1.1.3 (dist/runtime/http.js)',
      checked: CHECKED,
    },
  ],
  tested: 'data-only',
  note: 'Its HTTP runtime (express around the SDK 2.x createMcpHandler, legacy "stateless") exists only after `xmcp build`, a bundler step the tests do not run; no signal of its own was found in the runtime read.',
};
