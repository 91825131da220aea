/**
 * The deterministic exchange order (src/probe/exchange-order.ts): whatever order concurrent
 * probes issued their requests in, the canonical evidence is the same, every reference still
 * points at the exchange it named, and no credential or over-deep structure survives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { Evidence, HttpExchange } from '../../../src/evidence/types.js';
import { canonicalizeEvidence, naturalCompare } from '../../../src/probe/exchange-order.js';
import { createRedactor } from '../../../src/probe/http/redact.js';

const PLAN = [
  'p.discover',
  'p.init(2025-11-25)',
  'p.list(tools/list)',
  'p.prm',
  'p.as(0)',
  'p.delete.cleanup',
];

interface Spec {
  readonly probe: string;
  readonly method: string;
  readonly url: string;
  readonly body: string | null;
  readonly purpose: string;
}

const spec: fc.Arbitrary<Spec> = fc.record({
  probe: fc.oneof(fc.constantFrom(...PLAN), fc.constantFrom('s.unplanned', 'z.other')),
  method: fc.constantFrom('GET', 'POST', 'DELETE'),
  url: fc.constantFrom('http://h/mcp', 'http://h/.well-known/x', 'http://h/loop/2', 'http://h/loop/10'),
  body: fc.option(fc.constantFrom('{"id":10001}', '{"id":10002}', '{"id":10010}', '{'), { nil: null }),
  purpose: fc.constantFrom('tools/list', 'tools/list page 2', 'tools/list page 10', 'cleanup A', 'cleanup B'),
});

/** Distinct requests (as the sort key sees them), in an arbitrary issue order. */
const specs = fc.uniqueArray(spec, {
  minLength: 1,
  maxLength: 12,
  selector: (s) => `${s.probe}|${s.method}|${s.url}|${s.body}|${s.purpose}`,
});

function exchange(s: Spec, id: string): HttpExchange {
  return {
    id: id as HttpExchange['id'],
    probe: s.probe,
    purpose: s.purpose,
    request: { method: s.method, url: s.url, headers: {}, ...(s.body === null ? {} : { body: s.body }) },
    durationMs: 1,
  };
}

/**
 * A stand-in for evidence: the exchanges, plus references to them in the places real
 * evidence keeps them (`exchange`, `exchanges`) and inside free text.
 */
function evidenceFor(order: readonly Spec[], offset: number, refs: readonly number[]): Evidence {
  const key = (s: Spec): string => `${s.probe}|${s.method}|${s.url}|${s.body}|${s.purpose}`;
  const ids = new Map(order.map((s, i) => [key(s), `x${offset + i + 1}`]));
  const idOf = (s: Spec): string => ids.get(key(s))!;
  // References are made in an order that does not depend on the issue order.
  const byKey = [...order].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    exchanges: order.map((s) => exchange(s, idOf(s))),
    detection: {
      refs: refs.map((r) => ({ exchange: idOf(byKey[r % byKey.length]!) })),
      probe: { kind: 'ok', exchanges: byKey.map(idOf) },
      note: `see ${idOf(byKey[0]!)} and ${idOf(byKey[byKey.length - 1]!)}`,
    },
  } as unknown as Evidence;
}

const identity = (s: string): string => s;

/** Offsets as provisionalIdOffset draws them: provisional ids have 14 or 15 digits. */
const provisional = fc.integer({ min: 1e11, max: 1e13 - 1 }).map((n) => n * 100);

