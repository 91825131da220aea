/** ChatGPT (apps and connectors), from OpenAI's authentication guide and a public pull request. */
import type { ClientProfile } from '../types.js';
import { doc, issue } from './sources.js';

const AUTH = doc('https://developers.openai.com/plugins/build/auth');
const AUTH_APPS_SDK = doc('https://developers.openai.com/apps-sdk/build/auth');
const REDIRECTS = issue('https://github.com/makeplane/plane-mcp-server/pull/165');

export const CHATGPT: ClientProfile = {
  id: 'chatgpt',
  name: 'ChatGPT',
  covers: 'ChatGPT apps and connectors (web and desktop)',
  unverified: [
    'Transport fallbacks, tool-name and tool-count limits are not documented on the pages read.',
    'Which registration ChatGPT prefers when both CIMD and DCR are offered was read only from third parties.',
  ],
  rules: [
    {
      id: 'chatgpt.https',
      kind: 'network',
      does: 'Expects the protected-resource metadata, and so the server, at an https URL.',
      requirement: { kind: 'https-endpoint' },
      verdict: 'blocks',
      fix: 'Serve the MCP endpoint and its metadata over https with a publicly trusted certificate.',
      source: AUTH_APPS_SDK,
    },
    {
      id: 'chatgpt.prm',
      kind: 'discovery',
      does: 'Reads protected-resource metadata from the well-known URI or the 401 challenge; there is no fallback.',
      requirement: { kind: 'prm-published' },
      verdict: 'blocks',
      fix: 'Serve RFC 9728 metadata at /.well-known/oauth-protected-resource and name it in the challenge.',
      source: AUTH,
    },
    {
      id: 'chatgpt.as-metadata',
      kind: 'discovery',
      does: "Reads the authorization server's RFC 8414 or OpenID metadata.",
      requirement: { kind: 'as-metadata', fallback: 'none' },
      verdict: 'blocks',
      fix: 'Publish authorization-server metadata for the issuer the PRM names.',
      source: AUTH,
    },
    {
      id: 'chatgpt.registration',
      kind: 'registration',
      does: 'Identifies itself by CIMD or registers by DCR; a predefined OAuth client is the manual alternative.',
      requirement: { kind: 'registration', mechanisms: ['cimd', 'dcr'] },
      verdict: 'degrades',
      fix: 'Advertise `client_id_metadata_document_supported: true` or a `registration_endpoint`, or configure a predefined client.',
      source: AUTH,
    },
    {
      id: 'chatgpt.pkce',
      kind: 'pkce',
      does: 'Needs PKCE support advertised in the metadata.',
      requirement: { kind: 'pkce-s256', absent: 'refuse' },
      verdict: 'blocks',
      fix: 'List S256 in `code_challenge_methods_supported`.',
      source: AUTH_APPS_SDK,
    },
    {
      id: 'chatgpt.redirect',
      kind: 'redirect',
      does: 'Redirects to a per-connector https callback (https://chatgpt.com/connector/oauth/<id>) or the older fixed one.',
      requirement: {
        kind: 'redirect-accepted',
        shape: 'https-fixed',
        example: 'https://chatgpt.com/connector/oauth/abc123',
      },
      verdict: 'blocks',
      fix: 'Allow https://chatgpt.com/connector/oauth/* and https://chatgpt.com/connector_platform_oauth_redirect.',
      source: REDIRECTS,
    },
  ],
};
