import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalAddress,
  classifyAddress,
  decideAddress,
  decideAddresses,
} from '../../../src/probe/http/address-policy.js';
import type { PolicyContext } from '../../../src/probe/http/address-policy.js';

const octet = fc.integer({ min: 0, max: 255 });
const v4 = (a: fc.Arbitrary<number>, b: fc.Arbitrary<number> = octet): fc.Arbitrary<string> =>
  fc.tuple(a, b, octet, octet).map((o) => o.join('.'));
const anyV4 = v4(octet);
const hex16 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
/** A full eight-group IPv6 address whose first group comes from `first`. */
const v6 = (first: fc.Arbitrary<number>): fc.Arbitrary<string> =>
  fc
    .tuple(first, fc.array(hex16, { minLength: 7, maxLength: 7 }))
    .map(([f, rest]) => [f.toString(16), ...rest].join(':'));

describe('classifyAddress', () => {
  it('every 10.x.y.z, 172.16-31.x.y, 192.168.x.y and 100.64/10 is private', () => {
    fc.assert(fc.property(v4(fc.constant(10)), (ip) => classifyAddress(ip) === 'private'));
    fc.assert(
      fc.property(
        v4(fc.constant(172), fc.integer({ min: 16, max: 31 })),
        (ip) => classifyAddress(ip) === 'private',
      ),
    );
    fc.assert(fc.property(v4(fc.constant(192), fc.constant(168)), (ip) => classifyAddress(ip) === 'private'));
    fc.assert(
      fc.property(
        v4(fc.constant(100), fc.integer({ min: 64, max: 127 })),
        (ip) => classifyAddress(ip) === 'private',
      ),
    );
  });

  it('every 127.x.y.z is loopback, also IPv4-mapped', () => {
    fc.assert(fc.property(v4(fc.constant(127)), (ip) => classifyAddress(ip) === 'loopback'));
    fc.assert(fc.property(v4(fc.constant(127)), (ip) => classifyAddress(`::ffff:${ip}`) === 'loopback'));
  });

  it('169.254/16 is link-local, 0/8 and 224/3 are unknown', () => {
    fc.assert(
      fc.property(v4(fc.constant(169), fc.constant(254)), (ip) => classifyAddress(ip) === 'link-local'),
    );
    fc.assert(fc.property(v4(fc.constant(0)), (ip) => classifyAddress(ip) === 'unknown'));
    fc.assert(fc.property(v4(fc.integer({ min: 224, max: 255 })), (ip) => classifyAddress(ip) === 'unknown'));
  });

  it('an IPv4-mapped IPv6 address classifies like its IPv4 address, in dotted and hex form', () => {
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), (o) => {
        const dotted = o.join('.');
        const hex = `::ffff:${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
        const scope = classifyAddress(dotted);
        return classifyAddress(`::ffff:${dotted}`) === scope && classifyAddress(hex) === scope;
      }),
    );
  });

  it('fe80::/10 is link-local, fc00::/7 private, ff00::/8 unknown', () => {
    fc.assert(
      fc.property(v6(fc.integer({ min: 0xfe80, max: 0xfebf })), (ip) => classifyAddress(ip) === 'link-local'),
    );
    fc.assert(
      fc.property(v6(fc.integer({ min: 0xfc00, max: 0xfdff })), (ip) => classifyAddress(ip) === 'private'),
    );
    fc.assert(
      fc.property(v6(fc.integer({ min: 0xff00, max: 0xffff })), (ip) => classifyAddress(ip) === 'unknown'),
    );
  });

  it('never throws and always answers a scope, whatever the input', () => {
    const scopes = new Set(['loopback', 'private', 'link-local', 'public', 'unknown']);
    fc.assert(fc.property(fc.string(), (s) => scopes.has(classifyAddress(s))));
  });

  it.each([
    ['8.8.8.8', 'public'],
    ['203.0.113.10', 'public'],
    ['172.15.0.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.63.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['169.254.169.254', 'link-local'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unknown'],
    ['fe80::1%eth0', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'], // NAT64 to the metadata address
    ['2002:7f00:1::', 'loopback'], // 6to4 wrapping 127.0.0.1
    ['2606:4700::1111', 'public'],
    ['255.255.255.255', 'unknown'],
    ['localhost', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (ip, scope) => {
    expect(classifyAddress(ip)).toBe(scope);
  });

  it('canonicalAddress folds IPv4-mapped forms', () => {
    expect(canonicalAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalAddress('[::FFFF:7f00:1]')).toBe('127.0.0.1');
    expect(canonicalAddress('0:0:0:0:0:0:0:1')).toBe(canonicalAddress('::1'));
  });
});

describe('decideAddress', () => {
  const publicTarget: PolicyContext = {
    targetScope: 'public',
    targetAddresses: ['203.0.113.10'],
    allowPrivate: false,
  };
  const loopbackTarget: PolicyContext = {
    targetScope: 'loopback',
    targetAddresses: ['127.0.0.1'],
    allowPrivate: false,
  };
  const privateTarget: PolicyContext = {
    targetScope: 'private',
    targetAddresses: ['10.0.0.5'],
    allowPrivate: false,
  };
  const linkLocalTarget: PolicyContext = {
    targetScope: 'link-local',
    targetAddresses: ['169.254.10.10'],
    allowPrivate: false,
  };

  it('public destinations are always allowed', () => {
    fc.assert(
      fc.property(anyV4, (ip) => classifyAddress(ip) !== 'public' || decideAddress(ip, publicTarget).allowed),
    );
  });

  it('a public target may not reach anything non-public', () => {
    fc.assert(
      fc.property(
        anyV4,
        (ip) => classifyAddress(ip) === 'public' || !decideAddress(ip, publicTarget).allowed,
      ),
    );
  });

  it('loopback and private targets may reach their own class only', () => {
    expect(decideAddress('127.0.0.2', loopbackTarget).allowed).toBe(true);
    expect(decideAddress('::1', loopbackTarget).allowed).toBe(true);
    expect(decideAddress('10.0.0.1', loopbackTarget).allowed).toBe(false);
    expect(decideAddress('192.168.1.1', privateTarget).allowed).toBe(true);
    expect(decideAddress('127.0.0.1', privateTarget).allowed).toBe(false);
    expect(decideAddress('169.254.169.254', privateTarget).allowed).toBe(false);
  });

  it('a link-local target reaches only its own address, never its neighbours', () => {
    expect(decideAddress('169.254.10.10', linkLocalTarget).allowed).toBe(true);
    expect(decideAddress('169.254.169.254', linkLocalTarget).allowed).toBe(false);
  });

  it('allowPrivate widens everything except unknown', () => {
    const wide = { ...publicTarget, allowPrivate: true };
    for (const ip of ['127.0.0.1', '10.0.0.1', '169.254.169.254', 'fe80::1']) {
      expect(decideAddress(ip, wide).allowed).toBe(true);
    }
    for (const ip of ['0.0.0.0', '224.0.0.1', '::', 'ff02::1'])
      expect(decideAddress(ip, wide).allowed).toBe(false);
  });

  it('every address must pass', () => {
    expect(decideAddresses(['203.0.113.1', '127.0.0.1'], publicTarget).allowed).toBe(false);
    expect(decideAddresses(['203.0.113.1', '198.51.100.7'], publicTarget).allowed).toBe(true);
    expect(decideAddresses([], publicTarget).allowed).toBe(false);
  });
});
