/** The scan's credentials as one object: bound to one origin, redacted when shown, decoded once. */
import { inspect } from 'node:util';

import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { NARROW_TOKEN_SET, ScanCredentials, SECOND_TOKEN_SET } from '../../src/probe/credentials.js';

const ORIGIN = 'https://mcp.example.test';
const TOKEN = 'tok-0123456789abcdef';
const jwt = (claims: Record<string, unknown>) => new UnsecuredJWT(claims).encode();

describe('ScanCredentials', () => {
  it('puts the token in a header for its own origin only and refuses any other', () => {
    const c = new ScanCredentials({ token: TOKEN, headers: { 'x-api-key': 'key-123456' } }, ORIGIN);
    expect(c.headersFor(ORIGIN)).toEqual({ 'x-api-key': 'key-123456', authorization: `Bearer ${TOKEN}` });
    for (const other of ['https://mcp.example.test:8443', 'http://mcp.example.test', 'https://evil.test'])
      expect(() => c.headersFor(other)).toThrow(RangeError);
    expect(() => c.inQuery(new URL('https://evil.test/mcp'))).toThrow(RangeError);
  });

  it('gives the one query-string form for its own URL, and none without a token', () => {
    const c = new ScanCredentials({ token: TOKEN }, ORIGIN);
    const u = new URL(`${ORIGIN}/mcp?a=1`);
    expect(c.inQuery(u)).toBe(`${ORIGIN}/mcp?a=1&access_token=${TOKEN}`);
    expect(u.href).toBe(`${ORIGIN}/mcp?a=1`);
    expect(new ScanCredentials({ headers: { 'x-k': 'v' } }, ORIGIN).inQuery(u)).toBeNull();
  });

  it('never shows a secret in toString, JSON or inspect', () => {
    const c = new ScanCredentials(
      {
        token: TOKEN,
        secondToken: 'second-abcdef123',
        narrowToken: 'narrow-abcdef123',
        headers: { 'x-k': 'hdr-secret-1' },
      },
      ORIGIN,
    );
    for (const shown of [String(c), c.toString(), JSON.stringify(c), JSON.stringify({ c }), inspect(c)]) {
      for (const secret of [TOKEN, 'second-abcdef123', 'narrow-abcdef123', 'hdr-secret-1'])
        expect(shown).not.toContain(secret);
      expect(shown).toMatch(/REDACTED|"redacted":true/);
    }
    expect(JSON.parse(JSON.stringify(c))).toMatchObject({
      present: true,
      bearer: true,
      second: true,
      narrow: true,
    });
  });

  it('says what is present', () => {
    expect(ScanCredentials.none(ORIGIN)).toMatchObject({ present: false, bearer: false, kind: 'none' });
    const headersOnly = new ScanCredentials({ headers: { 'x-k': 'v' } }, ORIGIN);
    expect([headersOnly.present, headersOnly.bearer]).toEqual([true, false]);
    const c = new ScanCredentials({ token: TOKEN, narrowToken: 'n-0123456789' }, ORIGIN);
    expect([c.has('user'), c.has(SECOND_TOKEN_SET), c.has(NARROW_TOKEN_SET)]).toEqual([true, false, true]);
    expect(c.forClient()).toEqual({
      origin: ORIGIN,
      headers: { authorization: `Bearer ${TOKEN}` },
      alternates: { [NARROW_TOKEN_SET]: { authorization: 'Bearer n-0123456789' } },
    });
  });

  it('decodes the claims once, at construction, and reuses them', () => {
    const c = new ScanCredentials(
      { token: jwt({ sub: 'u1', aud: 'x' }), secondToken: 'opaque-1234' },
      ORIGIN,
    );
    expect(c.kind).toBe('jwt');
    expect(c.claims).toMatchObject({ sub: 'u1', aud: 'x' });
    expect(c.claims).toBe(c.claims);
    expect(c.shape('user')).toEqual({ kind: 'jwt', claims: c.claims });
    expect(c.shape('user')!.claims).toBe(c.claims);
    expect(c.shape(SECOND_TOKEN_SET)).toEqual({ kind: 'opaque', claims: null });
    expect(c.shape(SECOND_TOKEN_SET)).toBe(c.shape(SECOND_TOKEN_SET));
    expect(c.shape(NARROW_TOKEN_SET)).toBeNull();
    expect(Object.isFrozen(c)).toBe(true);
  });
});
