/** Windsurf (Cascade), from its MCP documentation. */
import type { ClientProfile } from '../types.js';
import { doc } from './sources.js';

const DOCS = doc('https://docs.windsurf.com/windsurf/cascade/mcp');

export const WINDSURF: ClientProfile = {
  id: 'windsurf',
  name: 'Windsurf',
  covers: 'Windsurf editor (Cascade)',
  unverified: [
    'The OAuth flow (registration, redirect URI, discovery order) is not documented on the page read: no OAuth rule is modelled.',
    'A total tool limit is reported by third parties but was not found on the page read.',
  ],
  rules: [
    {
      id: 'windsurf.transport',
      kind: 'transport',
      does: 'Speaks stdio, Streamable HTTP and SSE, each with OAuth.',
      requirement: { kind: 'transport', accepts: ['stdio', 'streamable-http', 'http+sse'] },
      verdict: 'blocks',
      fix: 'Serve Streamable HTTP at a URL ending in the endpoint path.',
      source: DOCS,
    },
  ],
};
