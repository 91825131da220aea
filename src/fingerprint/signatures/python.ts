/** Python frameworks: the official Python SDK (mcp 2.x) and FastMCP, read from the installed wheels. */
import type { FrameworkSignature } from '../types.js';
import { CHECKED } from './sources.js';

export const PYTHON_SDK: FrameworkSignature = {
  id: 'python-sdk',
  name: 'MCP Python SDK',
  language: 'Python',
  signals: [
    { feature: 'header.server', match: { equals: 'uvicorn' }, weight: 1, says: 'served by uvicorn' },
    {
      feature: 'session.id-format',
      match: { equals: 'hex32' },
      weight: 2,
      says: 'session IDs are uuid4().hex (32 hex digits, no dashes)',
    },
    {
      feature: 'error.session-missing',
      match: { pattern: '^400 -32600 Bad Request: Missing session ID' },
      weight: 3,
      says: 'the session manager’s text for a request without Mcp-Session-Id',
    },
    {
      feature: 'error.version-bad',
      match: { pattern: 'params\\._meta must be an object carrying the required' },
      weight: 3,
      says: 'mcp 2.x classifies a request with an unknown version as a 2026-07-28 request',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: '^result \\{"text":"Unknown tool: <tool>","type":"text"\\}$' },
      weight: 3,
      says: 'MCPServer’s ToolError "Unknown tool: name" as an isError result',
    },
    {
      feature: 'host-probe.status',
      match: { equals: '421' },
      weight: 2,
      says: 'the DNS-rebinding guard answers a foreign Host with 421',
    },
    {
      feature: 'init.first-key',
      match: { equals: 'jsonrpc' },
      weight: 1,
      says: 'JSON-RPC answers serialised with `jsonrpc` first',
    },
  ],
  versions: [{ feature: 'error.version-bad', pattern: 'params\\._meta', range: '2.x' }],
  sources: [
    {
      url: 'https://github.com/modelcontextprotocol/python-sdk/blob/v2.3.0/src/mcp/server/streamable_http.py',
      version: 'mcp 2.3.0',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/modelcontextprotocol/python-sdk/blob/v2.3.0/src/mcp/server/mcpserver/tools/tool_manager.py',
      version: 'mcp 2.3.0',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/modelcontextprotocol/python-sdk/blob/v2.3.0/src/mcp/server/transport_security.py',
      version: 'mcp 2.3.0',
      checked: CHECKED,
    },
  ],
  tested: 'ran',
};

export const FASTMCP_PYTHON: FrameworkSignature = {
  id: 'fastmcp-python',
  name: 'FastMCP (Python)',
  language: 'Python',
  builtOn: 'python-sdk',
  signals: [
    {
      feature: 'tools.meta-keys',
      match: { pattern: '(^|,)fastmcp(,|$)' },
      weight: 4,
      says: 'listed tools carry `_meta.fastmcp`',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: '^result \\{"text":"Unknown tool: \'<tool>\'","type":"text"\\}$' },
      weight: 4,
      says: 'FastMCP’s NotFoundError quotes the tool name (repr)',
    },
  ],
  versions: [
    {
      feature: 'server-info.version',
      pattern: '^(\\d+\\.\\d+\\.\\d+)$',
      range: '$1 (when serverInfo.version is left at its default, the FastMCP version)',
    },
  ],
  sources: [
    {
      url: 'https://github.com/PrefectHQ/fastmcp/blob/v4.0.10/src/fastmcp/server/server.py',
      version: 'fastmcp 4.0.10',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/PrefectHQ/fastmcp/blob/v4.0.10/src/fastmcp/tools/base.py',
      version: 'fastmcp 4.0.10',
      checked: CHECKED,
    },
  ],
  tested: 'ran',
};
