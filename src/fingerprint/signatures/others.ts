/**
 * Frameworks that cannot run here (Go, Java, C#, a Cloudflare Worker): signatures read from their
 * sources at a tag. No positive test is possible; each is in every runnable framework's negative test.
 */
import type { FrameworkSignature } from '../types.js';
import { CHECKED } from './sources.js';

export const GO_SDK: FrameworkSignature = {
  id: 'go-sdk',
  name: 'MCP Go SDK',
  language: 'Go',
  signals: [
    {
      feature: 'error.session-unknown',
      match: { pattern: '^404 session not found$' },
      weight: 4,
      says: 'net/http’s plain-text http.Error "session not found"',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: '^error -?\\d+ unknown tool "<tool>"$' },
      weight: 4,
      says: 'an unknown tool is `unknown tool %q`',
    },
  ],
  sources: [
    {
      url: 'https://github.com/modelcontextprotocol/go-sdk/blob/v1.7.0/mcp/streamable.go',
      version: 'v1.7.0',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/modelcontextprotocol/go-sdk/blob/v1.7.0/mcp/server.go',
      version: 'v1.7.0',
      checked: CHECKED,
    },
  ],
  tested: 'data-only',
};

export const MCP_GO: FrameworkSignature = {
  id: 'mcp-go',
  name: 'mcp-go (mark3labs)',
  language: 'Go',
  signals: [
    {
      feature: 'error.session-unknown',
      match: { pattern: '^404 Invalid session ID$' },
      weight: 4,
      says: 'a plain-text 404 "Invalid session ID"',
    },
    {
      feature: 'error.tool-unknown',
      match: { pattern: "tool '<tool>' not found" },
      weight: 4,
      says: "an unknown tool is `tool '%s' not found`",
    },
  ],
  sources: [
    {
      url: 'https://github.com/mark3labs/mcp-go/blob/v0.58.0/server/streamable_http.go',
      version: 'v0.58.0',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/mark3labs/mcp-go/blob/v0.58.0/server/server.go',
      version: 'v0.58.0',
      checked: CHECKED,
    },
  ],
  tested: 'data-only',
};

export const JAVA_SDK: FrameworkSignature = {
  id: 'java-sdk',
  name: 'MCP Java SDK / Spring AI',
  language: 'Java',
  signals: [
    {
      feature: 'error.tool-unknown',
      match: { pattern: '^error -?\\d+ Unknown tool: invalid_tool_name$' },
      weight: 4,
      says: 'the literal message "Unknown tool: invalid_tool_name" (the name is in `data`)',
    },
  ],
  sources: [
    {
      url: 'https://github.com/modelcontextprotocol/java-sdk/blob/v1.1.4/mcp-core/src/main/java/io/modelcontextprotocol/server/McpAsyncServer.java',
      version: 'v1.1.4',
      checked: CHECKED,
    },
  ],
  tested: 'data-only',
  note: 'Spring AI serves MCP through this SDK, so it carries the same signal.',
};

export const CSHARP_SDK: FrameworkSignature = {
  id: 'csharp-sdk',
  name: 'MCP C# SDK',
  language: 'C#',
  signals: [
    {
      feature: 'error.tool-unknown',
      match: { pattern: "^error -32602 Unknown tool: '<tool>'$" },
      weight: 4,
      says: 'an unknown tool is a -32602 error "Unknown tool: \'name\'"',
    },
    {
      feature: 'error.session-unknown',
      match: { pattern: '^404 -32001 Session not found$' },
      weight: 1,
      says: 'a -32001 "Session not found" with 404',
    },
  ],
  sources: [
    {
      url: 'https://github.com/modelcontextprotocol/csharp-sdk/blob/v2.2.0/src/ModelContextProtocol.Core/Server/McpServerImpl.cs',
      version: 'v2.2.0',
      checked: CHECKED,
    },
    {
      url: 'https://github.com/modelcontextprotocol/csharp-sdk/blob/v2.2.0/src/ModelContextProtocol.AspNetCore/StreamableHttpHandler.cs',
      version: 'v2.2.0',
      checked: CHECKED,
    },
  ],
  tested: 'data-only',
};

export const CLOUDFLARE_OAUTH_PROVIDER: FrameworkSignature = {
  id: 'cloudflare-oauth-provider',
  name: 'Cloudflare workers-oauth-provider',
  language: 'TypeScript',
  signals: [
    {
      feature: 'challenge',
      match: { pattern: '^Bearer realm="OAuth", resource_metadata="<url>"$' },
      weight: 4,
      says: 'a challenge with realm "OAuth" and resource_metadata, no error code, for a request without a token',
    },
    { feature: 'challenge.body', match: { equals: '' }, weight: 1, says: 'the 401 has an empty body' },
  ],
  sources: [
    {
      url: 'https://github.com/cloudflare/workers-oauth-provider/blob/v0.10.3/src/oauth-provider.ts',
      version: 'v0.10.3',
      checked: CHECKED,
    },
  ],
  tested: 'data-only',
  note: 'An OAuth layer in front of an MCP server: it names the wall, not the MCP framework behind it.',
};
