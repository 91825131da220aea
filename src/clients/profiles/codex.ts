/**
 * Codex CLI: its login code at a commit, and the rmcp crate (the official Rust SDK) at the version
 * Codex's workspace pinned when read.
 */
import type { ClientProfile } from '../types.js';
import { code } from './sources.js';

const LOGIN = code(
  'https://github.com/openai/codex/blob/18b3cfcb60746d54e5d90bb105d363d7ace1d254/codex-rs/rmcp-client/src/perform_oauth_login.rs',
  'commit 18b3cfcb',
);
const RMCP = code(
  'https://github.com/modelcontextprotocol/rust-sdk/blob/rmcp-v0.12.0/crates/rmcp/src/transport/auth.rs',
  'rmcp 0.12.0 (pinned in codex-rs/Cargo.toml at commit 001cb8e2)',
);

export const CODEX: ClientProfile = {
  id: 'codex',
  name: 'Codex CLI',
  covers: 'Codex CLI (`codex mcp login`)',
  unverified: [
    'The rmcp version behind the login code at commit 18b3cfcb was not read; the discovery and registration rules follow rmcp 0.12.0.',
    'OpenAI documents CIMD for Codex plugins (developers.openai.com/plugins/build/auth); the CLI code read registers by DCR only.',
  ],
  rules: [
    {
      id: 'codex.handshake',
      kind: 'transport',
      does: 'Connects through rmcp 0.12, which opens with `initialize`.',
      requirement: { kind: 'initialize-handshake' },
      verdict: 'blocks',
      fix: 'Keep serving the initialize handshake next to the 2026-07-28 wire.',
      source: RMCP,
    },
    {
      id: 'codex.discovery',
      kind: 'discovery',
      does: 'Looks for authorization-server metadata at the MCP origin first (path-inserted, path-appended, root), then through PRM; builds no default endpoints.',
      requirement: { kind: 'as-metadata', fallback: 'origin-metadata' },
      verdict: 'blocks',
      fix: 'Publish PRM naming the authorization server and RFC 8414 metadata there (or metadata at the MCP origin).',
      source: RMCP,
    },
    {
      id: 'codex.registration',
      kind: 'registration',
      does: 'Registers by DCR unless a client ID is configured (`oauth_client_id`).',
      requirement: { kind: 'registration', mechanisms: ['dcr'] },
      verdict: 'degrades',
      fix: 'Offer dynamic client registration, or document a client ID for the Codex configuration.',
      source: LOGIN,
    },
    {
      id: 'codex.token-auth',
      kind: 'token-auth',
      does: 'Registers as a public client with `token_endpoint_auth_method: none`.',
      requirement: { kind: 'token-auth-method', method: 'none' },
      verdict: 'degrades',
      fix: 'Accept public clients (`none`) at registration and list it in `token_endpoint_auth_methods_supported`.',
      source: RMCP,
    },
    {
      id: 'codex.redirect',
      kind: 'redirect',
      does: 'Uses http://127.0.0.1:<random port>/callback/<id>, where <id> is derived from the server URL (a port or URL can be configured).',
      requirement: {
        kind: 'redirect-accepted',
        shape: 'loopback-per-server-path',
        example: 'http://127.0.0.1:51234/callback/AbCdEfGhIjKl',
      },
      verdict: 'blocks',
      fix: 'Accept loopback redirect URIs on any port and with any path the client registered.',
      source: LOGIN,
    },
  ],
};
