/** Claude (claude.ai, Claude Desktop connectors, Claude mobile), from Anthropic's help centre. */
import type { ClientProfile } from '../types.js';
import { doc } from './sources.js';

const HELP = doc(
  'https://support.claude.com/en/articles/11503834-building-custom-connectors-via-remote-mcp-servers',
);

export const CLAUDE: ClientProfile = {
  id: 'claude',
  name: 'Claude (claude.ai, Desktop, mobile)',
  covers: 'Custom connectors added in claude.ai or Claude Desktop settings, also used from the mobile apps',
  unverified: [
    'PKCE, scope and token-auth-method behaviour are not documented; no rule is modelled for them.',
    'Claude Desktop also runs local stdio servers from its config file; this profile covers remote connectors only.',
  ],
  rules: [
    {
      id: 'claude.network',
      kind: 'network',
      does: "Connects from Anthropic's cloud for every surface, Desktop included: the server must accept inbound HTTPS from Anthropic's addresses.",
      requirement: { kind: 'public-endpoint' },
      verdict: 'blocks',
      fix: "Expose the server on a public address reachable from Anthropic's published IP ranges.",
      source: HELP,
    },
    {
      id: 'claude.transport',
      kind: 'transport',
      does: 'Speaks Streamable HTTP and (for now) HTTP+SSE.',
      requirement: { kind: 'transport', accepts: ['streamable-http', 'http+sse'] },
      verdict: 'blocks',
      fix: 'Serve Streamable HTTP.',
      source: HELP,
    },
    {
      id: 'claude.discovery',
      kind: 'discovery',
      does: 'Supports the 2025-03-26 and 2025-06-18 authorization specs: PRM when published, else metadata or default endpoints at the MCP origin.',
      requirement: { kind: 'as-metadata', fallback: 'origin-defaults' },
      verdict: 'blocks',
      fix: 'Publish PRM naming the authorization server, and RFC 8414 metadata at that server.',
      source: HELP,
    },
    {
      id: 'claude.registration',
      kind: 'registration',
      does: 'Registers by DCR; for servers without DCR, users can enter a custom client ID and secret.',
      requirement: { kind: 'registration', mechanisms: ['dcr'] },
      verdict: 'degrades',
      fix: 'Offer dynamic client registration, or hand users a client ID and secret for https://claude.ai/api/mcp/auth_callback.',
      source: HELP,
    },
    {
      id: 'claude.redirect',
      kind: 'redirect',
      does: 'Uses the fixed callback https://claude.ai/api/mcp/auth_callback (https://claude.com/api/mcp/auth_callback announced).',
      requirement: {
        kind: 'redirect-accepted',
        shape: 'https-fixed',
        example: 'https://claude.ai/api/mcp/auth_callback',
      },
      verdict: 'blocks',
      fix: 'Allow both https://claude.ai/api/mcp/auth_callback and https://claude.com/api/mcp/auth_callback as redirect URIs.',
      source: HELP,
    },
  ],
};
