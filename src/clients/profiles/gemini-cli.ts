/** Gemini CLI, read from its source at tag v0.56.0. */
import type { ClientProfile } from '../types.js';
import { code } from './sources.js';

const at = (path: string) =>
  code(`https://github.com/google-gemini/gemini-cli/blob/v0.56.0/${path}`, 'v0.56.0');

export const GEMINI_CLI: ClientProfile = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  covers: 'Gemini CLI (`@google/gemini-cli`)',
  unverified: ['Client ID Metadata Documents: no support found in v0.56.0; the profile models DCR only.'],
  rules: [
    {
      id: 'gemini-cli.handshake',
      kind: 'transport',
      does: 'Connects through the TypeScript SDK 1.23.0 client, which opens with `initialize`.',
      requirement: { kind: 'initialize-handshake' },
      verdict: 'blocks',
      fix: 'Keep serving the initialize handshake next to the 2026-07-28 wire (SDK 2.x: `legacy: "stateless"`).',
      source: at('packages/core/package.json'),
    },
    {
      id: 'gemini-cli.sse-fallback',
      kind: 'transport',
      does: 'Tries Streamable HTTP and switches to the HTTP+SSE transport only when the POST is answered 404.',
      requirement: { kind: 'legacy-sse-fallback', on: [404] },
      verdict: 'blocks',
      fix: 'Answer a POST to an SSE-only URL with 404, or configure the server in the CLI as an SSE server.',
      source: at('packages/core/src/tools/mcp-client.ts'),
    },
    {
      id: 'gemini-cli.discovery',
      kind: 'discovery',
      does: 'Sends HEAD and reads `WWW-Authenticate` on 401; reads PRM (path-inserted, then root); without it, looks for authorization-server metadata at the server URL itself.',
      requirement: { kind: 'as-metadata', fallback: 'origin-metadata' },
      verdict: 'blocks',
      fix: 'Publish PRM naming the authorization server, and RFC 8414 or OpenID metadata at that server.',
      source: at('packages/core/src/mcp/oauth-utils.ts'),
    },
    {
      id: 'gemini-cli.prm-resource',
      kind: 'discovery',
      does: 'Refuses a PRM whose `resource` is not the server URL (scheme, host, port and path).',
      requirement: { kind: 'prm-resource-matches' },
      verdict: 'blocks',
      fix: 'Set the PRM `resource` to the exact URL clients are configured with.',
      source: at('packages/core/src/mcp/oauth-utils.ts'),
    },
    {
      id: 'gemini-cli.registration',
      kind: 'registration',
      does: 'Without a configured client ID, registers by DCR; with neither, the login stops.',
      requirement: { kind: 'registration', mechanisms: ['dcr'] },
      verdict: 'degrades',
      fix: 'Offer dynamic client registration, or document a client ID users put in `oauth.clientId`.',
      source: at('packages/core/src/mcp/oauth-provider.ts'),
    },
    {
      id: 'gemini-cli.redirect',
      kind: 'redirect',
      does: 'Registers and uses http://localhost:<random port>/oauth/callback (a port can be pinned).',
      requirement: {
        kind: 'redirect-accepted',
        shape: 'loopback-random-port',
        example: 'http://localhost:53117/oauth/callback',
      },
      verdict: 'blocks',
      fix: 'Accept http://localhost loopback redirect URIs on any port.',
      source: at('packages/core/src/utils/oauth-flow.ts'),
    },
    {
      id: 'gemini-cli.tool-names',
      kind: 'tool-surface',
      does: 'Prefixes tool names with `mcp_`, replaces characters outside [A-Za-z0-9_.:-] and shortens names over 63 characters.',
      requirement: { kind: 'tool-names', pattern: '^[A-Za-z0-9_.:-]+$', maxLength: 63, prefix: 'mcp_' },
      verdict: 'degrades',
      fix: 'Keep tool names to letters, digits, `_ . : -` and under 60 characters.',
      source: at('packages/core/src/tools/mcp-tool.ts'),
    },
  ],
};
