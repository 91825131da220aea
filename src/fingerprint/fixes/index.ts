/**
 * Framework-specific fixes, staged here until phase B moves them into the checks' meta (policy is
 * data beside the check: each check's meta will carry `fixes: { [framework]: text }`, and a
 * finding's fix becomes `meta.fixes[fingerprint.framework] ?? meta.remediation`, walking the
 * framework's `builtOn` chain). Written for the checks that fail most often on the real
 * frameworks the tests run (docs/fingerprints.md#framework-specific-fixes); each names the
 * option or middleware in that framework's own terms and the file it was read from.
 */
import { SIGNATURES } from '../signatures/index.js';
import type { FrameworkSignature } from '../types.js';

export interface FrameworkFix {
  readonly fix: string;
  /** Where the option was read (the framework's file at the version the tests pin). */
  readonly source: string;
}

type FixTable = Readonly<Record<string, Readonly<Record<string, FrameworkFix>>>>;

const SDK1 = '@modelcontextprotocol/sdk 1.32.2';
const SDK2 =
  '@modelcontextprotocol/server 2.4.0, @modelcontextprotocol/express 2.0.2, @modelcontextprotocol/node 2.1.2';

export const FRAMEWORK_FIXES: FixTable = {
  'MCPP-ACT01': {
    'typescript-sdk-1': {
      fix: 'Reject foreign origins before the transport: StreamableHTTPServerTransport takes `enableDnsRebindingProtection: true` with `allowedOrigins` (deprecated in 1.32 but honoured), or put an Origin check middleware in front of `handleRequest`.',
      source: `${SDK1} server/streamableHttp.js`,
    },
    'typescript-sdk-2': {
      fix: 'Mount origin validation in front of `createMcpHandler`: `createMcpExpressApp()` from @modelcontextprotocol/express, or `localhostOriginValidation()` from @modelcontextprotocol/node.',
      source: `${SDK2} (createMcpHandler does no validation itself)`,
    },
    'mcp-use': {
      fix: 'Set `allowedOrigins` in the MCPServer config, or add `originValidationMiddleware([...])` from mcp-use.',
      source: 'mcp-use 2.5.2 dist/config.d.ts, dist/fetch-app.d.ts',
    },
    'fastmcp-python': {
      fix: 'Pass `allowed_origins=[...]` (and `allowed_hosts`) to `mcp.run(transport="http", ...)`.',
      source: 'fastmcp 4.0.10 fastmcp/server/mixins/transport.py',
    },
  },
  'MCPP-ACT10': {
    'typescript-sdk-1': {
      fix: 'Build the app with `createMcpExpressApp()`, which adds localhost Host validation, or pass `allowedHosts` to it.',
      source: `${SDK1} server/express.js`,
    },
    'typescript-sdk-2': {
      fix: 'Mount `createMcpExpressApp()` (@modelcontextprotocol/express) or `localhostHostValidation()` (@modelcontextprotocol/node) in front of `createMcpHandler`.',
      source: SDK2,
    },
    'mcp-use': {
      fix: 'Set `allowedHosts` in the MCPServer config, or add `hostValidationMiddleware([...])`.',
      source: 'mcp-use 2.5.2 dist/config.d.ts, dist/fetch-app.d.ts',
    },
    'fastmcp-python': {
      fix: 'Pass `allowed_hosts=[...]` to `mcp.run(transport="http", ...)` (the Python SDK guards the Host by default; FastMCP’s run call did not here).',
      source: 'fastmcp 4.0.10 fastmcp/server/mixins/transport.py',
    },
  },
  'MCPP-TRN12': {
    'fastmcp-ts': {
      fix: 'Set `httpStream.cors` in `server.start()` to the origins that need it (or `false`) instead of the permissive default.',
      source: 'fastmcp 4.20.16 dist/FastMCP.d.ts',
    },
    'mcp-framework': {
      fix: 'Set `cors: { allowOrigin: "https://your.app" }` in the http-stream transport options; the default `allowOrigin` is `*`.',
      source: 'mcp-framework 0.2.22 dist/transports/sse/types.d.ts (CORSConfig)',
    },
  },
  'MCPP-TOOL18': {
    'typescript-sdk-1': {
      fix: 'McpServer 1.x reports an unknown tool as an isError result; SDK 2.x answers -32602 (move to @modelcontextprotocol/server, or answer tools/call through the low-level Server with an McpError).',
      source: `${SDK1} server/mcp.js; ${SDK2}`,
    },
    'python-sdk': {
      fix: 'MCPServer turns an unknown tool into an isError result; register the tools/call handler on the low-level server and raise an MCPError (-32602) for names it does not know.',
      source: 'mcp 2.3.0 mcp/server/mcpserver/tools/tool_manager.py',
    },
  },
  'MCPP-LEG13': {
    'typescript-sdk-1': {
      fix: 'Give StreamableHTTPServerTransport an `eventStore`: with one, each SSE reply opens with a priming event (fastmcp, which sets one, passes).',
      source: `${SDK1} server/streamableHttp.js`,
    },
  },
};

function chain(id: string, signatures: readonly FrameworkSignature[]): string[] {
  const sig = signatures.find((s) => s.id === id);
  return sig ? [sig.id, ...(sig.builtOn ? chain(sig.builtOn, signatures) : [])] : [];
}

/** The fix for a check in the framework's terms, or its base framework's; null for the generic fix. */
export function frameworkFix(
  checkId: string,
  framework: string,
  signatures: readonly FrameworkSignature[] = SIGNATURES,
): FrameworkFix | null {
  const fixes = FRAMEWORK_FIXES[checkId];
  if (!fixes) return null;
  for (const id of chain(framework, signatures)) {
    const fix = fixes[id];
    if (fix) return fix;
  }
  return null;
}
