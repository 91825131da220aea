/**
 * `i.cimd(variant)`: the plan of the intrusive CIMD requests (./cimd.ts, CIMD10–CIMD19). One
 * authorization request per variant, to the first authorization server's `authorization_endpoint`,
 * first answer only, never followed; the document variants are src/cimd/variants.ts.
 */
import type { PlanEntry } from '../plan-entry.js';
import { UNREGISTERED_REDIRECT_URI } from './plan.js';

export const cimdProbe = (name: string): string => `i.cimd(${name})`;

const HOST =
  'with a variants host: --cimd-base URL, or the scanner’s own loopback variants server when the authorization server is on loopback';
const ADVERTISED = `${HOST}, when the authorization server advertises client_id_metadata_document_supported`;
const LOGGED = `${ADVERTISED}, with the loopback variants server only (it counts the fetches)`;

const entry = (name: string, purpose: string, when: string): PlanEntry => ({
  probe: cimdProbe(name),
  tier: 'intrusive',
  method: 'GET',
  url: '<authorization_endpoint>',
  purpose: `${purpose} (first answer only, never followed)`,
  when,
});

export const CIMD_PLAN: PlanEntry[] = [
  entry('valid', 'an S256 authorization request whose client_id is the valid document’s URL', HOST),
  entry(
    'bad-redirect',
    `the valid document’s URL with the unregistered redirect_uri ${UNREGISTERED_REDIRECT_URI} (the Location is recorded, never fetched)`,
    ADVERTISED,
  ),
  ...['mismatch', 'localhost-only', 'redirecting', 'oversized', 'invalid-json', 'no-redirects'].map((v) =>
    entry(v, `the ${v} document’s URL as client_id`, ADVERTISED),
  ),
  ...['http-scheme', 'no-path', 'userinfo', 'fragment', 'dot-segment'].map((v) =>
    entry(`url-shape:${v}`, `a malformed URL client_id (${v})`, ADVERTISED),
  ),
  ...['cache-1', 'cache-2', 'error-then-valid-1', 'error-then-valid-2'].map((v) =>
    entry(v, `the ${v.replace(/-\d$/, '')} document’s URL as client_id, request ${v.slice(-1)} of 2`, LOGGED),
  ),
  ...['loopback-v4', 'metadata-link-local', 'private-10', 'loopback-v6'].map((v) =>
    entry(
      `special-use:${v}`,
      `a URL client_id on a special-use IP host (${v}); the scanner never contacts it`,
      `${ADVERTISED}, and only with --cimd-special-use`,
    ),
  ),
];
