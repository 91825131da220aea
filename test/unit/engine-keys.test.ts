/**
 * The engine's contract checks around `meta.keys` and `meta.requires`: an undeclared key is an
 * `error` result, a `<name>` entry admits computed keys, a check reads only the sections it
 * requires, and a required section that is missing (or stale) gets the standard non-verdict.
 */
import { describe, expect, it } from 'vitest';

import type { Check, CheckMeta, SectionRequirement } from '../../src/checks/define-check.js';
import { defineCheck } from '../../src/checks/define-check.js';
import { declaresKey } from '../../src/engine/declared-keys.js';
import { evaluateCheck } from '../../src/engine/evaluate-check.js';
import { evidence } from '../helpers/evidence.js';
import { authWalled, modernEvidence } from '../helpers/modern.js';
import { oauthEvidence } from '../helpers/oauth.js';
import { TEST_CHECK_META } from '../helpers/test-check-meta.js';

const META: Omit<CheckMeta, 'keys' | 'requires'> = { ...TEST_CHECK_META, revisions: 'any' };

/** A check that fails with `key` and declares `keys`. */
function failingWith(key: string, keys: Record<string, string>): Check {
  return defineCheck({
    meta: { ...META, requires: ['detection'], keys },
    evaluate: (_ev, ctx) => ctx.fail('failed', [], { key }),
  });
}

describe('declared result keys', () => {
  it('accepts a declared key', () => {
    const [r] = evaluateCheck(failingWith('served', { served: 'served when it must not be' }), evidence());
    expect(r?.status).toBe('fail');
    expect(r?.key).toBe('served');
  });

  it('turns an undeclared key into an error result', () => {
    const [r] = evaluateCheck(failingWith('other', { served: 'served' }), evidence());
    expect(r?.status).toBe('error');
    expect(r?.message).toContain('undeclared key "other"');
  });

  it('accepts any key when a `<name>` class of keys is declared', () => {
    const check = failingWith('read:tools', { '<scope>': 'the scope the server advertised' });
    const [r] = evaluateCheck(check, evidence());
    expect(r?.status).toBe('fail');
    expect(r?.key).toBe('read:tools');
  });

  it('reads `<name>` parts as patterns and everything else literally', () => {
    expect(declaresKey({ '<scope>': 'x' }, 'anything')).toBe(true);
    expect(declaresKey({ scope: 'x' }, 'anything')).toBe(false);
    expect(declaresKey({ '<>': 'x' }, 'anything')).toBe(false);
    expect(declaresKey({ 'GET-<status>': 'x' }, 'GET-404')).toBe(true);
    expect(declaresKey({ 'GET-<status>': 'x' }, 'DELETE-404')).toBe(false);
    expect(declaresKey({ 'GET-<status>': 'x' }, 'GET-')).toBe(false);
    expect(declaresKey({ '<method>:served': 'x' }, 'a.b:served')).toBe(true);
    expect(declaresKey({ '<method>:served': 'x' }, 'a.b:code')).toBe(false);
    // Regular-expression characters in the literal parts are literal.
    expect(declaresKey({ 'a.b-<n>': 'x' }, 'aXb-1')).toBe(false);
  });

  it('rejects a key that matches no pattern', () => {
    const [r] = evaluateCheck(failingWith('DELETE-500', { 'GET-<status>': 'GET answered' }), evidence());
    expect(r?.status).toBe('error');
  });

  it('lets keyless verdicts through whatever is declared', () => {
    const check = defineCheck({
      meta: { ...META, requires: ['detection'], keys: {} },
      evaluate: (_ev, ctx) => ctx.pass('fine'),
    });
    expect(evaluateCheck(check, evidence()).map((r) => r.status)).toEqual(['pass']);
  });
});

describe('required sections', () => {
  const reading = (requires: readonly SectionRequirement[], read: (ev: object) => unknown): Check =>
    defineCheck({
      meta: { ...META, requires, keys: {} },
      evaluate: (ev, ctx) => (read(ev) === undefined ? ctx.fail('undefined') : ctx.pass('read')),
    });

  it('hands over only the sections a check requires', () => {
    const check = defineCheck({
      meta: { ...META, requires: ['detection', 'sessions?'], keys: {} },
      evaluate: (ev, ctx) => ctx.pass(Object.keys(ev).sort().join(',')),
    });
    expect(evaluateCheck(check, evidence())[0]?.message).toBe('detection,sessions');
  });

  it('hands over an optional section as null when it is absent', () => {
    const check = reading(['sse?'], (ev) => (ev as { sse: unknown }).sse ?? undefined);
    expect(evaluateCheck(check, evidence())[0]?.status).toBe('fail');
  });

  it('answers for a missing required section without calling the check', () => {
    const check = defineCheck({
      meta: { ...META, requires: ['sessions'], keys: {} },
      evaluate: () => {
        throw new Error('called');
      },
    });
    const walled = evaluateCheck(check, modernEvidence(authWalled));
    expect(walled.map((r) => [r.status, r.reason])).toEqual([['inconclusive', 'auth_wall']]);
    const modernOnly = evaluateCheck(check, modernEvidence());
    expect(modernOnly.map((r) => [r.status, r.reason])).toEqual([['inconclusive', 'ambiguous']]);
  });

  it('treats a modern section from before the widened probes as missing', () => {
    const check = reading(['modern'], (ev) => ev);
    const stale = modernEvidence((ev) => {
      Object.assign(ev, { modern: { versionBad: ev.modern!.versionBad } });
    });
    const [r] = evaluateCheck(check, stale);
    expect([r?.status, r?.reason, r?.message]).toEqual([
      'inconclusive',
      'ambiguous',
      'The evidence predates the modern-wire probes this check reads.',
    ]);
    expect(evaluateCheck(check, modernEvidence())[0]?.status).toBe('pass');
  });

  it('treats an OAuth chain without an authorization signal as missing (a chain walked for a token)', () => {
    const check = reading(['oauth'], (ev) => ev);
    const walked = oauthEvidence((_d, _b, ev) => {
      ev.auth = { inUse: false, signals: [] };
    });
    expect(evaluateCheck(check, walked).map((r) => [r.status, r.reason])).toEqual([
      ['not_applicable', 'no_auth'],
    ]);
    expect(evaluateCheck(check, oauthEvidence())[0]?.status).toBe('pass');
    const signalOnly = evidence((ev) => {
      ev.auth = { inUse: true, signals: ['published PRM'] };
    });
    expect(evaluateCheck(check, signalOnly).map((r) => [r.status, r.reason])).toEqual([
      ['inconclusive', 'probe_unavailable'],
    ]);
  });

  it('gives a check the standard answer for an optional section it needs after all (ctx.absent)', () => {
    const check = defineCheck({
      meta: { ...META, requires: ['sessions?'], keys: {} },
      evaluate: (ev, ctx) => (ev.sessions ? ctx.pass('session') : ctx.absent('sessions')),
    });
    expect(evaluateCheck(check, evidence())[0]?.status).toBe('pass');
    expect(evaluateCheck(check, modernEvidence(authWalled)).map((r) => [r.status, r.reason])).toEqual([
      ['inconclusive', 'auth_wall'],
    ]);
    expect(evaluateCheck(check, modernEvidence()).map((r) => [r.status, r.reason])).toEqual([
      ['inconclusive', 'ambiguous'],
    ]);
  });
});
