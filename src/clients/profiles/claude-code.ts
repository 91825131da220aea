/**
 * Claude Code. Its documentation page (code.claude.com/docs/en/mcp) could not be read directly here;
 * the rules come from public pages that quote it, marked `secondary` (docs/clients.md).
 */
import type { ClientProfile } from '../types.js';
import { secondary } from './sources.js';

const WIKI = secondary('https://github.com/xsyetopz/claudetto/wiki/Claude-Code-MCP-Auth');
const PORT_NOTE = secondary('https://hjarni.com/mcp-fix/claude-code-mcp-oauth-loop');

export const CLAUDE_CODE: ClientProfile = {
  id: 'claude-code',
  name: 'Claude Code',
  covers: 'Claude Code CLI (`claude mcp add --transport http|sse|stdio`)',
  unverified: [
    'The official MCP page was read only through pages quoting it; the client is closed source.',
    'Its CIMD document URL and whether `client_id_metadata_document_supported: false` stops it were not verified.',
  ],
  rules: [
    {
      id: 'claude-code.transport',
      kind: 'transport',
      does: 'Runs stdio servers and connects to Streamable HTTP and (deprecated) SSE servers.',
      requirement: { kind: 'transport', accepts: ['streamable-http', 'http+sse', 'stdio'] },
      verdict: 'blocks',
      fix: 'Serve Streamable HTTP.',
      source: WIKI,
    },
    {
      id: 'claude-code.discovery',
      kind: 'discovery',
      does: 'Marks a server as needing login on 401 or 403; discovers PRM (RFC 9728), then RFC 8414 metadata.',
      requirement: { kind: 'as-metadata', fallback: 'origin-metadata' },
      verdict: 'blocks',
      fix: 'Publish PRM naming the authorization server, and RFC 8414 metadata at that server.',
      source: WIKI,
    },
    {
      id: 'claude-code.registration',
      kind: 'registration',
      does: 'Finds a Client ID Metadata Document or registers by DCR; for servers with neither, a pre-configured client ID (`oauth.clientId`) is the manual alternative.',
      requirement: { kind: 'registration', mechanisms: ['cimd', 'dcr'] },
      verdict: 'degrades',
      fix: 'Offer CIMD or dynamic client registration, or document a client ID for `--client-id`.',
      source: WIKI,
    },
    {
      id: 'claude-code.redirect',
      kind: 'redirect',
      does: 'Listens on a random free loopback port for http://localhost:<port>/callback unless a port is pinned.',
      requirement: {
        kind: 'redirect-accepted',
        shape: 'loopback-random-port',
        example: 'http://localhost:61234/callback',
      },
      verdict: 'blocks',
      fix: 'Accept loopback redirect URIs on any port.',
      source: PORT_NOTE,
    },
  ],
};
