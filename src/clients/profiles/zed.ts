/** Zed: its context-server OAuth module at a commit, and its MCP documentation. */
import type { ClientProfile } from '../types.js';
import { code, doc } from './sources.js';

const OAUTH = code(
  'https://github.com/zed-industries/zed/blob/04afc35b962e43e4e7b087a6c7a260e9f6f8f1de/crates/context_server/src/oauth.rs',
  'commit 04afc35b',
);
const DOCS = doc('https://github.com/zed-industries/zed/blob/main/docs/src/ai/mcp.md');

export const ZED: ClientProfile = {
  id: 'zed',
  name: 'Zed',
  covers: 'Zed editor (context servers)',
  unverified: ['Whether Zed falls back to HTTP+SSE was not read; the transport rule is not modelled.'],
  rules: [
    {
      id: 'zed.prm',
      kind: 'discovery',
      does: 'Requires PRM (challenge URL, then path-inserted and root well-known URIs) listing at least one authorization server.',
      requirement: { kind: 'prm-published' },
      verdict: 'blocks',
      fix: 'Publish RFC 9728 metadata with `authorization_servers` at the well-known URI and in the challenge.',
      source: OAUTH,
    },
    {
      id: 'zed.as-metadata',
      kind: 'discovery',
      does: "Fetches the PRM's authorization-server metadata (RFC 8414 or OpenID, path-aware); no fallback.",
      requirement: { kind: 'as-metadata', fallback: 'none' },
      verdict: 'blocks',
      fix: 'Serve RFC 8414 or OpenID metadata for the issuer the PRM names.',
      source: OAUTH,
    },
    {
      id: 'zed.issuer',
      kind: 'discovery',
      does: "Refuses metadata whose `issuer` differs from the PRM's authorization server URL.",
      requirement: { kind: 'issuer-matches' },
      verdict: 'blocks',
      fix: 'Make the PRM `authorization_servers` entry exactly the `issuer` of the metadata.',
      source: OAUTH,
    },
    {
      id: 'zed.resource-metadata-origin',
      kind: 'discovery',
      does: 'Ignores a cross-origin `resource_metadata` URL and tries only the well-known URIs.',
      requirement: { kind: 'same-origin-resource-metadata' },
      verdict: 'blocks',
      fix: 'Serve PRM on the MCP origin (path-inserted or root well-known URI).',
      source: OAUTH,
    },
    {
      id: 'zed.registration',
      kind: 'registration',
      does: 'Uses its CIMD URL when `client_id_metadata_document_supported` is true, else DCR.',
      requirement: { kind: 'registration', mechanisms: ['cimd', 'dcr'] },
      verdict: 'degrades',
      fix: 'Offer CIMD or dynamic client registration, or give users a pre-registered client ID.',
      source: OAUTH,
    },
    {
      id: 'zed.token-auth',
      kind: 'token-auth',
      does: 'Registers by DCR as a public client (`none`).',
      requirement: { kind: 'token-auth-method', method: 'none' },
      verdict: 'degrades',
      fix: 'Accept public clients (`none`) at registration and advertise it.',
      source: OAUTH,
    },
    {
      id: 'zed.redirect',
      kind: 'redirect',
      does: 'Registers the exact loopback URI with its ephemeral port, http://127.0.0.1:<port>/callback.',
      requirement: {
        kind: 'redirect-accepted',
        shape: 'loopback-random-port',
        example: 'http://127.0.0.1:52011/callback',
      },
      verdict: 'blocks',
      fix: 'Accept loopback redirect URIs on any port.',
      source: OAUTH,
    },
    {
      id: 'zed.scopes',
      kind: 'scope',
      does: "Requests the challenge's `scope`, else the PRM `scopes_supported`.",
      requirement: { kind: 'requested-scopes-known' },
      verdict: 'degrades',
      fix: 'List in PRM `scopes_supported` only scopes the authorization server issues.',
      source: OAUTH,
    },
    {
      id: 'zed.primitives',
      kind: 'tool-surface',
      does: 'Uses tools and prompts; resources are not used.',
      requirement: { kind: 'primitives-used', uses: ['tools', 'prompts'] },
      verdict: 'degrades',
      fix: 'Expose what Zed users need as tools or prompts.',
      source: DOCS,
    },
  ],
};
