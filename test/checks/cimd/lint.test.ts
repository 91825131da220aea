/** CIMD50–CIMD57, the rules for a client's own metadata document: each passes on a good document and fails on its flaw. */
import { describe, expect, it } from 'vitest';

import { blockingFindings, graded, lintDocument } from '../../../src/checks/cimd/lint-document.js';
import {
  lintAuthMethod,
  lintClientIdEquality,
  lintClientIdUrl,
  lintNoPrivateKeys,
  lintNoSecret,
  lintRedirectUris,
  lintRequiredMembers,
  lintServed,
} from '../../../src/checks/cimd/lint.js';
import type { LintFinding } from '../../../src/checks/cimd/lint.js';
import type { ClientMetadataSource } from '../../../src/evidence/cimd-types.js';

const URL_ = 'https://client.example/oauth/client.json';

function source(
  doc: unknown,
  served: Partial<NonNullable<ClientMetadataSource['served']>> | null = {},
): ClientMetadataSource {
  return {
    url: URL_,
    served:
      served === null
        ? null
        : {
            status: 200,
            location: null,
            mediaType: 'application/json',
            bytes: 300,
            exchange: 'x1',
            ...served,
          },
    document: doc,
    parseError: null,
  };
}

const GOOD = {
  client_id: URL_,
  client_name: 'Example client',
  redirect_uris: ['https://client.example/cb', 'http://127.0.0.1/callback'],
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code'],
};

/** Each finding with the severity its check's meta gives it (keySeverity, else the default). */
const keys = (f: readonly LintFinding[]) =>
  graded(f).map((x) => `${x.status}:${x.where ?? x.key ?? ''}:${x.severity ?? ''}`);

describe('a good document', () => {
  it('passes every rule, and nothing blocks a login', () => {
    const all = lintDocument(source(GOOD));
    expect(all.map((f) => `${f.id}:${f.status}`)).toEqual([
      'MCPP-CIMD50:pass',
      'MCPP-CIMD51:pass',
      'MCPP-CIMD52:pass',
      'MCPP-CIMD53:pass',
      'MCPP-CIMD54:pass',
      'MCPP-CIMD55:not_applicable',
      'MCPP-CIMD56:pass',
      'MCPP-CIMD57:pass',
    ]);
    expect(blockingFindings(all)).toEqual([]);
  });
});

describe('CIMD50 client ID URL', () => {
  it.each([
    ['http://client.example/c.json', 'scheme', 'high'],
    ['https://client.example/', 'path', 'high'],
    ['https://user:pw@client.example/c.json', 'userinfo', 'high'],
    ['https://client.example/c.json#x', 'fragment', 'high'],
    ['https://client.example/a/../c.json', 'dot-segment', 'high'],
    ['https://client.example/c.json?v=1', 'query', 'low'],
    ['https://192.0.2.1/c.json', 'ip-literal', 'high'],
  ])('%s fails with %s', (url, key, severity) => {
    expect(keys(lintClientIdUrl(url))).toContain(`fail:${key}:${severity}`);
  });
});

describe('CIMD51 client_id equality', () => {
  it('fails when missing or different (a trailing slash is a difference)', () => {
    expect(keys(lintClientIdEquality(source({ ...GOOD, client_id: undefined })))).toEqual([
      'fail:missing:high',
    ]);
    expect(keys(lintClientIdEquality(source({ ...GOOD, client_id: `${URL_}/` })))).toEqual([
      'fail:mismatch:high',
    ]);
  });
});

describe('CIMD52 required members', () => {
  it('fails a body that is not an object (high) and each missing member (medium)', () => {
    expect(keys(lintRequiredMembers({ ...source(null), parseError: 'Unexpected token' }))).toEqual([
      'fail:document:high',
    ]);
    expect(
      keys(lintRequiredMembers(source({ client_id: URL_, client_name: ' ', redirect_uris: [] }))),
    ).toEqual(['fail:client_name:medium', 'fail:redirect_uris:medium']);
  });
});

