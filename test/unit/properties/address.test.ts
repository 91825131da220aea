/**
 * The address classifier under every textual form a hostile document can use for one IPv4
 * destination: IPv4-mapped, NAT64 and 6to4 IPv6, brackets, zone ids, upper case. A form that
 * classified differently from the address it reaches would be an SSRF bypass.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { canonicalAddress, classifyAddress, decideAddress } from '../../../src/probe/http/address-policy.js';
import type { PolicyContext } from '../../../src/probe/http/address-policy.js';

const octets = fc.tuple(
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
);
/** Biased towards the interesting ranges: loopback, private, link-local, metadata. */
const interesting = fc.oneof(
  octets,
  fc.constantFrom<[number, number, number, number]>(
    [127, 0, 0, 1],
    [169, 254, 169, 254],
    [10, 0, 0, 1],
    [172, 16, 0, 1],
    [192, 168, 1, 1],
    [100, 64, 0, 1],
    [0, 0, 0, 0],
    [255, 255, 255, 255],
    [8, 8, 8, 8],
  ),
);

const hex = (n: number): string => n.toString(16);
const groups = ([a, b, c, d]: readonly number[]): [string, string] => [
  hex((a! << 8) | b!),
  hex((c! << 8) | d!),
];

/** IPv6 spellings that reach the same IPv4 host. */
function spellings(o: readonly number[]): string[] {
  const dotted = o.join('.');
  const [hi, lo] = groups(o);
  return [
    `::ffff:${dotted}`,
    `::FFFF:${dotted}`,
    `[::ffff:${dotted}]`,
    `::ffff:${hi}:${lo}`,
    `0:0:0:0:0:ffff:${hi}:${lo}`,
    `64:ff9b::${dotted}`,
    `64:ff9b::${hi}:${lo}`,
    `2002:${hi}:${lo}::1`,
    `2002:${hi.toUpperCase()}:${lo}:0:0:0:0:0`,
  ];
}

const CONTEXTS: readonly PolicyContext[] = [
  { targetScope: 'public', targetAddresses: ['203.0.113.10'], allowPrivate: false },
  { targetScope: 'loopback', targetAddresses: ['127.0.0.1'], allowPrivate: false },
  { targetScope: 'private', targetAddresses: ['10.0.0.5'], allowPrivate: false },
  { targetScope: 'public', targetAddresses: ['203.0.113.10'], allowPrivate: true },
];

describe('address classifier properties', () => {
  it('every IPv6 spelling of an IPv4 destination classifies like the IPv4 address', () => {
    fc.assert(
      fc.property(interesting, (o) => {
        const expected = classifyAddress(o.join('.'));
        for (const s of spellings(o)) expect(classifyAddress(s), s).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('the deprecated IPv4-compatible form (::a.b.c.d) does too, apart from :: and ::1 themselves', () => {
    fc.assert(
      fc.property(interesting, (o) => {
        fc.pre(o[0] !== 0);
        expect(classifyAddress(`::${o.join('.')}`)).toBe(classifyAddress(o.join('.')));
      }),
    );
  });

  it('a zone id or brackets never change the scope of an IPv6 address', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map(hex);
    const v6 = fc.array(group, { minLength: 8, maxLength: 8 }).map((g) => g.join(':'));
    fc.assert(
      fc.property(v6, fc.stringMatching(/^[a-z0-9]{1,8}$/), (ip, zone) => {
        const scope = classifyAddress(ip);
        expect(classifyAddress(`${ip}%${zone}`)).toBe(scope);
        expect(classifyAddress(`[${ip}]`)).toBe(scope);
        expect(classifyAddress(ip.toUpperCase())).toBe(scope);
      }),
    );
  });

  it('canonicalAddress is idempotent and folds IPv4-mapped spellings to the dotted form', () => {
    fc.assert(
      fc.property(interesting, (o) => {
        const dotted = o.join('.');
        const [hi, lo] = groups(o);
        for (const s of [dotted, `::ffff:${dotted}`, `[::ffff:${hi}:${lo}]`]) {
          expect(canonicalAddress(s)).toBe(dotted);
          expect(canonicalAddress(canonicalAddress(s))).toBe(canonicalAddress(s));
        }
      }),
    );
  });

  it('the policy decides every spelling of one destination alike, in every context', () => {
    fc.assert(
      fc.property(interesting, fc.constantFrom(...CONTEXTS), (o, ctx) => {
        const expected = decideAddress(o.join('.'), ctx).allowed;
        for (const s of spellings(o)) expect(decideAddress(s, ctx).allowed, s).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('a public target never reaches link-local (cloud metadata) or private space without --allow-private', () => {
    fc.assert(
      fc.property(interesting, (o) => {
        const scope = classifyAddress(o.join('.'));
        fc.pre(scope !== 'public');
        for (const s of [o.join('.'), ...spellings(o)])
          expect(decideAddress(s, CONTEXTS[0]!).allowed, s).toBe(false);
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        classifyAddress(s);
        canonicalAddress(s);
        for (const ctx of CONTEXTS) decideAddress(s, ctx);
      }),
    );
  });
});
