import { describe, expect, it } from 'vitest';
import { KeyedLimiter } from '../../../src/probe/http/limiter.js';

describe('KeyedLimiter', () => {
  it('grants slots FIFO per key and keeps keys independent', async () => {
    const limiter = new KeyedLimiter(1);
    const order: string[] = [];
    const first = await limiter.acquire('a');
    const waiters = ['a1', 'a2', 'a3'].map((name) =>
      limiter.acquire('a').then((release) => {
        order.push(name);
        release?.();
      }),
    );
    const other = await limiter.acquire('b'); // not blocked by key a
    other?.();
    expect(order).toEqual([]);
    first?.();
    first?.(); // double release is harmless
    await Promise.all(waiters);
    expect(order).toEqual(['a1', 'a2', 'a3']);
    const again = await limiter.acquire('a');
    expect(again).not.toBeNull();
    again?.();
  });

  it('priority waiters go ahead of ordinary ones, FIFO among themselves', async () => {
    const limiter = new KeyedLimiter(1);
    const order: string[] = [];
    const holder = await limiter.acquire('a');
    const wait = (name: string, priority: boolean) =>
      limiter.acquire('a', undefined, priority).then((release) => {
        order.push(name);
        release?.();
      });
    const all = [wait('o1', false), wait('o2', false), wait('p1', true), wait('o3', false), wait('p2', true)];
    holder?.();
    await Promise.all(all);
    expect(order).toEqual(['p1', 'p2', 'o1', 'o2', 'o3']);
  });

  it('an aborted waiter leaves the queue without taking a slot', async () => {
    const limiter = new KeyedLimiter(1);
    const holder = await limiter.acquire('a');
    const ac = new AbortController();
    const aborted = limiter.acquire('a', ac.signal);
    const next = limiter.acquire('a');
    ac.abort();
    await expect(aborted).resolves.toBeNull();
    holder?.();
    const release = await next;
    expect(release).not.toBeNull();
    release?.();
    await expect(limiter.acquire('a', AbortSignal.abort())).resolves.toBeNull();
  });

  it('tryAcquire takes a free slot now and never one a waiter is owed', async () => {
    const limiter = new KeyedLimiter(1);
    const first = limiter.tryAcquire('a');
    expect(first).not.toBeNull();
    expect(limiter.tryAcquire('a')).toBeNull(); // full: nothing queued either
    const order: string[] = [];
    const waiter = limiter.acquire('a').then((release) => {
      order.push('waiter');
      release?.();
    });
    first?.(); // handed to the waiter, not freed
    expect(limiter.tryAcquire('a')).toBeNull();
    await waiter;
    expect(order).toEqual(['waiter']);
    const again = limiter.tryAcquire('a');
    expect(again).not.toBeNull();
    again?.();
    again?.(); // double release is harmless
    expect(limiter.tryAcquire('a')).not.toBeNull();
  });
});
