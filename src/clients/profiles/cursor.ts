/**
 * Cursor. Closed source; cursor.com/docs/mcp could not be read directly here, so the rules come from
 * vendor documentation of servers that connect Cursor (marked `secondary`) and a public issue.
 */
import type { ClientProfile } from '../types.js';
import { issue, secondary } from './sources.js';

const MITTWALD = secondary('https://developer.mittwald.de/docs/v2/mcp/getting-connected/cursor');
const PIPESHUB = secondary('https://docs.pipeshub.com/mcp/cursor');
const TOOL_LIMIT = issue('https://gitlab.com/fforster/gitlab-mcp/-/issues/36');

export const CURSOR: ClientProfile = {
  id: 'cursor',
  name: 'Cursor',
  covers: 'Cursor desktop',
  unverified: [
    'Newer Cursor desktop builds are reported to use http://localhost:8787/callback instead of the cursor:// scheme; not verified.',
    'The 40-tool limit comes from a public issue and may have changed.',
  ],
  rules: [
    {
      id: 'cursor.registration',
      kind: 'registration',
      does: 'Registers by DCR from the server URL alone; a static client (`auth.CLIENT_ID`) is the manual alternative.',
      requirement: { kind: 'registration', mechanisms: ['dcr'] },
      verdict: 'degrades',
      fix: 'Offer dynamic client registration, or hand users a client registered for cursor://anysphere.cursor-mcp/oauth/callback.',
      source: MITTWALD,
    },
    {
      id: 'cursor.discovery',
      kind: 'discovery',
      does: 'Discovers the authorization and token endpoints from the path-inserted PRM.',
      requirement: { kind: 'prm-published' },
      verdict: 'blocks',
      fix: 'Publish RFC 9728 metadata at /.well-known/oauth-protected-resource<path>.',
      source: PIPESHUB,
    },
    {
      id: 'cursor.redirect',
      kind: 'redirect',
      does: 'Uses the custom-scheme redirect cursor://anysphere.cursor-mcp/oauth/callback.',
      requirement: {
        kind: 'redirect-accepted',
        shape: 'custom-scheme',
        example: 'cursor://anysphere.cursor-mcp/oauth/callback',
      },
      verdict: 'blocks',
      fix: 'Allow the redirect URI cursor://anysphere.cursor-mcp/oauth/callback (a private-use scheme, RFC 8252 §7.1).',
      source: MITTWALD,
    },
    {
      id: 'cursor.scopes',
      kind: 'scope',
      does: 'Without configured scopes, requests every `scopes_supported` scope of the PRM.',
      requirement: { kind: 'requested-scopes-known' },
      verdict: 'degrades',
      fix: 'List in PRM `scopes_supported` only scopes the authorization server issues.',
      source: PIPESHUB,
    },
    {
      id: 'cursor.tool-count',
      kind: 'tool-surface',
      does: 'Offers the model at most 40 tools across servers.',
      requirement: { kind: 'tool-count', max: 40 },
      verdict: 'degrades',
      fix: 'Expose fewer tools (group them, or make some optional).',
      source: TOOL_LIMIT,
    },
  ],
};