describe('CIMD53 redirect URIs', () => {
  it('fails http on a public host, script schemes and wildcards; loopback-only is info', () => {
    const f = lintRedirectUris(
      source({
        ...GOOD,
        redirect_uris: ['http://evil.example/cb', 'javascript:alert(1)', 'https://*.example/cb', 'myapp:/cb'],
      }),
    );
    expect(keys(f)).toEqual([
      'fail:http://evil.example/cb:medium',
      'fail:javascript:alert(1):medium',
      'fail:https://*.example/cb:medium',
      'fail:myapp:/cb:medium',
    ]);
    expect(keys(lintRedirectUris(source({ ...GOOD, redirect_uris: ['http://127.0.0.1/callback'] })))).toEqual(
      ['fail:loopback-only:info'],
    );
    expect(keys(lintRedirectUris(source({ ...GOOD, redirect_uris: ['com.example.app:/cb'] })))).toEqual([
      'pass::',
    ]);
  });
});

describe('CIMD54 no shared secret', () => {
  it('fails a published secret (critical) and a secret-based method (high)', () => {
    expect(keys(lintNoSecret(source({ ...GOOD, client_secret: 's3cret' })))).toEqual([
      'fail:client_secret:critical',
    ]);
    expect(
      keys(lintNoSecret(source({ ...GOOD, token_endpoint_auth_method: 'client_secret_basic' }))),
    ).toEqual(['fail:method:high']);
  });
});

describe('CIMD55 no private keys', () => {
  it('fails a JWK with private members, named by kid or index', () => {
    const f = lintNoPrivateKeys(
      source({
        ...GOOD,
        jwks: {
          keys: [
            { kty: 'EC', kid: 'k1', x: 'a', y: 'b' },
            { kty: 'RSA', n: 'n', e: 'AQAB', d: 'secret' },
          ],
        },
      }),
    );
    expect(keys(f)).toEqual(['fail:1:critical']);
    expect(
      keys(lintNoPrivateKeys(source({ ...GOOD, jwks: { keys: [{ kty: 'oct', kid: 'hmac', k: 'x' }] } }))),
    ).toEqual(['fail:hmac:critical']);
    expect(
      keys(lintNoPrivateKeys(source({ ...GOOD, jwks: { keys: [{ kty: 'EC', x: 'a', y: 'b' }] } }))),
    ).toEqual(['pass::']);
  });
});

describe('CIMD56 method and keys', () => {
  it('fails an omitted method (high), private_key_jwt without keys, both key sources and http jwks_uri', () => {
    const { token_endpoint_auth_method: _m, ...noMethod } = GOOD;
    expect(keys(lintAuthMethod(source(noMethod)))).toEqual(['fail:method-omitted:high']);
    expect(keys(lintAuthMethod(source({ ...GOOD, token_endpoint_auth_method: 'private_key_jwt' })))).toEqual([
      'fail:no-keys:medium',
    ]);
    expect(
      keys(
        lintAuthMethod(
          source({
            ...GOOD,
            token_endpoint_auth_method: 'private_key_jwt',
            jwks: { keys: [] },
            jwks_uri: 'http://client.example/jwks',
          }),
        ),
      ),
    ).toEqual(['fail:both-key-sources:medium', 'fail:jwks-uri-http:medium']);
    expect(keys(lintAuthMethod(source({ ...GOOD, jwks_uri: 'https://client.example/jwks' })))).toEqual([
      'fail:unused-keys:info',
    ]);
  });
});

describe('CIMD57 served as an AS fetches it', () => {
  it('fails a redirect and a non-200 (high), a big document (medium), a wrong type (low); a file is not applicable', () => {
    expect(
      keys(lintServed(source(GOOD, { status: 302, location: 'https://elsewhere.example/c.json' }))),
    ).toEqual(['fail:redirect:high']);
    expect(keys(lintServed(source(GOOD, { status: 404 })))).toEqual(['fail:status:high']);
    expect(keys(lintServed(source(GOOD, { bytes: 6000, mediaType: 'text/plain' })))).toEqual([
      'fail:size:medium',
      'fail:content-type:low',
    ]);
    expect(lintServed(source(GOOD, null))[0]!.status).toBe('not_applicable');
  });
});

describe('blocking', () => {
  it('blocks on high and critical only', () => {
    const f = lintDocument(
      source({ ...GOOD, redirect_uris: ['http://127.0.0.1/cb'] }, { mediaType: 'text/plain' }),
    );
    expect(f.some((x) => x.status === 'fail')).toBe(true);
    expect(blockingFindings(f)).toEqual([]);
    expect(blockingFindings(lintDocument(source({ ...GOOD, client_secret: 'x' }))).map((x) => x.id)).toEqual([
      'MCPP-CIMD54',
    ]);
  });
});
