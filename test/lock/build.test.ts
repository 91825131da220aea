/** The lock entry built from typed evidence: what is recorded, what never is. */
import { describe, expect, it } from 'vitest';

import type { ListingEvidence, Probe } from '../../src/evidence/types.js';
import { buildEntry } from '../../src/lock/build.js';
import { evidence } from '../helpers/evidence.js';
import { goodAsMetadata, ISSUER, oauthEvidence, PRM_URL } from '../helpers/oauth.js';

const listing = (items: unknown[]): Probe<ListingEvidence> => ({
  kind: 'ok',
  value: { items, pages: 1, truncated: false, replies: [] },
  exchanges: [],
});
const failed: Probe<ListingEvidence> = {
  kind: 'failed',
  error: { code: 'timeout', message: 't' },
  exchanges: [],
};

describe('buildEntry', () => {
  it('records the OAuth side of an auth-walled target, without its surface, with sorted lists', () => {
    const ev = oauthEvidence((d) => {
      d.authorizationServers.splice(0, 1);
    });
    const withAs = oauthEvidence();
    const e = buildEntry(withAs, [
      { issuer: ISSUER, uri: `${ISSUER}/jwks`, thumbprints: ['b', 'a'], error: null, exchanges: [] },
    ]);
    expect(e.listable).toBe(false);
    expect(e.surface).toBeNull();
    expect(e.protocol.authRequired).toBe(true);
    expect(e.protocol.transport).toBeNull();
    expect(e.protectedResource!.fields).toEqual({
      resource: 'http://127.0.0.1:3000/mcp',
      authorization_servers: [ISSUER],
      scopes_supported: ['mcp:resources', 'mcp:tools'],
      bearer_methods_supported: ['header'],
      resource_metadata: PRM_URL,
      scope: 'mcp:tools',
    });
    const as = e.authorizationServers[ISSUER]!;
    // Only the pinned members: not scopes_supported or token_endpoint_auth_methods_supported.
    expect(Object.keys(as.fields).sort()).toEqual([
      'authorization_endpoint',
      'authorization_response_iss_parameter_supported',
      'client_id_metadata_document_supported',
      'code_challenge_methods_supported',
      'grant_types_supported',
      'issuer',
      'jwks_uri',
      'response_types_supported',
      'token_endpoint',
    ]);
    expect(as.fields['issuer']).toBe(goodAsMetadata()['issuer']);
    expect(as.jwks).toEqual({ uri: `${ISSUER}/jwks`, thumbprints: ['b', 'a'] });
    expect(buildEntry(ev, []).authorizationServers).toEqual({});
  });

  it('never records a token or its claims', () => {
    const ev = oauthEvidence((d) => {
      d.tokenClaims = { sub: 'alice', secret: 'claim-secret' };
      d.tokenKind = 'jwt';
    });
    expect(JSON.stringify(buildEntry(ev, []))).not.toMatch(/alice|claim-secret/);
  });

  it('records the surface of a listed server; a failed listing marks its kind incomplete', () => {
    const ev = evidence((e) => {
      e.inventory = {
        tools: listing([
          { name: 'b', description: 'B' },
          { name: 'a' },
          { name: 'a', description: 'dup' },
          'junk',
          JSON.parse('{"name":"__proto__","description":"P"}'),
        ]),
        prompts: failed,
        resources: listing([{ uri: 'x://1', name: 'one' }]),
        resourceTemplates: listing([]),
        serverInfo: { name: 's', version: '1' },
        instructions: 'Hi',
      };
    });
    const e = buildEntry(ev, []);
    expect(e.listable).toBe(true);
    expect(Object.keys(e.surface!.tools)).toEqual(['b', 'a', '__proto__']);
    expect(Object.getPrototypeOf(e.surface!.tools)).toBe(Object.prototype);
    expect(e.surface!.tools['a']!.definition).toEqual({ name: 'a' });
    expect(e.surface!.incomplete).toEqual(['prompt']);
    expect(e.surface!.instructions!.text).toBe('Hi');
    expect(e.protocol.revisions).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
    expect(e.protocol.authRequired).toBe(false);
  });
});
