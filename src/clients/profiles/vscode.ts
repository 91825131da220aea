/** VS Code (the built-in MCP support of the workbench), read from its source at two commits. */
import type { ClientProfile } from '../types.js';
import { code } from './sources.js';

const HTTP_HANDLE = code(
  'https://github.com/microsoft/vscode/blob/000d38288339b1052517569a7f1a8af39ad10bba/src/vs/workbench/api/common/extHostMcp.ts',
  'commit 000d3828',
);
const OAUTH = code(
  'https://github.com/microsoft/vscode/blob/05f882b02c51633f2e1e8252722f8c3b626d74a9/src/vs/base/common/oauth.ts',
  'commit 05f882b0',
);

export const VSCODE: ClientProfile = {
  id: 'vscode',
  name: 'VS Code',
  covers: 'VS Code desktop (the workbench MCP support)',
  unverified: [
    'Client ID Metadata Document support: not found in the two source files read; only DCR is modelled.',
    'The per-request tool limit (reported as 128 by third parties) was not read in the source.',
    'The prompt for a client ID when an authorization server offers no DCR was not read in the source; the registration rule assumes it (`degrades`).',
  ],
  rules: [
    {
      id: 'vscode.transport',
      kind: 'transport',
      does: 'Runs local stdio servers and speaks Streamable HTTP, falling back to the HTTP+SSE stream.',
      requirement: { kind: 'transport', accepts: ['streamable-http', 'http+sse', 'stdio'] },
      verdict: 'blocks',
      fix: 'Serve Streamable HTTP (or HTTP+SSE) at the configured URL.',
      source: HTTP_HANDLE,
    },
    {
      id: 'vscode.sse-fallback',
      kind: 'transport',
      does: 'POSTs first; any 4xx other than 401/403 makes it GET the URL as a legacy SSE stream.',
      requirement: { kind: 'legacy-sse-fallback', on: 'any-4xx' },
      verdict: 'blocks',
      fix: 'Answer a POST to the SSE URL with a 4xx (405 is usual) so the client switches to the event stream.',
      source: HTTP_HANDLE,
    },
    {
      id: 'vscode.discovery',
      kind: 'discovery',
      does: "Starts login on 401 or 403; reads PRM from the challenge or the well-known URIs, then the PRM's authorization server; falls back to metadata at the MCP origin and finally to default /authorize, /token, /register there.",
      requirement: { kind: 'as-metadata', fallback: 'origin-defaults' },
      verdict: 'blocks',
      fix: 'Publish PRM naming the authorization server, and RFC 8414 metadata at that server.',
      source: HTTP_HANDLE,
    },
    {
      id: 'vscode.registration',
      kind: 'registration',
      does: 'Registers itself by dynamic client registration (public client, `none` auth, native application).',
      requirement: { kind: 'registration', mechanisms: ['dcr'] },
      verdict: 'degrades',
      fix: 'Offer open dynamic client registration (`registration_endpoint`), or give users a client ID to enter.',
      source: OAUTH,
    },
    {
      id: 'vscode.redirect-loopback',
      kind: 'redirect',
      does: 'Registers https://vscode.dev/redirect, http://127.0.0.1/ (no port) and http://127.0.0.1:33418/ and uses a loopback port at login.',
      requirement: { kind: 'redirect-accepted', shape: 'loopback-random-port', example: 'http://127.0.0.1/' },
      verdict: 'blocks',
      fix: 'Accept loopback redirect URIs on any port (RFC 8252 §7.3), including a registered URI without a port.',
      source: OAUTH,
    },
    {
      id: 'vscode.scopes',
      kind: 'scope',
      does: "Requests the challenge's `scope`, else every `scopes_supported` scope of the PRM.",
      requirement: { kind: 'requested-scopes-known' },
      verdict: 'degrades',
      fix: 'List in PRM `scopes_supported` only scopes the authorization server issues, or name the scope in the challenge.',
      source: HTTP_HANDLE,
    },
  ],
};