describe('canonical exchange order', () => {
  it('naturalCompare is a total order that compares digit runs as numbers', () => {
    const str = fc.string({ unit: fc.constantFrom('a', 'b', '0', '1', '2', '9', ' ', '.') });
    fc.assert(
      fc.property(str, str, str, (a, b, c) => {
        expect(naturalCompare(a, a)).toBe(0);
        expect(Math.sign(naturalCompare(a, b)) + 0).toBe(-Math.sign(naturalCompare(b, a)) + 0);
        const [x, y, z] = [a, b, c].sort(naturalCompare);
        expect(naturalCompare(x!, z!)).toBeLessThanOrEqual(0);
        expect(naturalCompare(x!, y!)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        (m, n) => {
          const want = m < n ? -1 : m > n ? 1 : 0;
          expect(Math.sign(naturalCompare(`page ${m}`, `page ${n}`))).toBe(want);
        },
      ),
    );
  });

  it('naturalCompare walks in place what splitting into digit runs would compare', () => {
    // The splitting comparison naturalCompare replaced, kept as the oracle.
    const split = (a: string, b: string): number => {
      if (a === b) return 0;
      const ra = a.match(/(\d+)|(\D+)/g) ?? [];
      const rb = b.match(/(\d+)|(\D+)/g) ?? [];
      for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
        const x = ra[i]!;
        const y = rb[i]!;
        if (x === y) continue;
        if (/^\d/.test(x) && /^\d/.test(y)) {
          const nx = x.replace(/^0+(?=\d)/, '');
          const ny = y.replace(/^0+(?=\d)/, '');
          if (nx.length !== ny.length) return nx.length - ny.length;
          if (nx !== ny) return nx < ny ? -1 : 1;
          return x.length - y.length;
        }
        return x < y ? -1 : 1;
      }
      return ra.length - rb.length;
    };
    const str = fc.string({ unit: fc.constantFrom('a', 'b', '0', '0', '1', '9', '/', '\ud800', 'é') });
    fc.assert(
      fc.property(str, str, (a, b) => {
        expect(naturalCompare(a, b)).toBe(split(a, b));
        expect(naturalCompare(`${a}7${b}`, `${a}07${a}`)).toBe(split(`${a}7${b}`, `${a}07${a}`));
      }),
      { numRuns: 3000 },
    );
  });

  it('is independent of issue order and of the provisional numbering', () => {
    fc.assert(
      fc.property(
        specs.chain((s) => fc.tuple(fc.constant(s), fc.shuffledSubarray(s, { minLength: s.length }))),
        provisional,
        provisional,
        fc.array(fc.nat(), { maxLength: 5 }),
        ([a, b], offA, offB, refs) => {
          const one = canonicalizeEvidence(evidenceFor(a, offA, refs), {
            planOrder: PLAN,
            redact: identity,
          });
          const two = canonicalizeEvidence(evidenceFor(b, offB, refs), {
            planOrder: PLAN,
            redact: identity,
          });
          expect(JSON.stringify(two)).toBe(JSON.stringify(one));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps every reference pointing at the exchange it named, numbers x1..xN, plan order first', () => {
    fc.assert(
      fc.property(
        specs,
        fc.integer({ min: 1e11, max: 1e13 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (order, off, refs) => {
          const before = evidenceFor(order, off, refs);
          const after = canonicalizeEvidence(before, { planOrder: PLAN, redact: identity });
          const content = (ev: Evidence, id: string): string => {
            const x = ev.exchanges.find((e) => e.id === id)!;
            return JSON.stringify({ ...x, id: null });
          };
          const refsOf = (ev: Evidence): string[] =>
            (ev.detection as unknown as { refs: { exchange: string }[] }).refs.map((r) => r.exchange);
          expect(refsOf(after).map((id) => content(after, id))).toEqual(
            refsOf(before).map((id) => content(before, id)),
          );
          expect(after.exchanges.map((x) => x.id)).toEqual(after.exchanges.map((_, i) => `x${i + 1}`));
          const ranks = after.exchanges.map((x) =>
            PLAN.includes(x.probe) ? PLAN.indexOf(x.probe) : PLAN.length,
          );
          expect([...ranks].sort((p, q) => p - q)).toEqual(ranks);
          // Free text is renumbered too.
          const note = (after.detection as unknown as { note: string }).note;
          expect(note).toMatch(/^see x\d+ and x\d+$/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('redacts the credentials from every string outside the exchanges', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
    fc.assert(
      fc.property(token, fc.string(), (t, text) => {
        const ev = {
          exchanges: [],
          legacy: { sessionId: t, samples: [{ value: `${text}${t}` }] },
          inventory: {
            tools: [{ name: `tool ${t}`, nested: { deeper: [t, { x: encodeURIComponent(t) }] } }],
          },
        } as unknown as Evidence;
        const out = canonicalizeEvidence(ev, {
          planOrder: PLAN,
          redact: createRedactor({ headers: { authorization: `Bearer ${t}` } }).text,
        });
        expect(JSON.stringify(out).includes(t)).toBe(false);
      }),
    );
  });

  it('cuts structures too deep to serialize, and leaves ordinary ones as they were', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const ev = { exchanges: [], shallow: { a: [1, { b: 'c' }] }, deep } as unknown as Evidence;
    const out = canonicalizeEvidence(ev, { planOrder: PLAN, redact: identity });
    expect(() => JSON.stringify(out)).not.toThrow();
    expect((out as unknown as { shallow: unknown }).shallow).toBe(
      (ev as unknown as { shallow: unknown }).shallow,
    );
  });
});

describe('canonical exchange order: ties between concurrent probes', () => {
  /**
   * Three Origin probes each open a session (the server names it at random), and one cleanup
   * DELETE per session follows: the DELETEs are equal in probe, method, URL, body and purpose,
   * and are issued in whatever order the sessions happened to open.
   */
  function scanLike(sessions: readonly string[], deleteOrder: readonly number[], offset: number): Evidence {
    const origins = ['s.origin.foreign', 's.origin.null', 's.origin.same'];
    const opens: HttpExchange[] = origins.map((probe, i) => ({
      id: `x${offset + i + 1}`,
      probe,
      purpose: `initialize with ${probe}`,
      request: { method: 'POST', url: 'http://h/mcp', headers: { origin: probe }, body: '{"id":1}' },
      response: {
        status: 200,
        headers: { 'mcp-session-id': [sessions[i]!] },
        body: '{}',
        bodyBytes: 2,
        truncated: false,
      },
      durationMs: 1,
    }));
    const deletes: HttpExchange[] = deleteOrder.map((s, k) => ({
      id: `x${offset + 10 + k}`,
      probe: 'p.delete.cleanup',
      purpose: 'DELETE a session opened by an Origin probe',
      request: { method: 'DELETE', url: 'http://h/mcp', headers: { 'mcp-session-id': sessions[s]! } },
      response: { status: 200, headers: {}, body: '', bodyBytes: 0, truncated: false },
      durationMs: 1,
    }));
    return { exchanges: [...opens, ...deletes] } as unknown as Evidence;
  }

  /** Each DELETE as the opener of the session it ends (the origin probe's name). */
  function deletedBy(ev: Evidence): string[] {
    const opener = new Map(
      ev.exchanges.flatMap((x) => (x.response?.headers['mcp-session-id'] ?? []).map((v) => [v, x.probe])),
    );
    return ev.exchanges
      .filter((x) => x.probe === 'p.delete.cleanup')
      .map((x) => opener.get(x.request.headers['mcp-session-id'] ?? '') ?? '?');
  }

  it('orders byte-identical cleanup requests by the exchange that opened their session', () => {
    const session = fc.uuid();
    fc.assert(
      fc.property(
        fc.uniqueArray(session, { minLength: 3, maxLength: 3 }),
        fc.shuffledSubarray([0, 1, 2], { minLength: 3 }),
        fc.shuffledSubarray([0, 1, 2], { minLength: 3 }),
        provisional,
        (sessions, orderA, orderB, offset) => {
          const plan = {
            planOrder: ['s.origin.foreign', 's.origin.null', 's.origin.same', 'p.delete.cleanup'],
            redact: identity,
          };
          const one = canonicalizeEvidence(scanLike(sessions, orderA, offset), plan);
          const two = canonicalizeEvidence(scanLike(sessions, orderB, offset), plan);
          // Whatever order the DELETEs were issued in, they come out in their openers' order.
          expect(deletedBy(one)).toEqual(['s.origin.foreign', 's.origin.null', 's.origin.same']);
          expect(JSON.stringify(two)).toBe(JSON.stringify(one));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the issue order of identical attempts of one probe (a retry)', () => {
    const retry = (n: number): HttpExchange => ({
      id: `x${100_000_000_000_00 + n}`,
      probe: 's.session.reuse',
      purpose: 'reuse the terminated session',
      request: { method: 'POST', url: 'http://h/mcp', headers: { 'mcp-session-id': 'same' }, body: '{}' },
      response: { status: n === 1 ? 200 : 404, headers: {}, body: '', bodyBytes: 0, truncated: false },
      durationMs: 1,
    });
    const ev = { exchanges: [retry(1), retry(2)] } as unknown as Evidence;
    const out = canonicalizeEvidence(ev, { planOrder: ['s.session.reuse'], redact: identity });
    expect(out.exchanges.map((x) => x.response?.status)).toEqual([200, 404]);
  });
});
