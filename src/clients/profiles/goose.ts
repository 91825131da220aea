/** Goose: its OAuth module at a commit, which drives the rmcp 3.x authorization API. */
import type { ClientProfile } from '../types.js';
import { code } from './sources.js';

const GOOSE = code(
  'https://github.com/block/goose/blob/06423fd5f56dd53e51ef0c3550fd932cc15e50dd/crates/goose/src/oauth/mod.rs',
  'commit 06423fd5',
);
const RMCP = code(
  'https://github.com/modelcontextprotocol/rust-sdk/blob/rmcp-v3.1.4/crates/rmcp/src/transport/auth.rs',
  'rmcp 3.1.4 (Goose uses the `AuthorizationRequest` API, introduced in rmcp 3.0)',
);

export const GOOSE_PROFILE: ClientProfile = {
  id: 'goose',
  name: 'Goose',
  covers: 'Goose desktop and CLI',
  unverified: ['The exact rmcp version Goose locks was not read; the rmcp rules follow 3.1.4.'],
  rules: [
    {
      id: 'goose.discovery',
      kind: 'discovery',
      does: 'Discovers through rmcp: PRM first, then metadata at the MCP origin, then default /authorize, /token, /register there.',
      requirement: { kind: 'as-metadata', fallback: 'origin-defaults' },
      verdict: 'blocks',
      fix: 'Publish PRM naming the authorization server, and RFC 8414 metadata at that server.',
      source: RMCP,
    },
    {
      id: 'goose.resource-metadata-origin',
      kind: 'discovery',
      does: "Ignores a `resource_metadata` URL on another origin than the MCP server's.",
      requirement: { kind: 'same-origin-resource-metadata' },
      verdict: 'blocks',
      fix: 'Serve PRM on the MCP origin (path-inserted or root well-known URI).',
      source: RMCP,
    },
    {
      id: 'goose.registration',
      kind: 'registration',
      does: 'Uses its Client ID Metadata Document when the authorization server supports CIMD, else DCR; a configured client ID skips both.',
      requirement: { kind: 'registration', mechanisms: ['cimd', 'dcr'] },
      verdict: 'degrades',
      fix: 'Offer CIMD or dynamic client registration, or document a client ID for the extension configuration.',
      source: GOOSE,
    },
    {
      id: 'goose.pkce',
      kind: 'pkce',
      does: 'Always sends S256; refuses an authorization server whose advertised methods lack S256, tolerates none advertised.',
      requirement: { kind: 'pkce-s256', absent: 'accept' },
      verdict: 'blocks',
      fix: 'Support S256 and list it in `code_challenge_methods_supported`.',
      source: RMCP,
    },
    {
      id: 'goose.redirect',
      kind: 'redirect',
      does: 'Listens on 127.0.0.1 with a random port (or GOOSE_OAUTH_CALLBACK_PORT) at /oauth_callback.',
      requirement: {
        kind: 'redirect-accepted',
        shape: 'loopback-random-port',
        example: 'http://127.0.0.1:49152/oauth_callback',
      },
      verdict: 'blocks',
      fix: 'Accept loopback redirect URIs on any port (RFC 8252 §7.3).',
      source: GOOSE,
    },
  ],
};
